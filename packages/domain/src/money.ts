import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money, prices and quantities travel as decimal strings ("1234.56") and are computed with
 * decimal.js, never as JavaScript floats. Rounding and display formats live in numbers.ts.
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
