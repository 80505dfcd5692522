/**
 * German display formats through Intl: the one place the web app turns numbers into text.
 * Money, prices, quantities and percentages arrive as decimal strings ("1234.56": the wire's
 * value, or a decimal.js `toFixed()`) and are handed to Intl as strings, which formats them
 * exactly — they never pass through a JavaScript number. Only counts and chart axis values,
 * which are no amounts, have number-taking functions of their own (formatCount, formatAxisValue).
 * Intl separates the unit with a no-break space (U+00A0) so "1.234,56 €" never wraps.
 */

const LOCALE = 'de-DE';
const TIME_ZONE = 'Europe/Berlin';

/** A decimal number as a string, as it travels on the wire ("1234.56", "-0.5"). */
export type DecimalString = string;

type StringNumeric = `${number}`;

type Digits = number | { min: number; max: number };

function toIntl(value: DecimalString): StringNumeric {
  const trimmed = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    throw new RangeError(`Not a decimal number: "${value}"`);
  }
  return trimmed as StringNumeric;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, format);
  }
  return format;
}

/** Exactly n decimals, or between min and max. */
function digitOptions(fractionDigits: Digits, signed = false): Intl.NumberFormatOptions {
  const { min, max } = typeof fractionDigits === 'number' ? { min: fractionDigits, max: fractionDigits } : fractionDigits;
  return { minimumFractionDigits: min, maximumFractionDigits: Math.max(max, min), signDisplay: signed ? 'exceptZero' : 'auto' };
}

function plainFormat(fractionDigits: Digits, signed = false): Intl.NumberFormat {
  return numberFormat(digitOptions(fractionDigits, signed));
}

/** Decimals of an instrument's prices: its own price scale (a derivative may trade at 0,003 €), at least two, at most eight. */
export function priceDecimals(priceScale: number): number {
  return Math.min(Math.max(priceScale, 2), 8);
}

/** A price with every decimal it has, up to six (an order's execution price, a price alert). */
export const PRICE_DIGITS = { min: 2, max: 6 } as const;

/** formatMoney('1234.56', 'EUR') → '1.234,56 €' (two decimals unless told otherwise). */
export function formatMoney(amount: DecimalString, currency = 'EUR', options: { fractionDigits?: Digits; signed?: boolean } = {}): string {
  return numberFormat({ style: 'currency', currency, ...digitOptions(options.fractionDigits ?? 2, options.signed) }).format(toIntl(amount));
}

/** formatNumber('1234.5', 2) → '1.234,50'. Quantities and prices without currency. */
export function formatNumber(value: DecimalString, fractionDigits: Digits = 2, options: { signed?: boolean } = {}): string {
  return plainFormat(fractionDigits, options.signed).format(toIntl(value));
}

/** Quantities: up to six decimals for fractional shares, none when whole ('12', '0,5'). */
export function formatQuantity(value: DecimalString): string {
  return formatNumber(value, { min: 0, max: 6 });
}

/**
 * A percentage given in percent points: formatPercent('1.23') → '+1,23 %'. Signed by default,
 * because a change without its sign is ambiguous for anyone who cannot tell green from red.
 */
export function formatPercent(points: DecimalString, options: { signed?: boolean; fractionDigits?: Digits } = {}): string {
  return `${formatNumber(points, options.fractionDigits ?? 2, { signed: options.signed ?? true })}\u00a0%`;
}

/** A count of things (search hits): formatCount(12345) → '12.345'. Never an amount. */
export function formatCount(count: number): string {
  return plainFormat(0).format(count);
}

/**
 * A value the chart library hands back for its price axis and crosshair: it places pixels with
 * floats, so the label of a pixel is one too. Every price shown as text elsewhere keeps its
 * decimal string.
 */
export function formatAxisValue(value: number, fractionDigits: number): string {
  return plainFormat(fractionDigits).format(value);
}

/** 'gain' above zero, 'loss' below, 'neutral' at zero — decided on the string, not a float. */
export function trend(value: DecimalString): 'gain' | 'loss' | 'neutral' {
  const s = value.trim();
  if (/^[+-]?[0.]*(e[+-]?\d+)?$/i.test(s)) return 'neutral';
  return s.startsWith('-') ? 'loss' : 'gain';
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: TIME_ZONE });

function toDate(value: string | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: "${String(value)}"`);
  return date;
}

/** formatDate('2024-03-05') → '05.03.2024' (German exchange time zone). */
export function formatDate(value: string | Date): string {
  // A plain calendar date is the same day everywhere; don't let a time zone shift it.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  return dateFormat.format(toDate(value));
}

const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** formatMonth('2026-11') → 'November 2026' (a calendar month, e.g. of the account history). */
export function formatMonth(value: string): string {
  const [y, m] = value.split('-').map(Number);
  if (!y || !m) throw new RangeError(`Not a month: "${value}"`);
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** formatDateTime('2024-03-05T13:30:00Z') → '05.03.2024, 14:30'. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(toDate(value));
}

/** formatTime('2024-03-05T13:30:05Z') → '14:30:05', e.g. for a quote time stamp. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}
