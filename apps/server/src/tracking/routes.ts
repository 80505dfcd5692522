import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { route } from '../platform/endpoint-route.ts';
import type { TrackingService } from './service.ts';

export const trackingRoutes: FastifyPluginAsyncZod<{ service: TrackingService }> = async (app, { service }) => {
  route(app, endpoints.system.tracking, async (req) => service.record(req.body), { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } });
};
