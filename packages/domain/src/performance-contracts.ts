import { z } from 'zod';
import { decimalStringSchema } from './money';
import { PERFORMANCE_RANGES } from './performance';

/**
 * GET /api/depot/performance?range=1M|6M|1J|YTD|MAX (issue 19): the depot's value history with
 * invested capital, and TTWROR and IRR of the depot and of each position over the range. Amounts
 * in EUR, ratios as decimal strings ("0.0523" = 5,23 %), a ratio null when it cannot be computed
 * (nothing held in the range).
 */
export const performanceRangeSchema = z.enum(PERFORMANCE_RANGES);

export const performanceQuerySchema = z.object({ range: performanceRangeSchema.default('1J') });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ratio = decimalStringSchema.nullable();

export const performanceSchema = z.object({
  range: performanceRangeSchema,
  /** The base day: the range starts from its closing value. */
  from: isoDate,
  /** The last day (today, valued at the current prices). */
  to: isoDate,
  depot: z.object({
    ttwror: ratio,
    ttwrorAnnualised: ratio,
    irr: ratio,
    /** Cash plus the market value of the positions, today. */
    value: decimalStringSchema,
    /** Deposits minus payouts, all time. */
    invested: decimalStringSchema,
  }),
  positions: z.array(z.object({ isin: z.string(), name: z.string(), ttwror: ratio, irr: ratio })),
  series: z.array(z.object({ date: isoDate, value: decimalStringSchema, invested: decimalStringSchema })),
});
export type Performance = z.infer<typeof performanceSchema>;
