import Decimal from 'decimal.js';
import type { ChartRange } from '@kontor/domain/enums';
import { isTradingTime, marketLocalTime, type TradingHours } from '@kontor/domain/trading-window';
import { seededRandom } from '../platform/random.ts';

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

function plan(range: ChartRange, now: Date, since: Date | undefined, hours: TradingHours): Plan {
  const daysBack = (d: number) => new Date(now.getTime() - d * DAY);
  const dayStart = () => {
    // The start of the last Frankfurt day that had trading, up to now.
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
  };
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

function gaussian(rng: () => number) {
  return Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
}

export function priceHistory(p: {
  isin: string;
  range: ChartRange;
  now: Date;
  /** The current mid and the tick size. */
  mid: string;
  priceIncr: string;
  yearlyVol: number;
  hours: TradingHours;
  since?: Date;
}): History {
  const { barMs, from, resolution, onlyTrading } = plan(p.range, p.now, p.since, p.hours);
  const incr = new Decimal(p.priceIncr);
  const midTicks = new Decimal(p.mid).div(incr).toNumber();
  const sigma = p.yearlyVol * Math.sqrt(barMs / (365 * DAY)) * (onlyTrading ? 1.6 : 1);

  // Bar starts aligned to the bar size, so the same bar has the same start in every request.
  const starts: number[] = [];
  for (let t = Math.floor(from.getTime() / barMs) * barMs; t <= p.now.getTime(); t += barMs) {
    if (onlyTrading ? isTradingTime(p.hours, new Date(t)) : barMs < 7 * DAY ? isTradingDay(p.hours, new Date(t + barMs / 2)) : true) starts.push(t);
  }
  // Walk backwards from the live mid: the close of the last bar is the mid.
  const bars: Bar[] = [];
  let close = midTicks;
  const round = (x: number) => incr.mul(Math.max(1, Math.round(x))).toFixed();
  for (let i = starts.length - 1; i >= 0; i--) {
    const rng = seededRandom(`${p.isin}:${resolution}:${starts[i]}`);
    const ret = sigma * gaussian(rng);
    const open = close / Math.exp(ret);
    const wiggle = Math.abs(sigma * gaussian(rng)) * 0.6;
    const high = Math.max(open, close) * (1 + wiggle);
    const low = Math.min(open, close) * (1 - wiggle);
    bars.push({ t: new Date(starts[i]!).toISOString(), o: round(open), h: round(high), l: round(low), c: round(close) });
    close = open;
  }
  bars.reverse();
  return { isin: p.isin, range: p.range, resolution, bars };
}

function isTradingDay(hours: TradingHours, at: Date) {
  const { weekday } = marketLocalTime(at);
  return (weekday >= 1 && weekday <= 5) || !!hours.weekendTrading;
}
