import Decimal from 'decimal.js';
import { addCalendarDays, addMonthsClamped, type IsoDate } from './calendar-dates';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * Performance of a depot or a position (issue 19): the true time-weighted rate of return (TTWROR)
 * and the internal rate of return (IRR), as Portfolio Performance computes them. Money stays in
 * decimal strings; the ratios are plain numbers inside (they are estimates, not amounts) and go on
 * the wire as decimal strings ("0.0523" = 5,23 %).
 */

export const PERFORMANCE_RANGES = ['1M', '6M', '1J', 'YTD', 'MAX'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/**
 * One day of a depot or position: its value at the day's end and the flows of the day. For the
 * depot, flows are deposits, payouts (and transfers); fees, taxes and dividends are not flows, so
 * they show in the return. For a position, buys flow in and sells flow out; a dividend leaves the
 * position as income and counts as an outflow, so it adds to the position's return.
 */
export type DayPoint = { date: IsoDate; value: string; flowIn: string; flowOut: string };

const DAY_MS = 86_400_000;
export const daysBetween = (from: IsoDate, to: IsoDate): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The base day of a range: the day whose closing value the range starts from. 1M, 6M, 1J count back
 * from `today` by calendar months; YTD starts from the last day of the year before; MAX from the
 * day before the first day with any activity. Never before that day (nothing to measure before).
 */
export function rangeBase(range: PerformanceRange, today: IsoDate, firstActivity: IsoDate | null): IsoDate {
  const origin = firstActivity ? addCalendarDays(firstActivity, -1) : today;
  const back: Record<Exclude<PerformanceRange, 'MAX'>, () => IsoDate> = {
    '1M': () => addMonthsClamped(today, -1),
    '6M': () => addMonthsClamped(today, -6),
    '1J': () => addMonthsClamped(today, -12),
    YTD: () => `${Number(today.slice(0, 4)) - 1}-12-31`,
  };
  const base = range === 'MAX' ? origin : back[range]();
  return base < origin ? origin : base;
}

export type Ttwror = { cumulative: number; annualised: number | null; days: number };

/**
 * TTWROR over the points (oldest first; the first is the base: only its value counts). Each day
 * r_t = (V_t + out_t) / (V_{t-1} + in_t) − 1, chained as Π(1 + r_t) − 1. A day with nothing
 * invested at its start (V_{t-1} + in_t = 0) adds no return. Null when there was never anything to
 * measure. Annualised as (1 + r)^(365/days) − 1 over the calendar days from base to end.
 */
export function ttwror(points: readonly DayPoint[]): Ttwror | null {
  if (points.length < 2) return null;
  let product = 1;
  let measured = false;
  for (let i = 1; i < points.length; i++) {
    const start = Number(points[i - 1]!.value) + Number(points[i]!.flowIn);
    if (start <= 0) continue;
    measured = true;
    product *= (Number(points[i]!.value) + Number(points[i]!.flowOut)) / start;
  }
  if (!measured) return null;
  const cumulative = product - 1;
  const days = daysBetween(points[0]!.date, points.at(-1)!.date);
  const annualised = days > 0 && product > 0 ? product ** (365 / days) - 1 : null;
  return { cumulative, annualised, days };
}

export type CashFlow = { date: IsoDate; amount: number };

/** Σ v_i / x^(days_i/365), where x = 1 + r and days_i counts from the first flow. */
function npv(flows: readonly CashFlow[], x: number): number {
  const first = flows[0]!.date;
  return flows.reduce((s, f) => s + f.amount / x ** (daysBetween(first, f.date) / 365), 0);
}

/** Its derivative in x: Σ −t_i · v_i / x^(t_i + 1). */
function npvSlope(flows: readonly CashFlow[], x: number): number {
  const first = flows[0]!.date;
  return flows.reduce((s, f) => {
    const t = daysBetween(first, f.date) / 365;
    return s - (t * f.amount) / x ** (t + 1);
  }, 0);
}

/**
 * The IRR of dated cash flows: the r with Σ v_i / (1+r)^(days_i/365) = 0. As Portfolio Performance
 * does: a crude start by halving on x = 1 + r in (0, 1] (at x → 0 the sign is the last flow's, at
 * x = 1 the plain sum), or 5 % when those signs agree, then Newton's method until a step is below
 * 1e-5 (at most 500 steps). Null when the flows cannot have a rate (no money in or out, or Newton
 * leaves the domain).
 *
 * Sign convention (Portfolio Performance's ClientIRRYield): seen from the investor, money put into
 * the depot is negative (the starting value, deposits, buys), money taken out is positive (payouts,
 * sells, dividends of a position, and the value at the end).
 */
export function irr(flows: readonly CashFlow[]): number | null {
  const sorted = [...flows.filter((f) => f.amount !== 0)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (!sorted.some((f) => f.amount < 0) || !sorted.some((f) => f.amount > 0)) return null;
  const f = (x: number) => npv(sorted, x);
  const atZero = sorted.at(-1)!.amount;
  const atOne = sorted.reduce((s, v) => s + v.amount, 0);
  let x = 1.05;
  if (Math.sign(atZero) !== Math.sign(atOne) && atOne !== 0) {
    let [left, right, fRight] = [0, 1, atOne];
    while (right - left >= 0.001) {
      const mid = (left + right) / 2;
      const fMid = f(mid);
      if (fMid === 0) {
        left = right = mid;
        break;
      }
      if (Math.sign(fMid) === Math.sign(fRight)) [right, fRight] = [mid, fMid];
      else left = mid;
    }
    x = (left + right) / 2;
  } else if (atOne === 0) x = 1;
  for (let i = 0; i < 500; i++) {
    const slope = npvSlope(sorted, x);
    if (slope === 0 || !Number.isFinite(slope)) return null;
    const next = x - f(x) / slope;
    if (!Number.isFinite(next) || next <= 0) return null;
    const step = Math.abs(next - x);
    x = next;
    if (step < 1e-5) return x - 1;
  }
  return null;
}

/**
 * The IRR of a run of day points: the base day's value paid in, each later day's net flow (in paid
 * in, out taken out), and the last day's value taken out.
 */
export function irrOfPoints(points: readonly DayPoint[]): number | null {
  if (points.length < 2) return null;
  const flows: CashFlow[] = [{ date: points[0]!.date, amount: -Number(points[0]!.value) }];
  for (const p of points.slice(1)) flows.push({ date: p.date, amount: Number(p.flowOut) - Number(p.flowIn) });
  const last = points.at(-1)!;
  flows.push({ date: last.date, amount: Number(last.value) });
  return irr(flows);
}

/** A ratio on the wire: a decimal string to 6 places ("0.0523" = 5,23 %), null when unknown. */
export function ratioString(r: number | null | undefined): string | null {
  if (r === null || r === undefined || !Number.isFinite(r)) return null;
  return toWireDecimal(new Decimal(r).toDecimalPlaces(6, Decimal.ROUND_HALF_UP));
}

/** Invested capital after each point: the running sum of flows in minus flows out, from `start`. */
export function investedSeries(points: readonly DayPoint[], start: string): string[] {
  let invested = new Decimal(start);
  return points.map((p) => toWireAmount((invested = invested.plus(p.flowIn).minus(p.flowOut))));
}
