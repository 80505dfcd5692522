import { z } from 'zod';
import { CHART_RANGES } from './enums';
import { decimalStringSchema } from './money';
import { isinSchema } from './instrument';
import type { Quote } from './quote-rules';

export * from './quote-rules';

/** A market maker's quote for an instrument (spec §3): ask and bid as decimal strings. */
export const quoteSchema = z.object({
  /** Identifies this quote; an order that refers to a quote sends its id. */
  id: z.string().min(1),
  isin: isinSchema,
  /** Price the customer buys at. */
  ask: decimalStringSchema,
  /** Price the customer sells at. */
  bid: decimalStringSchema,
  /** When the quote was made, ISO 8601. */
  ts: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<Quote>;

/** The close of the previous trading day, which the day's change refers to. */
export const previousCloseSchema = z.object({ isin: z.string(), previousClose: decimalStringSchema });
export type PreviousClose = z.infer<typeof previousCloseSchema>;

/** One bar of the price history; prices are decimal strings, `t` its start (ISO 8601). */
export const historyBarSchema = z.object({ t: z.string(), o: z.string(), h: z.string(), l: z.string(), c: z.string() });
export type HistoryBar = z.infer<typeof historyBarSchema>;
/** The price history of a chart range, ending at the current quote. */
export const priceHistorySchema = z.object({ isin: z.string(), range: z.enum(CHART_RANGES), resolution: z.string(), bars: z.array(historyBarSchema) });
export type PriceHistory = z.infer<typeof priceHistorySchema>;
