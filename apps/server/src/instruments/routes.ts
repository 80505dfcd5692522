import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@kontor/domain/endpoints';
import { route } from '../platform/endpoint-route.ts';
import { notFound } from '../platform/errors.ts';
import type { InstrumentService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instrument universe and its search; the market simulator reads reference prices from it. */
    instruments: InstrumentService;
  }
}

const e = endpoints.instruments;

export const instrumentMessages = {
  notFound: 'Das Wertpapier wurde nicht gefunden.',
} as const;

/** Instrument calls of spec §7. */
export const instrumentRoutes: FastifyPluginAsyncZod<{ service: InstrumentService }> = async (app, { service }) => {
  route(app, e.search, async (req) => service.search(req.query));
  route(
    app,
    e.counts,
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.counts();
    },
    { config: { public: true } },
  );

  // Without an ISIN the answer is an empty object (spec §7).
  for (const url of ['/api/instrument', '/api/instrument/']) {
    app.get(
      url,
      { schema: { tags: ['instruments'], summary: 'No ISIN given: an empty object', response: { 200: z.object({}).strict() } } },
      async () => ({}),
    );
  }

  route(app, e.get, async (req) => {
    const instrument = await service.get(req.params.isin);
    if (!instrument) throw notFound(instrumentMessages.notFound);
    return instrument;
  });
  route(app, e.list, async (req) => service.getMany(req.body));
};
