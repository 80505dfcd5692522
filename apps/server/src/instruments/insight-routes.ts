import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exposedDividends } from '@kontor/domain/dividends';
import { endpoints } from '@kontor/domain/endpoints';
import { isinSchema } from '@kontor/domain/instrument';
import type { Clock } from '../platform/clock.ts';
import { route } from '../platform/endpoint-route.ts';
import { notFound } from '../platform/errors.ts';
import { DOCUMENT_TITLES, type DocumentFile, instrumentDocument } from './documents.ts';
import { dividendHistory, newsFor } from './insights.ts';
import type { InstrumentService } from './service.ts';

const e = endpoints.instruments;
const UNKNOWN = 'Dieses Wertpapier ist nicht bekannt.';

export const insightRoutes: FastifyPluginAsyncZod<{ service: InstrumentService; clock: Clock }> = async (app, { service, clock }) => {
  route(app, e.dividends, async (req) => {
    const instrument = await service.get(req.params.isin);
    const price = await service.referencePrice(req.params.isin);
    if (!instrument || !price) throw notFound(UNKNOWN);
    return exposedDividends(dividendHistory(instrument, price, clock.now()), clock.now());
  });

  // A PDF, not JSON: declared here, not in the catalogue.
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

  route(app, e.news, async (req) => {
    const instrument = await service.get(req.query.isin);
    if (!instrument) throw notFound(UNKNOWN);
    return { items: newsFor(instrument, clock.now(), req.query.size) };
  });
};
