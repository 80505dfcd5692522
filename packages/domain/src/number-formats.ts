import type { DecimalString } from './money';

export type { DecimalString };

/** German and English display formats of the domain's numbers module (`./numbers`), without decimal.js. */

export type NumberLocale = 'de' | 'en';

/** Exactly n decimals, or between min and max. */
export type Digits = number | { min: number; max: number };

// ---------------------------------------------------------------------------------------------
// Display formats

const LOCALES: Record<NumberLocale, string> = { de: 'de-DE', en: 'en-GB' };

type StringNumeric = `${number}`;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function toIntl(value: DecimalString): StringNumeric {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (typeof trimmed !== 'string' || !NUMERIC.test(trimmed)) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  return trimmed as StringNumeric;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: NumberLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[locale], options);
    cache.set(key, format);
  }
  return format;
}

function digitOptions(fractionDigits: Digits, signed = false): Intl.NumberFormatOptions {
  const { min, max } = typeof fractionDigits === 'number' ? { min: fractionDigits, max: fractionDigits } : fractionDigits;
  return { minimumFractionDigits: min, maximumFractionDigits: Math.max(max, min), signDisplay: signed ? 'exceptZero' : 'auto' };
}

export type FormatOptions = { signed?: boolean; locale?: NumberLocale };

/**
 * formatNumber('1234.5', 2) → '1.234,50'. Prices and rates without a currency. `grouping: false`
 * leaves out the thousands separator ('-1234,50'), for a file a spreadsheet reads as a number.
 */
export function formatNumber(value: DecimalString, fractionDigits: Digits = 2, options: FormatOptions & { grouping?: boolean } = {}): string {
  const grouping = options.grouping === false ? { useGrouping: false } : {};
  return numberFormat(options.locale ?? 'de', { ...digitOptions(fractionDigits, options.signed), ...grouping }).format(toIntl(value));
}

/** formatMoney('1234.56', 'USD') → '1.234,56 $'; two decimals unless told otherwise, whatever the currency. */
export function formatMoney(value: DecimalString, currency = 'EUR', options: FormatOptions & { fractionDigits?: Digits } = {}): string {
  return numberFormat(options.locale ?? 'de', { style: 'currency', currency, ...digitOptions(options.fractionDigits ?? 2, options.signed) }).format(toIntl(value));
}

/** formatEuro('1234.56') → '1.234,56 €'. */
export function formatEuro(value: DecimalString, options: FormatOptions & { fractionDigits?: Digits } = {}): string {
  return formatMoney(value, 'EUR', options);
}

/** Most decimals a quantity can have (an instrument's qtyScale is at most 20). */
const MAX_QUANTITY_DECIMALS = 20;

/**
 * A quantity with the decimals it has, trailing zeros dropped: '10.000' → '10', '0.00125' →
 * '0,00125'. With the instrument's `scale`, digits beyond it are cut, never rounded up.
 */
export function formatQuantity(value: DecimalString, options: { scale?: number; locale?: NumberLocale } = {}): string {
  const max = Math.min(options.scale ?? MAX_QUANTITY_DECIMALS, MAX_QUANTITY_DECIMALS);
  return numberFormat(options.locale ?? 'de', { minimumFractionDigits: 0, maximumFractionDigits: max, roundingMode: 'trunc' }).format(toIntl(value));
}

/**
 * A percentage given in percent points: formatPercent('1.23') → '+1,23 %' (en: '+1.23%'). Signed by
 * default, because a change without its sign is ambiguous for anyone who cannot tell green from red;
 * zero has no sign.
 */
export function formatPercent(points: DecimalString, options: FormatOptions & { fractionDigits?: Digits } = {}): string {
  const locale = options.locale ?? 'de';
  const number = formatNumber(points, options.fractionDigits ?? 2, { signed: options.signed ?? true, locale });
  return locale === 'de' ? `${number}\u00a0%` : `${number}%`;
}

/** A count of things (search hits): formatCount(12345) → '12.345'. Never an amount. */
export function formatCount(count: number, locale: NumberLocale = 'de'): string {
  return numberFormat(locale, digitOptions(0)).format(count);
}

/**
 * A value a chart library hands back for its axis and crosshair: it places pixels with floats, so
 * the label of a pixel is one too. Every amount shown as text elsewhere keeps its decimal string.
 */
export function formatAxisValue(value: number, fractionDigits: number, locale: NumberLocale = 'de'): string {
  return numberFormat(locale, digitOptions(fractionDigits)).format(value);
}

/** 'gain' above zero, 'loss' below, 'neutral' at zero — decided on the string, not a float. */
export function trend(value: DecimalString): 'gain' | 'loss' | 'neutral' {
  const s = value.trim();
  if (/^[+-]?[0.]*(e[+-]?\d+)?$/i.test(s)) return 'neutral';
  return s.startsWith('-') ? 'loss' : 'gain';
}
