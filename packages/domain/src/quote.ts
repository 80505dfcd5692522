import Decimal from 'decimal.js';
import { z } from 'zod';
import { CHART_RANGES } from './enums';
import { decimalStringSchema } from './money';
import { isinSchema } from './instrument';
import { toWireAmount, toWireDecimal } from './numbers';

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
});
export type Quote = z.infer<typeof quoteSchema>;

/** The close of the previous trading day, which the day's change refers to. */
export const previousCloseSchema = z.object({ isin: z.string(), previousClose: decimalStringSchema });
export type PreviousClose = z.infer<typeof previousCloseSchema>;

/** One bar of the price history; prices are decimal strings, `t` its start (ISO 8601). */
export const historyBarSchema = z.object({ t: z.string(), o: z.string(), h: z.string(), l: z.string(), c: z.string() });
export type HistoryBar = z.infer<typeof historyBarSchema>;
/** The price history of a chart range, ending at the current quote. */
export const priceHistorySchema = z.object({ isin: z.string(), range: z.enum(CHART_RANGES), resolution: z.string(), bars: z.array(historyBarSchema) });
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** The middle of bid and ask: what a chart, an alert and a stop compare with. */
export function midPrice(quote: Pick<Quote, 'bid' | 'ask'>): string {
  return toWireDecimal(new Decimal(quote.bid).plus(quote.ask).div(2));
}

/**
 * The day's change of a quote against the previous close: absolute in the quote currency (to the
 * tick's precision) and in percent with two decimals.
 */
export function dayChange(quote: Pick<Quote, 'bid' | 'ask'>, previousClose: string): { absolute: string; percent: string } {
  const mid = new Decimal(midPrice(quote));
  const prev = new Decimal(previousClose);
  const absolute = mid.minus(prev);
  const percent = prev.isZero() ? new Decimal(0) : absolute.div(prev).mul(100);
  return { absolute: toWireDecimal(absolute), percent: toWireAmount(percent) };
}

/** -1, 0 or 1 as a is below, at or above b; for a price that flashes up or down. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
}
