import Decimal from 'decimal.js';
import { isDecimalString } from './decimal-string';
import { isValidIsin } from './isin';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * A quote and what is worked out from it, without zod: the web's first load (the depot valued
 * live) needs these; quote.ts, with the schemas, re-exports this module.
 */

/** A market maker's quote for an instrument (spec §3): ask and bid as decimal strings (quote.ts, `quoteSchema`). */
export type Quote = {
  /** Identifies this quote; an order that refers to a quote sends its id. */
  id: string;
  isin: string;
  /** Price the customer buys at. */
  ask: string;
  /** Price the customer sells at. */
  bid: string;
  /** When the quote was made, ISO 8601. */
  ts: string;
};

/** An ISO 8601 date-time with seconds and Z or an offset: what `z.iso.datetime({ offset: true })` accepts. */
const DATE = '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const DATE_TIME = new RegExp(`^${DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`);

/**
 * The quote in an untrusted value (a message of the live stream), with only the fields of a quote,
 * or null when it is none: the same verdict as `quoteSchema` (quote.test.ts holds them together).
 */
export function readQuote(value: unknown): Quote | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, isin, ask, bid, ts } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0) return null;
  if (typeof isin !== 'string' || !isValidIsin(isin)) return null;
  if (typeof ask !== 'string' || !isDecimalString(ask) || typeof bid !== 'string' || !isDecimalString(bid)) return null;
  if (typeof ts !== 'string' || !DATE_TIME.test(ts)) return null;
  return { id, isin, ask, bid, ts };
}

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
