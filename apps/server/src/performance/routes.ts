import { endpoints } from '@kontor/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf } from '../platform/auth.ts';
import type { PerformanceService } from './service.ts';
import { route } from '../platform/endpoint-route.ts';

export const performanceRoutes: FastifyPluginAsyncZod<{ service: PerformanceService }> = async (app, { service }) => {
  route(app, endpoints.performance.depot, async (req) => service.performance(customerOf(req).sub, req.query.range));
};
