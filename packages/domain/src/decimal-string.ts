/**
 * A decimal number as a string ("1234.56"), without zod: what the web's first load needs of
 * money.ts (which has the schemas and re-exports this).
 */

/** Optional minus, digits, optional fraction. No exponent, no "+". */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export type DecimalString = string;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}
