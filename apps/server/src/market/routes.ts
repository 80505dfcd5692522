import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@kontor/domain/endpoints';
import { isinListSchema } from '@kontor/domain/endpoints/market';
import { quoteSchema } from '@kontor/domain/quote';
import { route } from '../platform/endpoint-route.ts';
import { notFound } from '../platform/errors.ts';
import type { QuoteSource } from './feed.ts';
import { QuoteStreams } from './quote-streams.ts';

export const marketRoutes: FastifyPluginAsyncZod<{ quotes: QuoteSource }> = async (app, { quotes }) => {
  const streams = new QuoteStreams(quotes);
  // Before the server waits for its connections to end: an event stream never ends by itself.
  app.addHook('preClose', () => streams.end());
  app.addHook('onClose', () => streams.close());

  app.get(
    '/api/quotes',
    {
      schema: {
        tags: ['market'],
        summary: 'Current quotes of a list of ISINs (unknown ones are left out)',
        querystring: z.object({ isins: isinListSchema }),
        response: { 200: z.array(quoteSchema) },
      },
    },
    async (req) => req.query.isins.map((isin) => quotes.current(isin)).filter((q) => q !== undefined),
  );

  route(app, endpoints.market.previousCloses, async (req) =>
    req.query.isins.flatMap((isin) => {
      const previousClose = quotes.previousClose(isin);
      return previousClose === undefined ? [] : [{ isin, previousClose }];
    }),
  );

  route(app, endpoints.market.history, async (req) => {
    const since = req.query.since ? new Date(`${req.query.since}T00:00:00Z`) : undefined;
    const history = quotes.history(req.params.isin, req.query.range, since);
    if (!history) throw notFound('Für dieses Wertpapier gibt es keine Kurse.');
    return history;
  });

  app.get(
    '/api/quotes/stream',
    {
      schema: {
        tags: ['market'],
        summary: 'Live quotes as Server-Sent Events: each message is a JSON array of quotes',
        querystring: z.object({ isins: isinListSchema }),
      },
    },
    async (req, reply) => {
      const isins = req.query.isins;
      // The stream is written straight to the socket: an event stream ends with its connection, so
      // it needs no chunked encoding, and with thousands of subscribers every write counts.
      reply.hijack();
      const socket = req.raw.socket;
      socket.setNoDelay(true);
      const initial = isins.map((i) => quotes.current(i)).filter((q) => q !== undefined);
      const opening =
        'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\ncache-control: no-store\r\nconnection: close\r\nx-accel-buffering: no\r\nx-content-type-options: nosniff\r\n\r\n' +
        `retry: 3000\ndata: ${JSON.stringify(initial)}\n\n`;
      streams.open(isins, socket, opening);
    },
  );
};
