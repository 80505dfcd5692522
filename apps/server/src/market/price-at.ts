import { EUR_USD_ISIN, eurPerUnit } from '@kontor/domain/fx';
import { midPrice } from '@kontor/domain/quote';
import type { QuoteSource } from './feed.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The price of an instrument at an instant: the current quote (its ask, or its mid) when the
 * instant is now or a few minutes ago; before that the close of the market's daily bar of that day
 * (or of the last trading day before it): a savings plan executed on a day the clock has moved
 * past, a statement's closing price, the demo's purchases. The past does not change, so neither
 * does this price. Undefined for an instrument the market does not know.
 */
export function priceAt(quotes: QuoteSource, isin: string, at: Date, now: Date, side: 'ask' | 'mid'): string | undefined {
  const current = quotes.current(isin);
  const fromQuote = current && (side === 'ask' ? current.ask : midPrice(current));
  if (now.getTime() - at.getTime() < 15 * MINUTE) return fromQuote;
  // Daily bars from two weeks before the instant, however long ago it was.
  const bars = quotes.history(isin, 'CSI', new Date(at.getTime() - 14 * DAY))?.bars ?? [];
  const bar = bars.findLast((b) => new Date(b.t).getTime() < at.getTime());
  if (bar && at.getTime() - new Date(bar.t).getTime() < 14 * DAY) return bar.c;
  return fromQuote;
}

/** Euros per unit of an instrument's quote currency now (a dollar line: from the EUR/USD mid); null while unknown. */
export function fxRateNow(quotes: QuoteSource, currency: string): string | null {
  // Only a dollar instrument needs the EUR/USD mid (worked out with Decimal on every order otherwise).
  const eurUsd = currency === 'USD' ? quotes.current(EUR_USD_ISIN) : undefined;
  return eurPerUnit(currency, eurUsd ? midPrice(eurUsd) : null);
}

/** Euros per unit of a quote currency at an instant: for a day gone by, from the EUR/USD close of that day (as priceAt). */
export function fxRateAt(quotes: QuoteSource, currency: string, at: Date, now: Date): string | null {
  return eurPerUnit(currency, currency === 'USD' ? priceAt(quotes, EUR_USD_ISIN, at, now, 'mid') : null);
}
