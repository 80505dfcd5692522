import { z } from 'zod';
import { decimalStringSchema } from './money';

/**
 * GET /api/stats: the customer's own figures for the current calendar year (the simulated clock's,
 * Berlin time). Amounts in euros.
 */
export const customerStatsSchema = z.object({
  year: z.number().int(),
  /** Executions of the customer's own orders (savings-plan executions are counted apart). */
  trades: z.number().int().min(0),
  /** Their Kurswert, buys and sells alike. */
  tradedVolume: decimalStringSchema,
  /** Order fees of trades and savings-plan executions. */
  feesPaid: decimalStringSchema,
  savingsPlanExecutions: z.number().int().min(0),
  /** Dividends credited to the cash account, after tax withheld. */
  dividendsReceived: decimalStringSchema,
  /** Capital gains tax, solidarity surcharge and church tax withheld this year so far. */
  taxPaid: decimalStringSchema,
});
export type CustomerStats = z.infer<typeof customerStatsSchema>;
