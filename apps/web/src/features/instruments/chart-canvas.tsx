/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (attribution notice of the library's licence; the chart card links to tradingview.com)
 */
import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  BarSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  LineSeries,
  TickMarkType,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Time,
  type TimeChartOptions,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartType } from '@kontor/domain/enums';
import { displayLocaleTag, formatAxisValue } from '../../lib/format';
import type { ChartBar } from './chart-data';
import styles from './instrument-page.module.css';

/**
 * The canvas of the instrument chart (lightweight-charts). Loaded on demand, so the library is
 * not part of the page's first download. Times arrive as German wall-clock seconds (see
 * wallClockSeconds), hence every formatter here reads them in UTC.
 *
 * The container carries what was last drawn (data-chart-type, data-bars, data-last-close) for
 * browser tests and for debugging in the field.
 */
export type ChartCanvasProps = {
  bars: readonly ChartBar[];
  type: ChartType;
  /** Decimals of the price axis. */
  decimals: number;
  /** Intraday resolutions label the axis with times, the others with dates. */
  intraday: boolean;
  /** The accessible summary of the chart (a canvas says nothing to a screen reader). */
  label: string;
};

/** The axis and crosshair formats in the app's language (built once per chart). */
function timeFormats(locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  return {
    dateTime: format({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    date: format({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    dayMonth: format({ day: '2-digit', month: '2-digit' }),
    monthName: format({ month: 'short' }),
    yearOnly: format({ year: 'numeric' }),
    timeOnly: format({ hour: '2-digit', minute: '2-digit' }),
  };
}

const toDate = (time: Time) => new Date((time as number) * 1000);

type Theme = { text: string; muted: string; border: string; primary: string; gain: string; loss: string; font: string };

/** The design tokens of the current theme, so the chart follows light and dark. */
function readTheme(): Theme {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--color-text', '#17202b'),
    muted: v('--color-text-muted', '#525d69'),
    border: v('--color-border', '#dbe0e6'),
    primary: v('--color-primary', '#0b5394'),
    gain: v('--color-gain', '#0b7a3e'),
    loss: v('--color-loss', '#c0232c'),
    font: v('--font-family', 'system-ui, sans-serif'),
  };
}

/** '#0b5394' with an alpha, for the mountain's fill. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const n = Number.parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function chartOptions(theme: Theme, decimals: number, intraday: boolean, locale: string): DeepPartial<TimeChartOptions> {
  const { dateTime, date, dayMonth, monthName, yearOnly, timeOnly } = timeFormats(locale);
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: theme.muted,
      fontFamily: theme.font,
      fontSize: 12,
      // The licence's link to tradingview.com sits under the chart instead.
      attributionLogo: false,
    },
    localization: {
      locale,
      priceFormatter: (value: number) => formatAxisValue(value, decimals),
      timeFormatter: (time: Time) => (intraday ? dateTime : date).format(toDate(time)),
    },
    grid: { vertLines: { color: withAlpha(theme.border, 0.6) }, horzLines: { color: withAlpha(theme.border, 0.6) } },
    rightPriceScale: { borderColor: theme.border },
    timeScale: {
      borderColor: theme.border,
      timeVisible: intraday,
      secondsVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      tickMarkFormatter: (time: Time, kind: TickMarkType) => {
        const at = toDate(time);
        switch (kind) {
          case TickMarkType.Year:
            return yearOnly.format(at);
          case TickMarkType.Month:
            return monthName.format(at);
          case TickMarkType.DayOfMonth:
            return dayMonth.format(at);
          default:
            return timeOnly.format(at);
        }
      },
    },
    crosshair: { mode: CrosshairMode.Magnet },
    // The page scrolls with the wheel and with vertical swipes; the chart pans by dragging.
    handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: true },
  };
}

function addSeries(chart: IChartApi, type: ChartType, theme: Theme): ISeriesApi<SeriesType> {
  switch (type) {
    case 'line':
      return chart.addSeries(LineSeries, { color: theme.primary, lineWidth: 2, priceLineVisible: false });
    case 'mountain':
      return chart.addSeries(AreaSeries, {
        lineColor: theme.primary,
        topColor: withAlpha(theme.primary, 0.28),
        bottomColor: withAlpha(theme.primary, 0.02),
        lineWidth: 2,
        priceLineVisible: false,
      });
    case 'hlc':
      // HLC: bars without the open tick.
      return chart.addSeries(BarSeries, { upColor: theme.gain, downColor: theme.loss, openVisible: false, thinBars: false, priceLineVisible: false });
    case 'candle':
      return chart.addSeries(CandlestickSeries, {
        upColor: theme.gain,
        downColor: theme.loss,
        borderUpColor: theme.gain,
        borderDownColor: theme.loss,
        wickUpColor: theme.gain,
        wickDownColor: theme.loss,
        priceLineVisible: false,
      });
  }
}

function point(type: ChartType, bar: ChartBar) {
  const time = bar.time as UTCTimestamp;
  return type === 'line' || type === 'mountain' ? { time, value: bar.close } : { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
}

/** Whether `next` is `previous` with only its last bar changed or one bar added (a live tick). */
function isLiveStep(previous: readonly ChartBar[], next: readonly ChartBar[]): boolean {
  if (previous.length === 0 || next.length < previous.length || next.length > previous.length + 1) return false;
  const stable = previous.length - 1;
  return previous[0]!.time === next[0]!.time && (stable === 0 || previous[stable - 1] === next[stable - 1]) && previous[stable]!.time === next[stable]!.time;
}

export default function ChartCanvas({ bars, type, decimals, intraday, label }: ChartCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<{ api: ISeriesApi<SeriesType>; type: ChartType; bars: readonly ChartBar[] } | null>(null);
  // Axis, month names and crosshair in the app's language.
  const locale = displayLocaleTag();

  // The chart lives as long as the component; options follow the theme and the range.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = createChart(element, chartOptions(readTheme(), decimals, intraday, locale));
    chart.current = instance;
    return () => {
      series.current = null;
      chart.current = null;
      instance.remove();
    };
    // Created once; the effect below applies later option changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const apply = () => {
      const theme = readTheme();
      instance.applyOptions(chartOptions(theme, decimals, intraday, locale));
      // Redraw the series in the new colours.
      if (series.current) {
        const { type: drawnType, bars: drawnBars } = series.current;
        instance.removeSeries(series.current.api);
        const api = addSeries(instance, drawnType, theme);
        api.setData(drawnBars.map((bar) => point(drawnType, bar)));
        series.current = { api, type: drawnType, bars: drawnBars };
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', apply);
    return () => {
      observer.disconnect();
      media?.removeEventListener('change', apply);
    };
  }, [decimals, intraday, locale]);

  useEffect(() => {
    const instance = chart.current;
    const element = container.current;
    if (!instance || !element) return;
    const drawn = series.current;
    if (drawn && drawn.type === type && isLiveStep(drawn.bars, bars)) {
      // A live tick: move the last point instead of redrawing everything.
      drawn.api.update(point(type, bars[bars.length - 1]!));
      series.current = { ...drawn, bars };
    } else {
      if (drawn) instance.removeSeries(drawn.api);
      const api = addSeries(instance, type, readTheme());
      api.setData(bars.map((bar) => point(type, bar)));
      instance.timeScale().fitContent();
      series.current = { api, type, bars };
    }
    element.dataset.chartType = type;
    element.dataset.bars = String(bars.length);
    const last = bars[bars.length - 1];
    if (last) element.dataset.lastClose = String(last.close);
  }, [bars, type]);

  return <div ref={container} className={styles.chartCanvas} role="img" aria-label={label} data-chart-canvas="" />;
}
