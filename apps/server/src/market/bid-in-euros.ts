import Decimal from 'decimal.js';
import type { QuoteSource } from '../market/feed.ts';
import { fxRateNow } from '../market/price-at.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/**
 * The current bid of an instrument in euros (a dollar line at the EUR/USD mid), as the depot page
 * values it live; null without a quote or exchange rate. The depot and the savings plans value
 * holdings with it, so both show the same since-purchase figures.
 */
export function bidInEuros(quotes: QuoteSource, isin: string, currency: string): string | null {
  const quote = quotes.current(isin);
  const fx = fxRateNow(quotes, currency);
  return quote && fx ? toWireDecimal(new Decimal(quote.bid).mul(fx)) : null;
}
