import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { performanceQuerySchema, performanceSchema } from '@kontor/domain/performance-contracts';
import { customerOf } from '../platform/auth.ts';
import type { PerformanceService } from './service.ts';

export const performanceRoutes: FastifyPluginAsyncZod<{ service: PerformanceService }> = async (app, { service }) => {
  app.get(
    '/api/depot/performance',
    {
      schema: {
        tags: ['trading'],
        summary: 'Performance of the depot and its positions (TTWROR, IRR) and its value history over a range',
        querystring: performanceQuerySchema,
        response: { 200: performanceSchema },
      },
    },
    async (req) => service.performance(customerOf(req).sub, req.query.range),
  );
};
