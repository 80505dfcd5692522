import Decimal from 'decimal.js';
import { marketLocalTime, windowOf, type TradingHours } from '@kontor/domain/trading-window';
import { startOfBerlinDay } from '@kontor/domain/banking-days';
import { hashSeed, streamOf } from '../platform/random.ts';
import { gaussian, priceFormatter } from './simulator.ts';

/**
 * An instrument's one past (decision 033): a daily path of closes fixed by the instrument alone,
 * never by the live quote, the clock or the process. The path passes through the reference price
 * at the anchor day and is generated from there in 28-day blocks: each block's move is drawn from
 * a stream seeded by (ISIN, block), and its days' moves from streams seeded by (ISIN, day), bent
 * evenly so that they add up to the block's move. A day's close therefore costs one block's days
 * plus one draw per block between the anchor and that day, however far back or ahead it lies.
 *
 * A day's bar opens at the previous close; its high and low lie a seeded wiggle beyond. A past
 * day's minutes are a seeded bridge from that open to that close that touches exactly that high
 * and that low, so 1-, 5- and 30-minute bars are aggregates of the same minutes, and the day bar is
 * their aggregate too. Prices are whole ticks.
 */
export type Bar = { t: string; o: string; h: string; l: string; c: string };
/** A bar in whole ticks, `t` in ms since the epoch. */
export type TickBar = { t: number; o: number; h: number; l: number; c: number };

export type PastParams = { isin: string; referencePrice: string; priceIncr: string; yearlyVol: number; hours: TradingHours };

export const DAY = 86_400_000;
export const MIN = 60_000;
/** The path passes through the reference price at the close before this Monday (2026-11-02). */
export const ANCHOR_DAY = Date.UTC(2026, 10, 2) / DAY;
/** Four weeks from a Monday: a block holds whole weeks, so a week's bar is made inside one block. */
const BLOCK_DAYS = 28;
/** Intraday moves are a little livelier than the day's volatility spread evenly. */
const INTRADAY_LIVELINESS = 1.6;

/** The day number (days since 1970-01-01) of an ISO date, and of a calendar date's UTC midnight. */
export const dayOfDate = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;
export const dateOfDay = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
/** The Monday of the week a day belongs to. */
export const mondayOf = (day: number): number => day - ((day + 3) % 7);

type Block = { logs: Float64Array; wiggles: Float64Array; days?: number[]; bars?: Bar[]; weeks?: { monday: number; bar: Bar }[] };

export class InstrumentPast {
  readonly isin: string;
  readonly hours: TradingHours;
  readonly price: (ticks: number) => string;
  readonly #incr: Decimal;
  readonly #tradingWeekdays: boolean[];
  readonly #sigmaDay: number;
  readonly #anchor: number;
  readonly #salt: { block: number; day: number; minute: number; opening: number };
  readonly #starts = new Map<number, number>();
  readonly #blocks = new Map<number, Block>();
  readonly #intraday = new Map<string, TickBar[]>();
  #lastWalk: { day: number; walk: Float64Array } | undefined;

  constructor(p: PastParams) {
    this.isin = p.isin;
    this.hours = p.hours;
    this.#incr = new Decimal(p.priceIncr);
    this.price = priceFormatter(this.#incr);
    this.#tradingWeekdays = Array.from({ length: 7 }, (_, weekday) => windowOf(p.hours, weekday) !== null);
    const perWeek = this.#tradingWeekdays.filter(Boolean).length;
    this.#sigmaDay = p.yearlyVol / Math.sqrt(52 * Math.max(1, perWeek));
    this.#anchor = Math.log(Math.max(1, new Decimal(p.referencePrice).div(this.#incr).toNumber()));
    this.#salt = { block: hashSeed(`${p.isin}:block`), day: hashSeed(`${p.isin}:day`), minute: hashSeed(`${p.isin}:minute`), opening: hashSeed(`${p.isin}:opening`) };
  }

  /** A price as a whole number of ticks (at least one). */
  ticksOf(price: string): number {
    return Math.max(1, new Decimal(price).div(this.#incr).toDecimalPlaces(0).toNumber());
  }

  isTradingDay(day: number): boolean {
    return this.#tradingWeekdays[(day + 4) % 7]!;
  }

  /** The close of the last trading day before `day`, in ticks: that day's open and the reference of its change. */
  closeBefore(day: number): number {
    return ticks(this.#closeLog(day - 1));
  }

  /** The first move of a trading day, seeded by the day: where the live quote starts from the previous close. */
  openingMove(day: number): number {
    return this.#sigmaDay * gaussian(streamOf(this.#salt.opening, day));
  }

  /** A past day's bar in ticks (the day must be a trading day). */
  dayBar(day: number): TickBar {
    const o = ticks(this.#closeLog(day - 1));
    const c = ticks(this.#closeLog(day));
    const k = blockOf(day);
    const wiggle = this.#block(k).wiggles[day - firstDayOf(k)]!;
    const high = Math.max(o, c);
    const low = Math.min(o, c);
    return { t: day * DAY, o, c, h: Math.max(high, Math.round(high * (1 + wiggle))), l: Math.max(1, Math.min(low, Math.round(low * (1 - wiggle)))) };
  }

  /** Daily bars of the trading days in [from, to). */
  dailyBars(from: number, to: number): Bar[] {
    const out: Bar[] = [];
    for (let k = blockOf(from); k <= blockOf(to - 1); k++) {
      const { days, bars } = this.#blockBars(k);
      for (let i = 0; i < days.length; i++) if (days[i]! >= from && days[i]! < to) out.push(bars[i]!);
    }
    return out;
  }

  /** Weekly bars (Monday-dated aggregates of their days) of the weeks wholly before `before`, from the week of `from`. */
  weeklyBars(from: number, before: number): Bar[] {
    const out: Bar[] = [];
    const first = mondayOf(from);
    for (let k = blockOf(first); k <= blockOf(before - 1); k++) {
      const block = this.#block(k);
      block.weeks ??= Array.from({ length: BLOCK_DAYS / 7 }, (_, w) => firstDayOf(k) + 7 * w).flatMap((monday) => {
        const days = this.#tradingDaysOf(monday, monday + 7).map((d) => this.dayBar(d));
        return days.length > 0 ? [{ monday, bar: this.#toBar(aggregate(days, monday * DAY)) }] : [];
      });
      for (const w of block.weeks) if (w.monday >= first && w.monday + 7 <= before) out.push(w.bar);
    }
    return out;
  }

  /** The trading days in [from, to). */
  tradingDays(from: number, to: number): number[] {
    return this.#tradingDaysOf(from, to);
  }

  /** A past day's minute bars: the seeded bridge from its open to its close, touching its high and low. */
  minuteBars(day: number): TickBar[] {
    const key = String(day);
    let bars = this.#intraday.get(key);
    if (!bars) {
      const bar = this.dayBar(day);
      const minutes = tradingMinutes(this.hours, day);
      bars = bridge(minutes, this.#walk(day, minutes.length), bar);
      // A few days (a week's chart) per instrument are enough to keep.
      if (this.#intraday.size >= 8) this.#intraday.delete(this.#intraday.keys().next().value!);
      this.#intraday.set(key, bars);
    }
    return bars;
  }

  /**
   * The current trading day's minute bars up to `now`: the same seeded moves, bent evenly so that
   * they lead from the previous close to the live mid (the last close).
   */
  currentMinuteBars(day: number, now: number, midTicks: number): TickBar[] {
    const all = tradingMinutes(this.hours, day);
    let n = all.length;
    while (n > 0 && all[n - 1]! > now) n--;
    if (n === 0) n = Math.min(1, all.length);
    const minutes = all.slice(0, n);
    const walk = this.#walk(day, all.length);
    const sigma = (this.#sigmaDay * INTRADAY_LIVELINESS) / Math.sqrt(Math.max(1, all.length));
    const from = Math.log(this.closeBefore(day));
    const to = Math.log(Math.max(1, midTicks));
    const points = Array.from({ length: n + 1 }, (_, i) => from + ((to - from) * i) / n + sigma * (walk[i]! - (walk[n]! * i) / n));
    const path = points.map((x, i) => (i === 0 ? ticks(from) : i === n ? Math.max(1, Math.round(midTicks)) : ticks(x)));
    return minutes.map((t, i) => minuteBar(t, path[i]!, path[i + 1]!));
  }

  toBars(bars: readonly TickBar[]): Bar[] {
    return bars.map((b) => this.#toBar(b));
  }

  #toBar(b: TickBar): Bar {
    return { t: new Date(b.t).toISOString(), o: this.price(b.o), h: this.price(b.h), l: this.price(b.l), c: this.price(b.c) };
  }

  #tradingDaysOf(from: number, to: number): number[] {
    const days: number[] = [];
    for (let d = from; d < to; d++) if (this.isTradingDay(d)) days.push(d);
    return days;
  }

  /** A standard random walk of `n` steps (n + 1 points from 0), seeded by the day: the day's raw minute moves (the current day's kept). */
  #walk(day: number, n: number): Float64Array {
    if (this.#lastWalk?.day === day && this.#lastWalk.walk.length === n + 1) return this.#lastWalk.walk;
    const rng = streamOf(this.#salt.minute, day);
    const walk = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) walk[i] = walk[i - 1]! + gaussian(rng);
    this.#lastWalk = { day, walk };
    return walk;
  }

  #blockBars(k: number): { days: number[]; bars: Bar[] } {
    const block = this.#block(k);
    if (!block.days || !block.bars) {
      block.days = this.#tradingDaysOf(firstDayOf(k), firstDayOf(k) + BLOCK_DAYS);
      block.bars = block.days.map((d) => this.#toBar(this.dayBar(d)));
    }
    return { days: block.days, bars: block.bars };
  }

  #closeLog(day: number): number {
    const k = blockOf(day);
    return this.#block(k).logs[day - firstDayOf(k)]!;
  }

  #tradingDaysPerBlock(): number {
    return (BLOCK_DAYS / 7) * this.#tradingWeekdays.filter(Boolean).length;
  }

  #blockMove(k: number): number {
    return this.#sigmaDay * Math.sqrt(this.#tradingDaysPerBlock()) * gaussian(streamOf(this.#salt.block, k));
  }

  /** The log close before block k's first day: the anchor at block 0, the block moves summed from there. */
  #start(k: number): number {
    if (k === 0) return this.#anchor;
    const known = this.#starts.get(k);
    if (known !== undefined) return known;
    const step = k > 0 ? -1 : 1;
    let j = k;
    while (j !== 0 && !this.#starts.has(j)) j += step;
    let log = j === 0 ? this.#anchor : this.#starts.get(j)!;
    while (j !== k) {
      log = k > 0 ? log + this.#blockMove(j) : log - this.#blockMove(j - 1);
      j -= step;
      this.#starts.set(j, log);
    }
    return log;
  }

  #block(k: number): Block {
    let block = this.#blocks.get(k);
    if (block) return block;
    const first = firstDayOf(k);
    const moves = new Float64Array(BLOCK_DAYS);
    const wiggles = new Float64Array(BLOCK_DAYS);
    let sum = 0;
    for (let j = 0; j < BLOCK_DAYS; j++) {
      if (!this.isTradingDay(first + j)) continue;
      const rng = streamOf(this.#salt.day, first + j);
      moves[j] = this.#sigmaDay * gaussian(rng);
      wiggles[j] = Math.abs(this.#sigmaDay * gaussian(rng)) * 0.6;
      sum += moves[j]!;
    }
    const bend = (this.#blockMove(k) - sum) / Math.max(1, this.#tradingDaysPerBlock());
    const logs = new Float64Array(BLOCK_DAYS);
    let log = this.#start(k);
    for (let j = 0; j < BLOCK_DAYS; j++) {
      if (this.isTradingDay(first + j)) log += moves[j]! + bend;
      logs[j] = log;
    }
    block = { logs, wiggles };
    this.#blocks.set(k, block);
    return block;
  }
}

const blockOf = (day: number) => Math.floor((day - ANCHOR_DAY) / BLOCK_DAYS);
const firstDayOf = (k: number) => ANCHOR_DAY + BLOCK_DAYS * k;
const ticks = (log: number) => Math.max(1, Math.round(Math.exp(log)));
const minuteBar = (t: number, o: number, c: number): TickBar => ({ t, o, c, h: Math.max(o, c), l: Math.min(o, c) });

const minuteCache = new Map<string, number[]>();

/** The start of every trading minute of a day (by its Frankfurt date), in ms; the same few days are asked for often. */
export function tradingMinutes(hours: TradingHours, day: number): number[] {
  const key = `${hours.tradingHoursStartTime}-${hours.tradingHoursStopTime}-${hours.weekendTrading}-${day}`;
  let minutes = minuteCache.get(key);
  if (!minutes) {
    minutes = [];
    const window = windowOf(hours, (day + 4) % 7);
    if (window) {
      const [start, stop] = [instantOf(day, window.start), instantOf(day, window.stop)];
      for (let t = start; t < stop; t += MIN) minutes.push(t);
    }
    if (minuteCache.size >= 256) minuteCache.delete(minuteCache.keys().next().value!);
    minuteCache.set(key, minutes);
  }
  return minutes;
}

/** The instant a Frankfurt wall-clock time ("HH:MM") is reached on a day (windows lie outside the hour the clocks change). */
function instantOf(day: number, hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  const seconds = Number(h) * 3600 + Number(m) * 60;
  const guess = startOfBerlinDay(dateOfDay(day)).getTime() + seconds * 1000;
  const local = marketLocalTime(new Date(guess));
  const shift = local.date === dateOfDay(day) ? seconds - local.seconds : 0;
  return guess + shift * 1000;
}

/**
 * Minute bars from the day's open to its close along a seeded walk: the walk's drift is removed
 * (a bridge), then its rises are scaled so the highest point is the day's high and its falls so the
 * lowest is the day's low.
 */
function bridge(minutes: readonly number[], walk: Float64Array, day: TickBar): TickBar[] {
  const n = minutes.length;
  if (n === 0) return [];
  const [lo, lc, lh, ll] = [Math.log(day.o), Math.log(day.c), Math.log(day.h), Math.log(day.l)];
  const line = (i: number) => lo + ((lc - lo) * i) / n;
  const dev = (i: number) => walk[i]! - (walk[n]! * i) / n;
  let up = Infinity;
  let down = Infinity;
  for (let i = 1; i < n; i++) {
    const x = dev(i);
    if (x > 0) up = Math.min(up, (lh - line(i)) / x);
    if (x < 0) down = Math.min(down, (ll - line(i)) / x);
  }
  const path = Array.from({ length: n + 1 }, (_, i) => {
    if (i === 0) return day.o;
    if (i === n) return day.c;
    const x = dev(i);
    const scale = x > 0 ? up : down;
    return Math.min(day.h, Math.max(day.l, ticks(line(i) + (Number.isFinite(scale) ? scale * x : 0))));
  });
  // A walk that never rose (or fell) inside the day still reaches the day's high (low).
  if (n >= 3 && !Number.isFinite(up)) path[Math.floor(n / 3)] = day.h;
  if (n >= 3 && !Number.isFinite(down)) path[Math.floor((2 * n) / 3)] = day.l;
  const bars = minutes.map((t, i) => minuteBar(t, path[i]!, path[i + 1]!));
  // Too few minutes to touch both: the first minute carries the day's range.
  if (n < 3) Object.assign(bars[0]!, { h: day.h, l: day.l });
  return bars;
}

/** One bar of several, dated `at`: the first open, the highest high, the lowest low, the last close. */
export function aggregate(bars: readonly TickBar[], at: number): TickBar {
  const first = bars[0]!;
  let [h, l] = [first.h, first.l];
  for (const b of bars) [h, l] = [Math.max(h, b.h), Math.min(l, b.l)];
  return { t: at, o: first.o, h, l, c: bars.at(-1)!.c };
}

/** Bars grouped into periods of `periodMs` (aligned to the epoch, so to the hour in Frankfurt), each aggregated. */
export function aggregateBy(bars: readonly TickBar[], periodMs: number): TickBar[] {
  const out: TickBar[] = [];
  let group: TickBar[] = [];
  let start = NaN;
  for (const b of bars) {
    const s = Math.floor(b.t / periodMs) * periodMs;
    if (s !== start && group.length > 0) {
      out.push(aggregate(group, start));
      group = [];
    }
    start = s;
    group.push(b);
  }
  if (group.length > 0) out.push(aggregate(group, start));
  return out;
}
