import { berlinDate } from '@kontor/domain/banking-days';
import { irrOfPoints, rangeBase, ratioString, ttwror, type DayPoint, type PerformanceRange } from '@kontor/domain/performance';
import type { Performance } from '@kontor/domain/performance-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { QuoteSource } from '../market/feed.ts';
import { depotHistory, priceBook, snapshotRows, type DaySnapshot } from './snapshots.ts';
import { performanceStore as store } from './store.ts';
import { toWireAmount } from '@kontor/domain/numbers';

export type PerformanceDeps = {
  db: Db;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<{ name: string; quoteCurrencyCode: string } | undefined>;
};

const ZERO_DAY = { value: '0.00', cash: '0.00', invested: '0.00', flowIn: '0.00', flowOut: '0.00', positions: [] };

/** A position's run of days in the range: its value, buys in, sells out (0 on days it was not held). */
function positionPoints(isin: string, days: readonly DaySnapshot[]): DayPoint[] {
  return days.map((s) => {
    const p = s.positions.find((x) => x.isin === isin);
    return { date: s.day, value: p?.value ?? '0', flowIn: p?.flowIn ?? '0', flowOut: p?.flowOut ?? '0' };
  });
}

/**
 * The depot's performance over a range (issue 19): the days from the range's base day to today,
 * from snapshots where there are some, rebuilt (and written, so the next request reads them) where
 * not; today at the current prices, not written (the daily job writes it after the close).
 */
export function performanceService(d: PerformanceDeps) {
  const currencyOf = async (isin: string) => (await d.instrument(isin))?.quoteCurrencyCode ?? 'EUR';

  return {
    async performance(sub: string, range: PerformanceRange): Promise<Performance> {
      const now = d.clock.now();
      const today = berlinDate(now);
      const prices = priceBook(d.quotes, today, 'bid');
      const { from, days, rebuilt } = await depotHistory(d.db, { prices, currencyOf }, sub, (first) => rangeBase(range, today, first), today);
      const past = rebuilt.filter((s) => s.day < today);
      if (past.length > 0) await store(d.db).insertSnapshots(snapshotRows(sub, past, now));

      // The base day before the first booking held nothing: the range starts from zero.
      const series: DaySnapshot[] = days[0]?.day === from ? days : [{ day: from, ...ZERO_DAY }, ...days];
      const points: DayPoint[] = series.map((s) => ({ date: s.day, value: s.value, flowIn: s.flowIn, flowOut: s.flowOut }));
      const depotReturn = ttwror(points);
      const last = series.at(-1)!;

      const isins = [...new Set(series.flatMap((s) => s.positions.map((p) => p.isin)))];
      const positions = [];
      for (const isin of isins) {
        const run = positionPoints(isin, series);
        positions.push({ isin, name: (await d.instrument(isin))?.name ?? isin, ttwror: ratioString(ttwror(run)?.cumulative), irr: ratioString(irrOfPoints(run)) });
      }
      positions.sort((a, b) => a.name.localeCompare(b.name, 'de'));

      return {
        range,
        from,
        to: today,
        depot: {
          ttwror: ratioString(depotReturn?.cumulative),
          ttwrorAnnualised: ratioString(depotReturn?.annualised),
          irr: ratioString(irrOfPoints(points)),
          value: last.value,
          invested: last.invested,
        },
        positions,
        series: series.map((s) => ({ date: s.day, value: toWireAmount(s.value), invested: toWireAmount(s.invested) })),
      };
    },
  };
}

export type PerformanceService = ReturnType<typeof performanceService>;

