import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { WatchlistService } from './service.ts';

const e = endpoints.watchlists;

export const watchlistRoutes: FastifyPluginAsyncZod<{ service: WatchlistService }> = async (app, { service }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub));
  route(app, e.create, async (req) => service.create(customerOf(req).sub, req.body.name));
  route(app, e.rename, async (req) => service.rename(customerOf(req).sub, req.params.id, req.body.name));
  route(app, e.remove, async (req) => service.remove(customerOf(req).sub, req.params.id));
  route(app, e.addItem, async (req) => service.addItem(customerOf(req).sub, req.params.id, req.body.isin));
  route(app, e.removeItem, async (req) => service.removeItem(customerOf(req).sub, req.params.id, req.params.isin));
};
