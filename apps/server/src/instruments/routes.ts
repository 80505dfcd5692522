import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instrumentListRequestSchema, instrumentSchema, isinSchema } from '@kontor/domain/instrument';
import { instrumentCountsSchema, instrumentSearchQuerySchema, instrumentSearchResponseSchema } from '@kontor/domain/instrument-search';
import { notFound } from '../platform/errors.ts';
import type { InstrumentService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instrument universe and its search; the market simulator reads reference prices from it. */
    instruments: InstrumentService;
  }
}

export const instrumentMessages = {
  notFound: 'Das Wertpapier wurde nicht gefunden.',
} as const;

/** Instrument calls of spec §7. */
export const instrumentRoutes: FastifyPluginAsyncZod<{ service: InstrumentService }> = async (app, { service }) => {
  app.get(
    '/api/instrumentsearch',
    {
      schema: {
        tags: ['instruments'],
        summary: 'Search instruments by name, ISIN or WKN (prefixes while typing), with type and feature filters',
        querystring: instrumentSearchQuerySchema,
        response: { 200: instrumentSearchResponseSchema },
      },
    },
    async (req) => service.search(req.query),
  );

  app.get(
    '/assets/searchdata/instrument-counts.json',
    {
      schema: {
        tags: ['instruments'],
        summary: 'Number of instruments per type (all, and those a customer can buy)',
        response: { 200: instrumentCountsSchema },
      },
      config: { public: true },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.counts();
    },
  );

  // Without an ISIN the answer is an empty object (spec §7).
  for (const url of ['/api/instrument', '/api/instrument/']) {
    app.get(
      url,
      { schema: { tags: ['instruments'], summary: 'No ISIN given: an empty object', response: { 200: z.object({}).strict() } } },
      async () => ({}),
    );
  }

  app.get(
    '/api/instrument/:isin',
    {
      schema: {
        tags: ['instruments'],
        summary: 'One instrument by ISIN',
        params: z.object({ isin: isinSchema }),
        response: { 200: instrumentSchema },
      },
    },
    async (req) => {
      const instrument = await service.get(req.params.isin);
      if (!instrument) throw notFound(instrumentMessages.notFound);
      return instrument;
    },
  );

  app.post(
    '/api/instrument',
    {
      schema: {
        tags: ['instruments'],
        summary: 'Instruments for a list of ISINs (unknown ones are left out)',
        body: instrumentListRequestSchema,
        response: { 200: z.array(instrumentSchema) },
      },
    },
    async (req) => service.getMany(req.body),
  );
};
