import Decimal from 'decimal.js';
import type { DecimalString } from './money';

/**
 * The one place Kontor rounds and prints numbers: cents, quantities to an instrument's scale, the
 * decimal strings of the wire ("1234.56") and the German and English display formats. Amounts stay
 * decimal strings or decimal.js values throughout; Intl formats the string itself, exactly, and
 * never a JavaScript float. German output separates the unit with a no-break space (U+00A0), so
 * "1.234,56 €" never wraps. Lint refuses `.toFixed(` and hand-made decimal separators elsewhere.
 *
 * Rules: money two decimals, half away from zero; quantities with the decimals they have up to the
 * instrument's scale, never rounded up (a holding is never shown larger than it is); percent two
 * decimals, signed where a change is shown.
 */

export type NumberLocale = 'de' | 'en';

export type { DecimalString };

/** Exactly n decimals, or between min and max. */
export type Digits = number | { min: number; max: number };

/**
 * How a value is cut to a number of decimals: `halfUp` rounds a tie away from zero (commercial
 * rounding of amounts), `down` drops the rest towards zero (Soli and church tax, § 4 Satz 3 SolZG;
 * pieces), `floor` and `ceil` towards −∞ and +∞.
 */
export type Rounding = 'halfUp' | 'down' | 'floor' | 'ceil';

const DECIMAL_ROUNDING: Record<Rounding, Decimal.Rounding> = {
  halfUp: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  floor: Decimal.ROUND_FLOOR,
  ceil: Decimal.ROUND_CEIL,
};

/** An amount to cents, half away from zero: 1.005 → 1.01, −1.005 → −1.01. */
export function roundCents(value: Decimal.Value): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** An amount to cents with the fraction of a cent dropped: 1.899 → 1.89 (Soli, church tax). */
export function truncateCents(value: Decimal.Value): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** A value to `scale` decimals (an instrument's qtyScale or priceScale); pieces are cut `down` by default. */
export function toScale(value: Decimal.Value, scale: number, rounding: Rounding = 'down'): Decimal {
  return new Decimal(value).toDecimalPlaces(scale, DECIMAL_ROUNDING[rounding]);
}

/** Money on the wire and in the ledger: exactly two decimals, rounded half up ("12.30", "-0.01"). */
export function toWireAmount(value: Decimal.Value, rounding: Rounding = 'halfUp'): DecimalString {
  return new Decimal(value).toFixed(2, DECIMAL_ROUNDING[rounding]);
}

/**
 * Any decimal on the wire (a quantity, a price, a rate) in plain notation, never an exponent:
 * all its digits ("0.00000012", "1500"), or exactly `decimals` of them, rounded by `rounding`.
 */
export function toWireDecimal(value: Decimal.Value, decimals?: number, rounding: Rounding = 'halfUp'): DecimalString {
  const d = new Decimal(value);
  return decimals === undefined ? d.toFixed() : d.toFixed(decimals, DECIMAL_ROUNDING[rounding]);
}

/**
 * A float that is no amount (a simulated price path, a duration, a file size) as a decimal string
 * with `decimals` digits, exactly as JavaScript's own rounding gives it.
 */
export function floatToDecimal(value: number, decimals: number): DecimalString {
  return value.toFixed(decimals);
}

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
