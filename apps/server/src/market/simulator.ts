import Decimal from 'decimal.js';
import type { InstrumentType } from '@kontor/domain/enums';
import type { Quote } from '@kontor/domain/quote';
import { seededRandom } from '../platform/random.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/**
 * The market maker stand-in: one random walk per instrument. Prices are whole numbers of the
 * instrument's price increment (ticks), so no float ever becomes a price; randomness only decides
 * how many ticks a step moves.
 */
export type Priceable = {
  isin: string;
  instrumentType: InstrumentType;
  /** A realistic price level, decimal string in the quote currency. */
  referencePrice: string;
  priceIncr: string;
};

export type SimState = {
  isin: string;
  incr: Decimal;
  /** A whole number of increments as its decimal string, exactly as `incr.mul(ticks).toFixed()`. */
  price: (ticks: number) => string;
  /** Mid price in ticks. */
  mid: number;
  halfSpread: number;
  /** Per-step standard deviation of the relative move. */
  sigma: number;
  rng: () => number;
  seq: number;
};

/** Spread (basis points of the mid) and yearly volatility a market maker would show per type. */
export const PROFILE: Record<InstrumentType, { spreadBps: number; yearlyVol: number }> = {
  AKTIE: { spreadBps: 6, yearlyVol: 0.28 },
  ETF: { spreadBps: 5, yearlyVol: 0.16 },
  FONDS: { spreadBps: 25, yearlyVol: 0.14 },
  DERIVAT: { spreadBps: 60, yearlyVol: 1.2 },
  KRYPTO: { spreadBps: 35, yearlyVol: 0.7 },
  INDEX: { spreadBps: 1, yearlyVol: 0.18 },
  WAEHRUNG: { spreadBps: 2, yearlyVol: 0.08 },
  ROHSTOFF: { spreadBps: 12, yearlyVol: 0.2 },
};

/** Seconds a trading year has at 15.5 hours a day, 252 days: scales yearly volatility to a step. */
const TRADING_SECONDS_PER_YEAR = 252 * 15.5 * 3600;

export function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

export function createState(p: Priceable, stepSeconds: number, seed = p.isin): SimState {
  const incr = new Decimal(p.priceIncr);
  const mid = Math.max(1, new Decimal(p.referencePrice).div(incr).toDecimalPlaces(0).toNumber());
  const profile = PROFILE[p.instrumentType];
  const halfSpread = Math.max(1, Math.round((mid * profile.spreadBps) / 20_000));
  return {
    isin: p.isin,
    incr,
    price: priceFormatter(incr),
    mid,
    halfSpread,
    sigma: profile.yearlyVol * Math.sqrt(stepSeconds / TRADING_SECONDS_PER_YEAR),
    rng: seededRandom(seed),
    seq: 0,
  };
}

/** One step of the walk; returns true when the quote changed. The mid never falls below two spreads. */
export function step(s: SimState): boolean {
  const move = Math.round(s.mid * s.sigma * gaussian(s.rng));
  const next = Math.max(2 * s.halfSpread + 1, s.mid + move);
  s.seq += 1;
  if (next === s.mid) return false;
  s.mid = next;
  return true;
}

/** `ts` is the quote time as an ISO string: a tick makes it once for all its quotes. */
export function quoteOf(s: SimState, ts: string): Quote {
  return {
    id: `${s.isin}-${s.seq}`,
    isin: s.isin,
    bid: s.price(s.mid - s.halfSpread),
    ask: s.price(s.mid + s.halfSpread),
    ts,
  };
}

/**
 * Prices as strings without a Decimal per quote (two per quote, a thousand quotes per tick): the
 * increment as a whole number of units of its last decimal place, multiplied in integers while the
 * product is safe, then the digits split at the decimal point and trailing zeros dropped, as
 * Decimal's toFixed() does. Anything outside safe integers goes through Decimal.
 */
export function priceFormatter(incr: Decimal): (ticks: number) => string {
  const places = incr.decimalPlaces();
  const exact = (ticks: number) => toWireDecimal(incr.mul(ticks));
  if (places > 15 || incr.isNegative()) return exact;
  const units = incr.mul(10 ** places).toNumber();
  if (!Number.isSafeInteger(units)) return exact;
  return (ticks) => {
    const n = ticks * units;
    if (!Number.isSafeInteger(n) || n < 0) return exact(ticks);
    if (places === 0) return String(n);
    const digits = String(n).padStart(places + 1, '0');
    let end = digits.length;
    while (end > digits.length - places && digits.charCodeAt(end - 1) === 48) end--;
    const point = digits.length - places;
    return end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  };
}
