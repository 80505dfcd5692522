import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isinSchema } from '@kontor/domain/instrument';
import { quoteSchema } from '@kontor/domain/quote';
import { notFound } from '../platform/errors.ts';
import type { Quote } from '@kontor/domain/quote';

export interface MovableMarket {
  move(isin: string, percent: string): Quote | undefined;
}

/**
 * Development only: move a simulated price at once, so that an alert, a limit or a stop can be
 * watched firing without waiting for the random walk (and on a Sunday morning).
 */
export const marketDevRoutes: FastifyPluginAsyncZod<{ market: MovableMarket }> = async (app, { market }) => {
  app.post(
    '/dev/market/move',
    {
      schema: {
        hide: true,
        body: z.object({
          isin: isinSchema,
          /** Relative move of the mid in percent, e.g. "5" or "-2.5". */
          percent: z.string().regex(/^-?\d{1,3}(\.\d{1,4})?$/, 'Ungültige Prozentangabe').refine((p) => Number(p) > -90 && Number(p) <= 500, 'Zwischen -90 und 500 Prozent'),
        }),
        response: { 200: quoteSchema },
      },
    },
    async (req) => {
      const quote = market.move(req.body.isin, req.body.percent);
      if (!quote) throw notFound('Für dieses Wertpapier gibt es keine Kurse.');
      return quote;
    },
  );
};
