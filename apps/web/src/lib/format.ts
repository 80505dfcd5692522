import i18next from 'i18next';
import * as dates from '@kontor/domain/dates';
import * as numbers from '@kontor/domain/number-formats';

/**
 * The web app's display formats, in the app's language (German unless the customer switched to
 * English), Berlin time, from the domain's one module for numbers (`@kontor/domain/numbers`) and
 * dates (`@kontor/domain/dates`). Money, prices, quantities and percentages arrive as decimal
 * strings and never pass through a JavaScript number; only counts and chart axis values, which are
 * no amounts, take numbers (formatCount, formatAxisValue). An explicit `locale` wins.
 */
export type { DecimalString, Digits } from '@kontor/domain/number-formats';
export { trend } from '@kontor/domain/number-formats';

type Locale = 'de' | 'en';

/** The language the app shows now (i18next's, which the language switcher sets). */
export function displayLocale(): Locale {
  return i18next.language?.startsWith('en') ? 'en' : 'de';
}

/** The BCP 47 tag of the app's language, for a library that formats by itself (the charts). */
export function displayLocaleTag(): string {
  return displayLocale() === 'en' ? 'en-GB' : 'de-DE';
}

export const formatNumber = (value: numbers.DecimalString, fractionDigits?: numbers.Digits, options: Parameters<typeof numbers.formatNumber>[2] = {}) =>
  numbers.formatNumber(value, fractionDigits, { locale: displayLocale(), ...options });
export const formatMoney = (value: numbers.DecimalString, currency?: string, options: Parameters<typeof numbers.formatMoney>[2] = {}) =>
  numbers.formatMoney(value, currency, { locale: displayLocale(), ...options });
export const formatQuantity = (value: numbers.DecimalString, options: Parameters<typeof numbers.formatQuantity>[1] = {}) =>
  numbers.formatQuantity(value, { locale: displayLocale(), ...options });
export const formatPercent = (points: numbers.DecimalString, options: Parameters<typeof numbers.formatPercent>[1] = {}) =>
  numbers.formatPercent(points, { locale: displayLocale(), ...options });
export const formatCount = (count: number, locale: Locale = displayLocale()) => numbers.formatCount(count, locale);
export const formatAxisValue = (value: number, fractionDigits: number, locale: Locale = displayLocale()) => numbers.formatAxisValue(value, fractionDigits, locale);

export const formatDate = (value: string | Date, locale: Locale = displayLocale()) => dates.formatDate(value, locale);
export const formatDateTime = (value: string | Date, options: Parameters<typeof dates.formatDateTime>[1] = {}) =>
  dates.formatDateTime(value, { locale: displayLocale(), ...options });
export const formatTime = (value: string | Date, options: Parameters<typeof dates.formatTime>[1] = {}) => dates.formatTime(value, { locale: displayLocale(), ...options });
export const formatMonth = (value: string, locale: Locale = displayLocale()) => dates.formatMonth(value, locale);

/** Decimals of an instrument's prices: its own price scale (a derivative may trade at 0,003 €), at least two, at most eight. */
export function priceDecimals(priceScale: number): number {
  return Math.min(Math.max(priceScale, 2), 8);
}

/** A price with every decimal it has, up to six (an order's execution price, a price alert). */
export const PRICE_DIGITS = { min: 2, max: 6 } as const;
