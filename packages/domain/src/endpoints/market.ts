import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { CHART_RANGES } from '../enums';
import { isinSchema } from '../instrument';
import { priceHistorySchema } from '../quote';

const tags = ['market'];

/** Price history of an instrument (the chart). */
export const marketEndpoints = {
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
