import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money, prices and quantities travel as decimal strings ("1234.56") and are computed with
 * decimal.js, never as JavaScript floats. Formatting hands the string itself to Intl.NumberFormat,
 * which formats decimal strings exactly (no detour through a float).
 *
 * German output uses a no-break space (U+00A0) between number and unit: "1.234,56 €", "+1,23 %".
 */

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** A decimal number as a string: optional minus, digits, optional fraction. No exponent, no "+". */
export const decimalStringSchema = z
  .string()
  .regex(DECIMAL_PATTERN, { message: 'Keine gültige Dezimalzahl' });
export type DecimalString = z.infer<typeof decimalStringSchema>;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

function checked(value: string): Intl.StringNumericLiteral {
  if (!isDecimalString(value)) throw new RangeError(`Not a decimal string: ${JSON.stringify(value)}`);
  return value as Intl.StringNumericLiteral;
}

/** "1234.56" → "1.234,56 €"; rounds half away from zero to cents. Throws on a non-decimal string. */
export function formatEuro(value: string, locale = 'de-DE'): string {
  return formatMoney(value, 'EUR', locale);
}

/** Like formatEuro for any ISO 4217 currency, e.g. an instrument's quote currency ("USD"). */
export function formatMoney(value: string, currency: string, locale = 'de-DE'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(checked(value));
}

/**
 * A percentage given in percent ("1.23" means 1.23 %) → "+1,23 %", with the sign of gains and
 * losses ("-0,50 %") and none for zero ("0,00 %"). Two decimals.
 */
export function formatPercent(value: string, locale = 'de-DE'): string {
  const fraction = new Decimal(checked(value)).div(100).toFixed();
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(fraction as Intl.StringNumericLiteral);
}

/**
 * A quantity ("1234.5", "0.00125") with German grouping and exactly the decimals it has, without
 * trailing zeros: "1.234,5", "0,00125", "10" for "10.000". At most 20 decimals.
 */
export function formatQuantity(value: string, locale = 'de-DE'): string {
  const decimals = Math.min(new Decimal(checked(value)).decimalPlaces(), 20);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
  }).format(value as Intl.StringNumericLiteral);
}
