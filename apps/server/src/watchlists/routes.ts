import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isinSchema } from '@kontor/domain/instrument';
import { addWatchlistItemSchema, createWatchlistSchema, renameWatchlistSchema, watchlistSchema } from '@kontor/domain/watchlists';
import { customerOf } from '../platform/auth.ts';
import type { WatchlistService } from './service.ts';

const idParams = z.object({ id: z.uuid('Unbekannte Watchlist') });
const tags = ['watchlists'];

export const watchlistRoutes: FastifyPluginAsyncZod<{ service: WatchlistService }> = async (app, { service }) => {
  app.get('/api/wl', { schema: { tags, summary: 'The customer’s watchlists with their instruments', response: { 200: z.array(watchlistSchema) } } }, async (req) =>
    service.list(customerOf(req).sub),
  );
  app.post('/api/wl', { schema: { tags, summary: 'Create a watchlist', body: createWatchlistSchema, response: { 201: watchlistSchema } } }, async (req, reply) =>
    reply.code(201).send(await service.create(customerOf(req).sub, req.body.name)),
  );
  app.patch('/api/wl/:id', { schema: { tags, summary: 'Rename a watchlist', params: idParams, body: renameWatchlistSchema, response: { 200: watchlistSchema } } }, async (req) =>
    service.rename(customerOf(req).sub, req.params.id, req.body.name),
  );
  app.delete('/api/wl/:id', { schema: { tags, summary: 'Delete a watchlist', params: idParams } }, async (req, reply) => {
    await service.remove(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/api/wl/:id/items',
    { schema: { tags, summary: 'Add an instrument (adding it twice changes nothing)', params: idParams, body: addWatchlistItemSchema, response: { 200: watchlistSchema } } },
    async (req) => service.addItem(customerOf(req).sub, req.params.id, req.body.isin),
  );
  app.delete(
    '/api/wl/:id/items/:isin',
    { schema: { tags, summary: 'Remove an instrument', params: idParams.extend({ isin: isinSchema }), response: { 200: watchlistSchema } } },
    async (req) => service.removeItem(customerOf(req).sub, req.params.id, req.params.isin),
  );
};
