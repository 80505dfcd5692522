import { lazy, Suspense, useMemo, useRef, useState, type ComponentProps, type RefObject } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { PERFORMANCE_RANGES, type PerformanceRange } from '@kontor/domain/performance';
import type { Performance } from '@kontor/domain/performance-contracts';
import { formatDate, formatMoney } from '../../lib/format';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Change, Money } from '../../ui/number';
import { SegmentedControl } from '../../ui/segmented-control';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { usePerformance } from './performance-api';
import { ValueChartLegend } from '../../ui/value-chart-legend';
import styles from './depot.module.css';
import { toWireAmount } from '@kontor/domain/numbers';

// The chart library loads while the figures already show, and on a phone (where the chart is below
// the fold) once the customer scrolls towards it.
const ValueChartCanvas = lazy(() => import('../../ui/value-chart-canvas'));

/** A ratio from the server ("0.0523") in percent points ("5.23"), for the signed percent display. */
export const ratioPoints = (ratio: string) => toWireAmount(new Decimal(ratio).mul(100));

function Ratio({ value }: { value: string | null }) {
  return value === null ? <span>–</span> : <Change value={ratioPoints(value)} />;
}

/** No history to show: the depot never held anything in the range. */
export const hasHistory = (p: Performance) => p.series.length > 1 && p.series.some((s) => !new Decimal(s.value).isZero());

function ChartSkeleton({ ref }: { ref?: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  return (
    <div ref={ref} className={styles.performanceChart} role="status" aria-busy="true">
      <span className="visually-hidden">{t('depot.performance.loading')}</span>
      <Skeleton height="100%" radius="var(--radius-md)" />
    </div>
  );
}

/** The value chart, its library loaded once the chart's place is near the viewport. */
function ChartWhenNear({ points, label }: { points: ComponentProps<typeof ValueChartCanvas>['points']; label: string }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  if (!near) return <ChartSkeleton ref={place} />;
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <ValueChartCanvas points={points} label={label} className={styles.performanceChart} data-performance-chart="" />
    </Suspense>
  );
}

/**
 * "Wertentwicklung" below the depot's totals: the depot's value and invested capital over a range,
 * the time-weighted return (TTWROR, and per year), the money-weighted one (IRR), and both per
 * position. The range is a radio group (arrow keys move between ranges).
 */
export function PerformanceCard() {
  const { t } = useTranslation();
  const [range, setRange] = useState<PerformanceRange>('1J');
  const performance = usePerformance(range);
  const items = PERFORMANCE_RANGES.map((id) => ({ id, label: t(`depot.performance.range.${id}`), title: t(`depot.performance.rangeTitle.${id}`) }));
  const points = useMemo(
    () => (performance.data?.series ?? []).map((s) => ({ date: s.date, value: Number(s.value), invested: Number(s.invested) })),
    [performance.data],
  );

  let body;
  if (performance.isPending) {
    body = (
      <div className={styles.stack} role="status" aria-busy="true">
        <span className="visually-hidden">{t('depot.performance.loading')}</span>
        <SkeletonText lines={2} />
        <Skeleton height="14rem" radius="var(--radius-md)" />
      </div>
    );
  } else if (performance.isError) {
    body = <LoadError message={t('depot.performance.loadError')} onRetry={() => void performance.refetch()} />;
  } else if (!hasHistory(performance.data)) {
    body = (
      <p className={styles.muted} data-performance-empty="">
        {t('depot.performance.empty')}
      </p>
    );
  } else {
    const p = performance.data;
    // Every figure names its period and its method: "Rendite (TTWROR, 1 Jahr)".
    const period = t(`depot.performance.period.${p.range}`);
    const periodShort = t(`depot.performance.range.${p.range}`);
    const first = p.series[0]!;
    const last = p.series.at(-1)!;
    const label = t('depot.performance.chartLabel', {
      from: formatDate(first.date),
      to: formatDate(last.date),
      start: formatMoney(first.value),
      end: formatMoney(last.value),
      invested: formatMoney(last.invested),
    });
    body = (
      <div className={styles.stack} aria-busy={performance.isFetching} data-performance-range={p.range}>
        <p className={styles.muted} data-performance-dates="">
          {t('depot.performance.dates', { from: formatDate(p.from), to: formatDate(p.to) })}
        </p>
        <dl className={styles.performanceFigures}>
          <div>
            <dt>{t('depot.performance.ttwror', { period })}</dt>
            <dd data-performance-ttwror="">
              <Ratio value={p.depot.ttwror} />
            </dd>
          </div>
          <div>
            <dt>{t('depot.performance.annualised', { period })}</dt>
            <dd data-performance-annualised="">
              <Ratio value={p.depot.ttwrorAnnualised} />
            </dd>
          </div>
          <div>
            <dt>{t('depot.performance.irr', { period })}</dt>
            <dd data-performance-irr="">
              <Ratio value={p.depot.irr} />
            </dd>
          </div>
          <div>
            <dt>{t('depot.performance.invested')}</dt>
            <dd>
              <Money amount={p.depot.invested} />
            </dd>
          </div>
        </dl>
        <ChartWhenNear points={points} label={label} />
        <ValueChartLegend value={t('depot.performance.value')} invested={t('depot.performance.investedLine')} />
        {p.positions.length > 0 && (
          // On a phone the table may scroll sideways: a region the keyboard reaches, named as the table.
          <div className={styles.performanceTableWrap} tabIndex={0} role="region" aria-label={t('depot.performance.positionsCaption')}>
            <table className={styles.performanceTable}>
              <caption className="visually-hidden">{t('depot.performance.positionsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('depot.positions.name')}</th>
                  <th scope="col">{t('depot.performance.ttwrorShort', { period: periodShort })}</th>
                  <th scope="col">{t('depot.performance.irrShort', { period: periodShort })}</th>
                </tr>
              </thead>
              <tbody>
                {p.positions.map((row) => (
                  <tr key={row.isin} data-performance-isin={row.isin}>
                    <th scope="row">{row.name}</th>
                    <td>
                      <Ratio value={row.ttwror} />
                    </td>
                    <td>
                      <Ratio value={row.irr} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card title={t('depot.performance.title')}>
      <div className={styles.stack}>
        <SegmentedControl<PerformanceRange> label={t('depot.performance.rangeLabel')} items={items} selected={range} onChange={setRange} />
        {body}
      </div>
    </Card>
  );
}
