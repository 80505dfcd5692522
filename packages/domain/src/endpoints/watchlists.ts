import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isinSchema } from '../instrument';
import { addWatchlistItemSchema, createWatchlistSchema, renameWatchlistSchema, watchlistSchema } from '../watchlists';

const tags = ['watchlists'];
const idParams = z.object({ id: z.uuid('Unbekannte Watchlist') });

/** The customer's watchlists (spec: Watchlisten). */
export const watchlistEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/wl', tags, summary: 'The customer’s watchlists with their instruments', status: 200, response: z.array(watchlistSchema) }),
  create: defineEndpoint({ method: 'POST', path: '/api/wl', tags, summary: 'Create a watchlist', body: createWatchlistSchema, status: 201, response: watchlistSchema }),
  rename: defineEndpoint({ method: 'PATCH', path: '/api/wl/{id}', tags, summary: 'Rename a watchlist', params: idParams, body: renameWatchlistSchema, status: 200, response: watchlistSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/wl/{id}', tags, summary: 'Delete a watchlist', params: idParams, status: 204 }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/wl/{id}/items',
    tags,
    summary: 'Add an instrument (adding it twice changes nothing)',
    params: idParams,
    body: addWatchlistItemSchema,
    status: 200,
    response: watchlistSchema,
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/wl/{id}/items/{isin}',
    tags,
    summary: 'Remove an instrument',
    params: idParams.extend({ isin: isinSchema }),
    status: 200,
    response: watchlistSchema,
  }),
};
