import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { CHART_RANGES } from '../enums';
import { isinSchema } from '../instrument';
import { previousCloseSchema, priceHistorySchema } from '../quote';

const tags = ['market'];

/** A comma-separated list of ISINs (each once, at most 200). */
export const isinListSchema = z
  .string()
  .max(13 * 200)
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(isinSchema).min(1).max(200));

/** Price history of an instrument (the chart), and the previous closes behind the day's change. */
export const marketEndpoints = {
  previousCloses: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/previous-close',
    tags,
    summary: "The previous trading day's close of a list of ISINs, for the day's change (unknown ones are left out)",
    query: z.object({ isins: isinListSchema }),
    status: 200,
    response: z.array(previousCloseSchema),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/{isin}/history',
    tags,
    summary: 'Price history (OHLC bars) for a chart range, ending at the current quote',
    params: z.object({ isin: isinSchema }),
    query: z.object({
      range: z.enum(CHART_RANGES),
      /** For CSI ("Seit Kauf"): the day of the first purchase. */
      since: z.iso.date().optional(),
    }),
    status: 200,
    response: priceHistorySchema,
  }),
};
