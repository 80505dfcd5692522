/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (attribution notice of the library's licence)
 */
import { useEffect, useRef, type HTMLAttributes } from 'react';
import { ColorType, createChart, LineSeries, AreaSeries, type Time, type UTCTimestamp } from 'lightweight-charts';
import { displayLocaleTag, formatAxisValue } from '../lib/format';

export type ValueChartPoint = { date: string; invested: number; value: number };
export type ValueChartCanvasProps = {
  points: readonly ValueChartPoint[];
  label: string;
  /** Its size (the chart fills it). */
  className?: string;
} & Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'role' | 'aria-label' | 'className'>;

const time = (date: string) => (Date.parse(`${date}T00:00:00Z`) / 1000) as UTCTimestamp;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Invested capital (a dashed line) against value (a mountain), one point per day: a savings plan's
 * executions, the depot's value history. Loaded on demand, so the chart library is not part of the
 * page's first download; the container carries the number of points drawn (data-points) for
 * browser tests.
 */
export default function ValueChartCanvas({ points, label, className, ...rest }: ValueChartCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  // Axis, month names and crosshair in the app's language: drawn anew when it changes.
  const locale = displayLocaleTag();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const dateFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
    const primary = cssVar('--color-primary', '#0b5394');
    const muted = cssVar('--color-text-muted', '#525d69');
    const border = cssVar('--color-border', '#dbe0e6');
    const chart = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: muted, fontSize: 12, attributionLogo: false },
      localization: { locale, priceFormatter: (v: number) => formatAxisValue(v, 2), timeFormatter: (t: Time) => dateFormat.format(new Date((t as number) * 1000)) },
      grid: { vertLines: { color: border }, horzLines: { color: border } },
      rightPriceScale: { borderColor: border },
      timeScale: { borderColor: border, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
      handleScale: { mouseWheel: false, pinch: true },
    });
    const value = chart.addSeries(AreaSeries, { lineColor: primary, topColor: `${primary}47`, bottomColor: `${primary}05`, lineWidth: 2, priceLineVisible: false });
    const invested = chart.addSeries(LineSeries, { color: muted, lineWidth: 2, lineStyle: 2, priceLineVisible: false });
    // One point per day: the last of a day wins (an execution and "today" may share it).
    const byDay = new Map(points.map((p) => [p.date, p]));
    const sorted = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
    value.setData(sorted.map((p) => ({ time: time(p.date), value: p.value })));
    invested.setData(sorted.map((p) => ({ time: time(p.date), value: p.invested })));
    chart.timeScale().fitContent();
    element.dataset.points = String(sorted.length);
    return () => chart.remove();
  }, [points, locale]);
  return <div ref={container} className={className} role="img" aria-label={label} {...rest} />;
}
