import { endpoints } from '@kontor/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf } from '../platform/auth.ts';
import type { StatsService } from './service.ts';
import { route } from '../platform/endpoint-route.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  route(app, endpoints.user.stats, async (req) => service.ofThisYear(customerOf(req).sub));
};
