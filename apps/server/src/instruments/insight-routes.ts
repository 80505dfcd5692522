import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dividendHistorySchema, exposedDividends } from '@kontor/domain/dividends';
import { isinSchema } from '@kontor/domain/instrument';
import { newsResponseSchema } from '@kontor/domain/news';
import type { Clock } from '../platform/clock.ts';
import { notFound } from '../platform/errors.ts';
import { DOCUMENT_TITLES, type DocumentFile, instrumentDocument } from './documents.ts';
import { dividendHistory, newsFor } from './insights.ts';
import type { InstrumentService } from './service.ts';

const UNKNOWN = 'Dieses Wertpapier ist nicht bekannt.';

export const insightRoutes: FastifyPluginAsyncZod<{ service: InstrumentService; clock: Clock }> = async (app, { service, clock }) => {
  app.get(
    '/api/instrument/:isin/dividends',
    {
      schema: {
        tags: ['instruments'],
        summary: 'Dividend history: headline and at most six past years, newest first',
        params: z.object({ isin: isinSchema }),
        response: { 200: dividendHistorySchema },
      },
    },
    async (req) => {
      const instrument = await service.get(req.params.isin);
      const price = await service.referencePrice(req.params.isin);
      if (!instrument || !price) throw notFound(UNKNOWN);
      return exposedDividends(dividendHistory(instrument, price, clock.now()), clock.now());
    },
  );

  app.get(
    '/api/instrument/:isin/documents/:file',
    {
      schema: {
        tags: ['instruments'],
        summary: 'An instrument document as PDF (Basisinformationsblatt, Verkaufsprospekt, Berichte)',
        params: z.object({ isin: isinSchema, file: z.enum(Object.keys(DOCUMENT_TITLES) as [DocumentFile, ...DocumentFile[]]) }),
      },
    },
    async (req, reply) => {
      const instrument = await service.get(req.params.isin);
      if (!instrument) throw notFound(UNKNOWN);
      const pdf = await instrumentDocument(instrument, req.params.file, clock.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${DOCUMENT_TITLES[req.params.file]}-${instrument.isin}.pdf"`)
        .header('cache-control', 'private, max-age=3600')
        .send(pdf);
    },
  );

  app.get(
    '/api/instrument-cache/news',
    {
      schema: {
        tags: ['instruments'],
        summary: 'News about an instrument, newest first',
        querystring: z.object({ isin: isinSchema, size: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: newsResponseSchema },
      },
    },
    async (req) => {
      const instrument = await service.get(req.query.isin);
      if (!instrument) throw notFound(UNKNOWN);
      return { items: newsFor(instrument, clock.now(), req.query.size) };
    },
  );
};
