import { endpoints } from '@kontor/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf } from '../platform/auth.ts';
import type { DepotService } from './service.ts';
import { route } from '../platform/endpoint-route.ts';

export const depotRoutes: FastifyPluginAsyncZod<{ service: DepotService }> = async (app, { service }) => {
  route(app, endpoints.depot.positions, async (req) => service.depot(customerOf(req).sub));
};
