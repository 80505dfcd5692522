import Decimal from 'decimal.js';
import type { ChartRange } from '@kontor/domain/enums';
import { isTradingTime, marketLocalTime, type TradingHours } from '@kontor/domain/trading-window';
import { seededRandom } from '../platform/random.ts';
import { gaussian } from './simulator.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/**
 * Price history for the chart ranges of spec §3, generated, deterministic and consistent with
 * the live quote: every bar's move is drawn from a stream seeded by the ISIN and the bar's start,
 * so a bar looks the same in every request; the path is then anchored so that the last close is
 * the current mid. Prices are whole ticks, rendered as decimal strings.
 *
 * Ranges: Intraday = the current (or last) trading day in 5-minute bars; BestAccuracy = the same
 * day in 1-minute bars, the finest the history holds; OneWeek = 30-minute bars; OneMonth up to
 * TwoYears and CurrentYear = daily bars; FiveYears and Maximum = weekly bars (Maximum: 15 years);
 * CSI ("Seit Kauf") = daily bars since the customer's first purchase, given as `since`.
 */
export type Bar = { t: string; o: string; h: string; l: string; c: string };
export type History = { isin: string; range: ChartRange; resolution: string; bars: Bar[] };

const MIN = 60_000;
const DAY = 86_400_000;

type Plan = { barMs: number; from: Date; resolution: string; onlyTrading: boolean };

/** Midnight (Frankfurt) of the last day that had trading up to `now`: the current trading day. */
export function tradingDayStart(now: Date, hours: TradingHours): Date {
  let t = now;
  for (let i = 0; i < 10; i++) {
    const local = marketLocalTime(t);
    const midnight = new Date(t.getTime() - local.seconds * 1000 - (t.getTime() % 1000));
    for (let m = midnight.getTime(); m < Math.min(now.getTime(), midnight.getTime() + DAY); m += 5 * MIN) {
      if (isTradingTime(hours, new Date(m))) return midnight;
    }
    t = new Date(midnight.getTime() - 1);
  }
  return new Date(now.getTime() - DAY);
}

function plan(range: ChartRange, now: Date, since: Date | undefined, hours: TradingHours): Plan {
  const daysBack = (d: number) => new Date(now.getTime() - d * DAY);
  const dayStart = () => tradingDayStart(now, hours);
  switch (range) {
    case 'Intraday':
      return { barMs: 5 * MIN, from: dayStart(), resolution: '5m', onlyTrading: true };
    case 'BestAccuracy':
      return { barMs: MIN, from: dayStart(), resolution: '1m', onlyTrading: true };
    case 'OneWeek':
      return { barMs: 30 * MIN, from: daysBack(7), resolution: '30m', onlyTrading: true };
    case 'OneMonth':
      return { barMs: DAY, from: daysBack(31), resolution: '1d', onlyTrading: false };
    case 'SixMonths':
      return { barMs: DAY, from: daysBack(183), resolution: '1d', onlyTrading: false };
    case 'OneYear':
      return { barMs: DAY, from: daysBack(366), resolution: '1d', onlyTrading: false };
    case 'TwoYears':
      return { barMs: DAY, from: daysBack(731), resolution: '1d', onlyTrading: false };
    case 'CurrentYear': {
      const local = marketLocalTime(now);
      return { barMs: DAY, from: new Date(`${local.date.slice(0, 4)}-01-01T00:00:00Z`), resolution: '1d', onlyTrading: false };
    }
    case 'FiveYears':
      return { barMs: 7 * DAY, from: daysBack(5 * 366), resolution: '1w', onlyTrading: false };
    case 'Maximum':
      return { barMs: 7 * DAY, from: daysBack(15 * 366), resolution: '1w', onlyTrading: false };
    case 'CSI':
      return { barMs: DAY, from: since ?? daysBack(366), resolution: '1d', onlyTrading: false };
  }
}

export function priceHistory(p: {
  isin: string;
  range: ChartRange;
  now: Date;
  /** The current mid and the tick size. */
  mid: string;
  /** The close of the previous trading day; the day's change is measured against it. Defaults to the mid. */
  previousClose?: string;
  priceIncr: string;
  yearlyVol: number;
  hours: TradingHours;
  since?: Date;
}): History {
  const { barMs, from, resolution, onlyTrading } = plan(p.range, p.now, p.since, p.hours);
  const incr = new Decimal(p.priceIncr);
  const midTicks = new Decimal(p.mid).div(incr).toNumber();
  const prevTicks = new Decimal(p.previousClose ?? p.mid).div(incr).toNumber();
  const sigma = p.yearlyVol * Math.sqrt(barMs / (365 * DAY)) * (onlyTrading ? 1.6 : 1);
  const today = tradingDayStart(p.now, p.hours).getTime();

  // Bar starts aligned to the bar size, so the same bar has the same start in every request.
  const starts: number[] = [];
  for (let t = Math.floor(from.getTime() / barMs) * barMs; t <= p.now.getTime(); t += barMs) {
    if (onlyTrading ? isTradingTime(p.hours, new Date(t)) : barMs < 7 * DAY ? isTradingDay(p.hours, new Date(t + barMs / 2)) : true) starts.push(t);
  }
  const draw = (start: number) => {
    const rng = seededRandom(`${p.isin}:${resolution}:${start}`);
    return { ret: sigma * gaussian(rng), wiggle: Math.abs(sigma * gaussian(rng)) * 0.6 };
  };
  const round = (x: number) => toWireDecimal(incr.mul(Math.max(1, Math.round(x))));
  const bar = (t: number, open: number, close: number, wiggle: number): Bar => ({
    t: new Date(t).toISOString(),
    o: round(open),
    h: round(Math.max(open, close) * (1 + wiggle)),
    l: round(Math.min(open, close) * (1 - wiggle)),
    c: round(close),
  });

  // The current day's bars (at least the last bar) lead from the previous close to the live mid:
  // their own random moves, bent evenly (a bridge) so that the last close is the mid.
  let split = starts.findIndex((t) => t + barMs > today);
  if (split < 0 || split > starts.length - 1) split = Math.max(0, starts.length - 1);
  const current = starts.slice(split);
  const bars: Bar[] = [];
  if (current.length > 0) {
    const draws = current.map(draw);
    const total = draws.reduce((sum, d) => sum + d.ret, 0);
    const bend = (Math.log(midTicks / prevTicks) - total) / current.length;
    let open = prevTicks;
    let log = 0;
    current.forEach((t, i) => {
      log += draws[i]!.ret + bend;
      const close = i === current.length - 1 ? midTicks : prevTicks * Math.exp(log);
      bars.push(bar(t, open, close, draws[i]!.wiggle));
      open = close;
    });
  }
  // Earlier bars walk backwards from the previous close.
  const earlier: Bar[] = [];
  let close = prevTicks;
  for (let i = split - 1; i >= 0; i--) {
    const { ret, wiggle } = draw(starts[i]!);
    const open = close / Math.exp(ret);
    earlier.push(bar(starts[i]!, open, close, wiggle));
    close = open;
  }
  earlier.reverse();
  return { isin: p.isin, range: p.range, resolution, bars: [...earlier, ...bars] };
}

function isTradingDay(hours: TradingHours, at: Date) {
  const { weekday } = marketLocalTime(at);
  return (weekday >= 1 && weekday <= 5) || !!hours.weekendTrading;
}
