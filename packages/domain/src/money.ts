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
  .regex(DECIMAL_PATTERN, { message: 'Keine gültige Dezimalzahl', abort: true });

/**
 * Decision: a decimal a customer sends (a quantity, a price, an amount) has at most 12 digits
 * before the point (999.999.999.999) and 12 after it, so that a typed "11111111111111111111" is
 * refused at the request instead of failing deep in the order engine or the database. Answers keep
 * `decimalStringSchema`: a value the server works out (quantity × price) may well be longer.
 */
export const DECIMAL_INPUT_MAX_DIGITS = { integer: 12, fraction: 12 } as const;
const BOUNDED_DECIMAL_PATTERN = new RegExp(`^-?\\d{1,${DECIMAL_INPUT_MAX_DIGITS.integer}}(\\.\\d{1,${DECIMAL_INPUT_MAX_DIGITS.fraction}})?$`);
export const decimalInputSchema = decimalStringSchema.regex(BOUNDED_DECIMAL_PATTERN, {
  message: `Höchstens ${DECIMAL_INPUT_MAX_DIGITS.integer} Stellen vor und ${DECIMAL_INPUT_MAX_DIGITS.fraction} nach dem Komma`,
});

/** A decimal input above zero (a quantity or a price); `message` says what must be above zero. */
export const positiveDecimalInputSchema = (message = 'Muss größer als 0 sein') =>
  // A refinement runs even after the bound failed; the pattern's own failure stops the chain.
  decimalInputSchema.refine((v) => new Decimal(v).gt(0), message);
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
