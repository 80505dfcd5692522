import { CHART_RANGES, CHART_TYPES, type ChartRange, type ChartType } from '@kontor/domain/enums';
import { compareDecimal } from '@kontor/domain/quote';
import { marketLocalTime } from '@kontor/domain/trading-window';
import type { HistoryBar } from './instruments-api';

/**
 * The chart's data, apart from the drawing: which type and range the URL asks for, the bars as
 * numbers in German wall-clock time, and the live quote folded into the last bar. Pure, so the
 * rules are tested without a canvas.
 */

export const DEFAULT_CHART_TYPE: ChartType = 'mountain';
export const DEFAULT_CHART_RANGE: ChartRange = 'Intraday';

/**
 * The ranges the instrument page offers: CSI ("Seit Kauf") only for an instrument the customer
 * holds, as it starts at the day of the first purchase.
 */
export function offeredChartRanges(held: boolean): readonly ChartRange[] {
  return held ? CHART_RANGES : CHART_RANGES.filter((range) => range !== 'CSI');
}

/** Chart type and range from the URL (`?chart=candle&range=OneYear`); unknown values (CSI when not held) fall back to the defaults. */
export function readChartParams(params: URLSearchParams, held = false): { type: ChartType; range: ChartRange } {
  const type = params.get('chart');
  const range = params.get('range');
  return {
    type: (CHART_TYPES as readonly string[]).includes(type ?? '') ? (type as ChartType) : DEFAULT_CHART_TYPE,
    range: offeredChartRanges(held).includes(range as ChartRange) ? (range as ChartRange) : DEFAULT_CHART_RANGE,
  };
}

/**
 * One bar as the chart draws it. Prices become floats here and only here: the canvas needs
 * numbers to place pixels, and a rounding error far below a pixel changes nothing a customer
 * sees; every figure shown as text keeps its decimal string.
 */
export type ChartBar = { time: number; open: number; high: number; low: number; close: number };

/**
 * The instant as seconds of German wall-clock time (Europe/Berlin) read as if it were UTC. The
 * chart library labels its time axis in UTC; handing it Frankfurt's wall clock makes the axis,
 * the crosshair and day boundaries show German time, summer and winter alike.
 */
export function wallClockSeconds(at: Date): number {
  const local = marketLocalTime(at);
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 1000 + local.seconds;
}

export function toChartBars(bars: readonly HistoryBar[]): ChartBar[] {
  const result: ChartBar[] = [];
  for (const bar of bars) {
    const time = wallClockSeconds(new Date(bar.t));
    // The clock change in autumn repeats an hour of wall-clock time; the chart needs rising times.
    if (result.length > 0 && time <= result[result.length - 1]!.time) continue;
    result.push({ time, open: Number(bar.o), high: Number(bar.h), low: Number(bar.l), close: Number(bar.c) });
  }
  return result;
}

const RESOLUTION_SECONDS: Record<string, number> = { '1m': 60, '5m': 300, '30m': 1800, '1d': 86_400, '1w': 604_800 };

/** Seconds per bar of a history resolution ('5m', '1d', …); undefined when unknown. */
export function resolutionSeconds(resolution: string): number | undefined {
  return RESOLUTION_SECONDS[resolution];
}

/**
 * The bars with the live price in them, so the chart ends where the quote stands: within the
 * last bar's period the last bar closes at the price (and stretches its high or low); an
 * intraday quote after that period, on the same day, opens a new bar. Daily and weekly charts,
 * and a quote on a later day than an intraday chart's (a price moved while the market is
 * closed), only move the last bar, which the server already makes the current one. An older
 * quote changes nothing.
 */
export function withLivePrice(bars: readonly ChartBar[], livePrice: string, at: Date, resolution: string): readonly ChartBar[] {
  const last = bars[bars.length - 1];
  const price = Number(livePrice);
  if (!last || !Number.isFinite(price)) return bars;
  const time = wallClockSeconds(at);
  if (time < last.time) return bars;
  const step = resolutionSeconds(resolution);
  const sameDay = Math.floor(time / 86_400) === Math.floor(last.time / 86_400);
  if (step !== undefined && step < 86_400 && time >= last.time + step && sameDay) {
    const start = Math.floor(time / step) * step;
    const open = last.close;
    return [...bars, { time: start, open, high: Math.max(open, price), low: Math.min(open, price), close: price }];
  }
  if (last.close === price && last.high >= price && last.low <= price) return bars;
  return [...bars.slice(0, -1), { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) }];
}

/**
 * First, last, highest and lowest price of the chart as decimal strings, for the sentence a
 * screen reader hears: from the bars as the server sent them and, when it moved the chart, the
 * live price.
 */
export function chartSummaryPrices(bars: readonly HistoryBar[], livePrice: string | undefined): { from: string; to: string; high: string; low: string } | null {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return null;
  const extreme = (pick: (bar: HistoryBar) => string, sign: 1 | -1) =>
    [...bars.map(pick), ...(livePrice === undefined ? [] : [livePrice])].reduce((best, p) => (compareDecimal(p, best) === sign ? p : best));
  return { from: first.o, to: livePrice ?? last.c, high: extreme((b) => b.h, 1), low: extreme((b) => b.l, -1) };
}
