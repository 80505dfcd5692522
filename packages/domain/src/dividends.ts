import { z } from 'zod';
import { berlinYear } from './dates';
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

/**
 * The dividend history as the customer sees it (spec §3): the headline unchanged; entries of years
 * after the current one dropped; newest year first (entries of the same year keep their order);
 * at most MAX_DIVIDEND_YEARS entries. "The current year" is the calendar year in Germany
 * (Europe/Berlin), so the new year's dividends appear at midnight German time.
 */
export function exposedDividends(history: DividendHistory, today: Date): DividendHistory {
  const currentYear = berlinYear(today);
  const entries = history.entries
    .filter((entry) => entry.year <= currentYear)
    .sort((a, b) => b.year - a.year)
    .slice(0, MAX_DIVIDEND_YEARS);
  return { headline: history.headline, entries };
}

/** What decides whether an instrument pays dividends: its type and its name. */
type DividendSubject = { instrumentType: string; name: string; isin: string };

/**
 * An accumulating (thesaurierend) fund reinvests its income: its name says so ("Acc",
 * "Accumulating", "thesaurierend", Xtrackers' "1C"). It pays no dividend and owes the
 * Vorabpauschale instead.
 */
export function accumulates(i: DividendSubject): boolean {
  if (i.instrumentType !== 'ETF' && i.instrumentType !== 'FONDS') return false;
  return /\bacc\b|accumulating|thesaur|\b1C\b/i.test(i.name);
}

/** Shares and distributing ETFs pay dividends (funds other than ETFs are not in the dividend data). */
export function paysDividends(i: DividendSubject): boolean {
  return i.instrumentType === 'AKTIE' || (i.instrumentType === 'ETF' && !accumulates(i));
}

/** FNV-1a: a stable number from a text, the same in the browser and on the server. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const toDate = (y: number, month: number, day: number) => `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The day an instrument pays its dividend in `year`: one day from April to June (the season of
 * annual general meetings), fixed by the ISIN, moved to the next banking day. `isBankingDay` is
 * passed in so that this module stays free of the holiday calendar.
 */
export function dividendPayDate(isin: string, year: number, isBankingDay: (date: string) => boolean): string {
  // 91 days from 1 April: 30 + 31 + 30.
  const offset = hashOf(`pay:${isin}`) % 91;
  const month = offset < 30 ? 4 : offset < 61 ? 5 : 6;
  const day = offset < 30 ? offset + 1 : offset < 61 ? offset - 29 : offset - 60;
  let date = toDate(year, month, day);
  while (!isBankingDay(date)) {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    date = d.toISOString().slice(0, 10);
  }
  return date;
}

/**
 * The ex-date of a dividend: two banking days before the pay date (the record date lies between).
 * Entitled are the pieces held at the close of the day before it: a piece bought on the ex-date
 * trades without the dividend, a piece sold on it still carries it.
 */
export function dividendExDate(payDate: string, isBankingDay: (date: string) => boolean): string {
  let date = payDate;
  for (let n = 0; n < 2; ) {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    date = d.toISOString().slice(0, 10);
    if (isBankingDay(date)) n++;
  }
  return date;
}
