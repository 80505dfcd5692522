import Decimal from 'decimal.js';
import { toWireDecimal } from '@kontor/domain/numbers';

/** decimal.js with room for quantity × price and amount ÷ price without rounding. */
export const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

/**
 * One instrument's prices as whole units of 10^-scale, a bigint, for the heap keys. Order prices
 * (limits, stops, euro distances) lie on the price grid and convert exactly; a quote price need
 * not, so it is rounded towards the side that keeps the comparison exact: for an integer k and
 * any real x, k ≤ x ⇔ k ≤ floor(x) and k ≥ x ⇔ k ≥ ceil(x).
 */
export class PriceGrid {
  readonly scale: number;
  readonly incr: Dec;
  readonly #factor: Dec;

  constructor(priceIncr: string, priceScale: number) {
    this.incr = new D(priceIncr);
    this.scale = Math.max(priceScale, this.incr.decimalPlaces());
    this.#factor = new D(10).pow(this.scale);
  }

  floorUnits(x: Dec | string): bigint {
    return BigInt(toWireDecimal(new D(x).mul(this.#factor), 0, 'floor'));
  }

  ceilUnits(x: Dec | string): bigint {
    return BigInt(toWireDecimal(new D(x).mul(this.#factor), 0, 'ceil'));
  }

  /** The largest multiple of the price step at or below x. */
  floorToGrid(x: Dec): Dec {
    return x.div(this.incr).floor().mul(this.incr);
  }
}

/** The largest multiple of `step` at or below x (quantities). */
export function floorToStep(x: Dec, step: Dec): Dec {
  return x.div(step).floor().mul(step);
}

const POW10: bigint[] = [];
const pow10 = (n: number): bigint => (POW10[n] ??= 10n ** BigInt(n));

/** Decimal places of a decimal string ("100.25" → 2). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A decimal string as an exact integer of 10^-scale units, without decimal.js (a quote tick reads
 * two prices for every instrument). Needs scale ≥ decimalsOf(text).
 */
export function exactUnits(text: string, scale: number): bigint {
  const dot = text.indexOf('.');
  if (dot < 0) return BigInt(text) * pow10(scale);
  return BigInt(text.slice(0, dot) + text.slice(dot + 1).padEnd(scale, '0'));
}

/** Integer units of 10^-from to 10^-to, rounded down or up when that drops digits (v ≥ 0). */
export function rescale(v: bigint, from: number, to: number, rounding: 'floor' | 'ceil'): bigint {
  if (from <= to) return v * pow10(to - from);
  const d = pow10(from - to);
  const q = v / d;
  return rounding === 'ceil' && q * d !== v ? q + 1n : q;
}
