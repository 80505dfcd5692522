import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trackingPayloadSchema } from '@kontor/domain/tracking';
import type { TrackingService } from './service.ts';

export const trackingRoutes: FastifyPluginAsyncZod<{ service: TrackingService }> = async (app, { service }) => {
  app.post(
    '/api/user/tracking',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Record a campaign landing (fz* parameters)',
        body: trackingPayloadSchema,
        response: { 204: z.null().describe('Recorded') },
      },
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await service.record(req.body);
      return reply.code(204).send(null);
    },
  );
};
