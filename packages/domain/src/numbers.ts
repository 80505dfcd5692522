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

export type { DecimalString };
// The display formats live apart so a page that only prints numbers does not load decimal.js.
export * from './number-formats';

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

