import { z } from 'zod';
import { decimalStringSchema } from './money';

/** Spec §3/§9: the dividend list shows at most this many years. */
export const MAX_DIVIDEND_YEARS = 6;

export const dividendEntrySchema = z.object({
  /** Dividend yield in percent, e.g. "2.15" for 2,15 %. */
  yieldPercent: decimalStringSchema,
  /** Dividend per share in the instrument's currency, e.g. "2.20". */
  yieldAbsolute: decimalStringSchema,
  year: z.number().int().min(1900).max(9999),
  /** Currency symbol or code of yieldAbsolute, e.g. "€" or "USD". */
  symbol: z.string(),
});
export type DividendEntry = z.infer<typeof dividendEntrySchema>;

export const dividendHistorySchema = z.object({
  headline: z.string(),
  entries: z.array(dividendEntrySchema),
});
export type DividendHistory = z.infer<typeof dividendHistorySchema>;

const berlinYear = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', year: 'numeric' });

/**
 * The dividend history as the customer sees it (spec §3): the headline unchanged; entries of years
 * after the current one dropped; newest year first (entries of the same year keep their order);
 * at most MAX_DIVIDEND_YEARS entries. "The current year" is the calendar year in Germany
 * (Europe/Berlin), so the new year's dividends appear at midnight German time.
 */
export function exposedDividends(history: DividendHistory, today: Date): DividendHistory {
  const currentYear = Number(berlinYear.format(today));
  const entries = history.entries
    .filter((entry) => entry.year <= currentYear)
    .sort((a, b) => b.year - a.year)
    .slice(0, MAX_DIVIDEND_YEARS);
  return { headline: history.headline, entries };
}
