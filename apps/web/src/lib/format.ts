/**
 * The web app's display formats: German, Berlin time, from the domain's one module for numbers
 * (`@kontor/domain/numbers`) and dates (`@kontor/domain/dates`). Money, prices, quantities and
 * percentages arrive as decimal strings and never pass through a JavaScript number; only counts
 * and chart axis values, which are no amounts, take numbers (formatCount, formatAxisValue).
 */
export { formatDate, formatDateTime, formatMonth, formatTime } from '@kontor/domain/dates';
export { type DecimalString, type Digits, formatAxisValue, formatCount, formatMoney, formatNumber, formatPercent, formatQuantity, trend } from '@kontor/domain/number-formats';

/** Decimals of an instrument's prices: its own price scale (a derivative may trade at 0,003 €), at least two, at most eight. */
export function priceDecimals(priceScale: number): number {
  return Math.min(Math.max(priceScale, 2), 8);
}

/** A price with every decimal it has, up to six (an order's execution price, a price alert). */
export const PRICE_DIGITS = { min: 2, max: 6 } as const;
