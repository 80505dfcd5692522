import type { ChartRange } from '@kontor/domain/enums';
import { lastTradingTime, marketLocalTime } from '@kontor/domain/trading-window';
import { aggregate, aggregateBy, type Bar, DAY, dayOfDate, type InstrumentPast, MIN, mondayOf } from './past.ts';

export type { Bar } from './past.ts';

/**
 * Price history for the chart ranges of spec §3, read from the instrument's one past (past.ts,
 * decision 033): every day before the current trading day is fixed, whatever the live quote does;
 * only the current trading day's bars lead from the previous close to the live mid, so the last
 * close is the mid. Weekly bars are aggregates of the daily ones, intraday bars of the same
 * minutes as their day. Prices are whole ticks, rendered as decimal strings.
 *
 * Ranges: Intraday = the current (or last) trading day in 5-minute bars; BestAccuracy = the same
 * day in 1-minute bars, the finest the history holds; OneWeek = 30-minute bars; OneMonth up to
 * TwoYears and CurrentYear = daily bars; FiveYears and Maximum = weekly bars, dated on their
 * Monday (Maximum: 15 years); CSI ("Seit Kauf") = daily bars since the customer's first purchase,
 * given as `since`.
 */
export type History = { isin: string; range: ChartRange; resolution: string; bars: Bar[] };

type Plan = { kind: 'minutes'; barMs: number; from: number; resolution: string } | { kind: 'days' | 'weeks'; from: number; resolution: string };

/** The Frankfurt day (as a day number) of the last trading up to `now`: the current trading day. */
export function currentTradingDay(now: Date, past: Pick<InstrumentPast, 'hours'>): number {
  return dayOfDate(marketLocalTime(lastTradingTime(past.hours, now)).date);
}

function plan(range: ChartRange, now: Date, today: number, since: Date | undefined): Plan {
  const daysBack = (d: number) => now.getTime() - d * DAY;
  switch (range) {
    case 'Intraday':
      return { kind: 'minutes', barMs: 5 * MIN, from: today * DAY, resolution: '5m' };
    case 'BestAccuracy':
      return { kind: 'minutes', barMs: MIN, from: today * DAY, resolution: '1m' };
    case 'OneWeek':
      return { kind: 'minutes', barMs: 30 * MIN, from: daysBack(7), resolution: '30m' };
    case 'OneMonth':
      return { kind: 'days', from: daysBack(31), resolution: '1d' };
    case 'SixMonths':
      return { kind: 'days', from: daysBack(183), resolution: '1d' };
    case 'OneYear':
      return { kind: 'days', from: daysBack(366), resolution: '1d' };
    case 'TwoYears':
      return { kind: 'days', from: daysBack(731), resolution: '1d' };
    case 'CurrentYear':
      return { kind: 'days', from: Date.parse(`${marketLocalTime(now).date.slice(0, 4)}-01-01T00:00:00Z`), resolution: '1d' };
    case 'FiveYears':
      return { kind: 'weeks', from: daysBack(5 * 366), resolution: '1w' };
    case 'Maximum':
      return { kind: 'weeks', from: daysBack(15 * 366), resolution: '1w' };
    case 'CSI':
      return { kind: 'days', from: since?.getTime() ?? daysBack(366), resolution: '1d' };
  }
}

export function priceHistory(p: {
  past: InstrumentPast;
  range: ChartRange;
  now: Date;
  /** The current mid, a decimal string in the quote currency. */
  mid: string;
  /** The current trading day (a day number); by default the day of the last trading up to `now`. */
  today?: number;
  since?: Date;
}): History {
  const { past } = p;
  const today = p.today ?? currentTradingDay(p.now, past);
  const pl = plan(p.range, p.now, today, p.since);
  const midTicks = past.ticksOf(p.mid);
  const minutes = past.currentMinuteBars(today, p.now.getTime(), midTicks);
  const open = past.closeBefore(today);
  const todayBar = minutes.length > 0 ? aggregate(minutes, today * DAY) : { t: today * DAY, o: open, c: midTicks, h: Math.max(open, midTicks), l: Math.min(open, midTicks) };
  const fromDay = Math.floor(pl.from / DAY);
  let bars: Bar[];
  if (pl.kind === 'minutes') {
    const start = Math.floor(pl.from / pl.barMs) * pl.barMs;
    const earlier = past.tradingDays(Math.max(fromDay, today - 10), today).flatMap((d) => aggregateBy(past.minuteBars(d), pl.barMs));
    bars = past.toBars([...earlier.filter((b) => b.t >= start), ...aggregateBy(minutes, pl.barMs)]);
  } else if (pl.kind === 'days') {
    bars = fromDay > today ? [] : [...past.dailyBars(fromDay, today), ...past.toBars([todayBar])];
  } else {
    // The current week: its days so far and today, as one bar dated on its Monday.
    const monday = mondayOf(today);
    const week = [...past.tradingDays(monday, today).map((d) => past.dayBar(d)), todayBar];
    bars = [...past.weeklyBars(fromDay, monday), ...past.toBars([aggregate(week, monday * DAY)])];
  }
  return { isin: past.isin, range: p.range, resolution: pl.resolution, bars };
}
