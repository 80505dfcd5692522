import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHART_TYPES, type ChartRange, type ChartType } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { midPrice } from '@kontor/domain/quote';
import { useLabels } from '../../lib/domain-labels';
import { formatNumber, priceDecimals } from '../../lib/format';
import { useLiveQuote } from '../../lib/live-quotes';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { SegmentedControl } from '../../ui/segmented-control';
import { Skeleton } from '../../ui/skeleton';
import { chartSummaryPrices, offeredChartRanges, readChartParams, resolutionSeconds, toChartBars, withLivePrice } from './chart-data';
import { usePriceHistory } from './instruments-api';
import styles from './instrument-page.module.css';

// The chart library is the largest part of the page: it loads while the rest already shows.
const ChartCanvas = lazy(() => import('./chart-canvas'));

function ChartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.chartArea} role="status" aria-busy="true" data-chart-loading="">
      <span className="visually-hidden">{t('instrument.chart.loading')}</span>
      <Skeleton height="100%" radius="var(--radius-md)" />
    </div>
  );
}

/**
 * The price chart of an instrument: chart type and time range, both kept in the URL
 * (`?chart=candle&range=OneYear`) so a reload or a shared link shows the same chart. The live
 * quote moves the last bar, so the chart ends at the price shown above it. `since`: the day of the
 * first purchase of a held instrument, which adds the range "Seit Kauf".
 */
export function InstrumentChart({ instrument, since }: { instrument: Instrument; since?: string | undefined }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const [params, setParams] = useSearchParams();
  const { type, range } = readChartParams(params, since !== undefined);
  const history = usePriceHistory(instrument.isin, range, instrument.historicQuotes, range === 'CSI' ? since : undefined);
  const quote = useLiveQuote(instrument.isin);

  const choose = (key: 'chart' | 'range', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const baseBars = useMemo(() => (history.data ? toChartBars(history.data.bars) : []), [history.data]);
  const resolution = history.data?.resolution ?? '';
  const mid = quote ? midPrice(quote) : undefined;
  const bars = useMemo(
    () => (mid !== undefined && quote ? withLivePrice(baseBars, mid, new Date(quote.ts), resolution) : baseBars),
    [baseBars, mid, quote, resolution],
  );
  const intraday = (resolutionSeconds(resolution) ?? 86_400) < 86_400;
  const decimals = priceDecimals(instrument.priceScale);

  const typeItems = CHART_TYPES.map((id) => ({ id, label: label('chartType', id) }));
  const rangeItems = offeredChartRanges(since !== undefined).map((id) => ({
    id,
    label: label('chartRange', id),
    title: t(`instrument.chart.rangeTitle.${id}`),
  }));

  // withLivePrice hands back the same bars when the live price changes nothing.
  const prices = chartSummaryPrices(history.data?.bars ?? [], bars !== baseBars ? mid : undefined);
  const summary = prices
    ? t('instrument.chart.summary', {
        name: instrument.name,
        range: rangeItems.find((item) => item.id === range)?.title ?? range,
        type: typeItems.find((item) => item.id === type)?.label ?? type,
        from: formatNumber(prices.from, decimals),
        to: formatNumber(prices.to, decimals),
        high: formatNumber(prices.high, decimals),
        low: formatNumber(prices.low, decimals),
      })
    : '';

  let body;
  if (!instrument.historicQuotes) {
    body = <p className={styles.muted}>{t('instrument.chart.noHistory')}</p>;
  } else if (history.isPending) {
    body = <ChartSkeleton />;
  } else if (history.isError) {
    body = (
      <LoadError message={t('instrument.chart.loadError')} onRetry={() => void history.refetch()} />
    );
  } else if (bars.length === 0) {
    body = <p className={styles.muted}>{t('instrument.chart.empty')}</p>;
  } else {
    body = (
      <Suspense fallback={<ChartSkeleton />}>
        <div className={styles.chartArea} data-chart="" data-chart-range={range} aria-busy={history.isFetching}>
          <ChartCanvas bars={bars} type={type} decimals={decimals} intraday={intraday} label={summary} />
        </div>
      </Suspense>
    );
  }

  return (
    <Card title={t('instrument.chart.title')}>
      <div className={styles.chartControls}>
        <SegmentedControl<ChartRange>
          label={t('instrument.chart.rangeLabel')}
          items={rangeItems}
          selected={range}
          onChange={(value) => choose('range', value)}
        />
        <SegmentedControl<ChartType> label={t('instrument.chart.typeLabel')} items={typeItems} selected={type} onChange={(value) => choose('chart', value)} />
      </div>
      {body}
      {instrument.historicQuotes && (
        <p className={styles.attribution}>
          {t('instrument.chart.attribution')}{' '}
          <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
            TradingView
          </a>
        </p>
      )}
    </Card>
  );
}
