import Decimal from 'decimal.js';
import { addCalendarDays, berlinDate, startOfBerlinDay, type IsoDate } from '@kontor/domain/banking-days';
import { EUR_USD_ISIN, eurPerUnit, toEur } from '@kontor/domain/fx';
import { midPrice } from '@kontor/domain/quote';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { statementStore } from '../documents/statement-store.ts';
import { performanceStore as store, type SnapshotRow } from './store.ts';
import type { PositionSnapshot } from './tables.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** A depot's end of day, as stored or rebuilt. */
export type DaySnapshot = Omit<SnapshotRow, 'sub' | 'createdAt'>;

/**
 * Closing prices per Berlin day from the market's history (daily bars for two years, weekly before),
 * and the current quote for today; one per request or job, so each instrument's history is generated
 * once however many days are valued. Today is valued at `todayAt`: the bid for what the customer
 * sees now (as the depot values its positions, so "seit Kauf" and the period returns agree), the mid
 * for a day's snapshot written after the close. Exchange rates are always the mid.
 */
export function priceBook(quotes: QuoteSource, today: IsoDate, todayAt: 'bid' | 'mid' = 'mid') {
  const cache = new Map<string, { days: string[]; closes: string[] }>();
  function barsOf(isin: string) {
    let entry = cache.get(isin);
    if (!entry) {
      const daily = quotes.history(isin, 'TwoYears')?.bars ?? [];
      const firstDaily = daily[0]?.t.slice(0, 10) ?? '9999-12-31';
      const weekly = (quotes.history(isin, 'FiveYears')?.bars ?? []).filter((b) => b.t.slice(0, 10) < firstDaily);
      const bars = [...weekly, ...daily];
      entry = { days: bars.map((b) => b.t.slice(0, 10)), closes: bars.map((b) => b.c) };
      cache.set(isin, entry);
    }
    return entry;
  }
  const closeAt = (isin: string, day: IsoDate, side: 'bid' | 'mid'): string | undefined => {
    const current = quotes.current(isin);
    if (day >= today) return current && (side === 'bid' ? current.bid : midPrice(current));
    const { days, closes } = barsOf(isin);
    // The last bar on or before the day (binary search: a depot of two years values ~700 days).
    let [lo, hi] = [0, days.length - 1];
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! <= day) [found, lo] = [mid, mid + 1];
      else hi = mid - 1;
    }
    return found >= 0 ? closes[found] : current && midPrice(current);
  };
  return {
    close: (isin: string, day: IsoDate) => closeAt(isin, day, todayAt),
    /** Euros per unit of a quote currency at the day's end (dollars: the EUR/USD close of that day). */
    eurPerUnit: (currency: string, day: IsoDate): string => eurPerUnit(currency, currency === 'USD' ? closeAt(EUR_USD_ISIN, day, 'mid') : null) ?? '1',
  };
}

export type PriceBook = ReturnType<typeof priceBook>;

export type HistoryDeps = { prices: PriceBook; currencyOf: (isin: string) => Promise<string> };

/**
 * The customer's days from `from` to `to` (Berlin), each at its end: stored snapshots as they are,
 * the other days rebuilt from the bookings (cash accounts, flows) and executions (pieces held) at
 * the day's closing prices and exchange rate. `rebuilt` lists the days that were not stored.
 * `fromOf` picks the first day from the first day with any booking (null: none yet); days before that are left out.
 */
export async function depotHistory(db: Db, d: HistoryDeps, sub: string, fromOf: (firstDay: IsoDate | null) => IsoDate, to: IsoDate) {
  const [cashDays, tradeDays] = await Promise.all([store(db).cashDays(sub), store(db).tradeDays(sub)]);
  const firstDay = [cashDays[0]?.day, tradeDays[0]?.day].filter((x): x is string => !!x).sort()[0] ?? null;
  const from = fromOf(firstDay);
  const days: DaySnapshot[] = [];
  const rebuilt: DaySnapshot[] = [];
  if (!firstDay) return { from, days, rebuilt };
  const start = from < firstDay ? firstDay : from;
  const stored = new Map((await store(db).snapshots(sub, start, to)).map((s) => [s.day, s]));
  const currencies = new Map<string, string>();
  for (const isin of new Set(tradeDays.map((t) => t.isin))) currencies.set(isin, await d.currencyOf(isin));

  let cash = new Decimal(0);
  let invested = new Decimal(0);
  const held = new Map<string, Decimal>();
  let [ci, ti] = [0, 0];
  for (let day = firstDay; day <= to; day = addCalendarDays(day, 1)) {
    let flowIn = new Decimal(0);
    let flowOut = new Decimal(0);
    for (; ci < cashDays.length && cashDays[ci]!.day <= day; ci++) {
      const c = cashDays[ci]!;
      cash = cash.plus(c.delta);
      flowIn = flowIn.plus(c.flowIn);
      flowOut = flowOut.plus(c.flowOut);
    }
    invested = invested.plus(flowIn).minus(flowOut);
    const traded = new Map<string, { bought: string; sold: string }>();
    for (; ti < tradeDays.length && tradeDays[ti]!.day <= day; ti++) {
      const t = tradeDays[ti]!;
      held.set(t.isin, (held.get(t.isin) ?? new Decimal(0)).plus(t.quantity));
      traded.set(t.isin, { bought: t.bought, sold: t.sold });
    }
    if (day < start) continue;
    const kept = stored.get(day);
    if (kept) {
      days.push(kept);
      continue;
    }
    const positions: PositionSnapshot[] = [];
    let total = cash;
    for (const [isin, quantity] of held) {
      const trade = traded.get(isin);
      if (quantity.isZero() && !trade) continue;
      const price = quantity.isZero() ? '0' : (d.prices.close(isin, day) ?? '0');
      const value = toEur(toWireDecimal(quantity.mul(price)), d.prices.eurPerUnit(currencies.get(isin) ?? 'EUR', day));
      total = total.plus(value);
      positions.push({ isin, quantity: toWireDecimal(quantity), value, flowIn: toWireAmount(trade?.bought ?? 0), flowOut: toWireAmount(trade?.sold ?? 0) });
    }
    const snapshot: DaySnapshot = {
      day,
      value: toWireAmount(total),
      cash: toWireAmount(cash),
      invested: toWireAmount(invested),
      flowIn: toWireAmount(flowIn),
      flowOut: toWireAmount(flowOut),
      positions: positions.sort((a, b) => a.isin.localeCompare(b.isin)),
    };
    days.push(snapshot);
    rebuilt.push(snapshot);
  }
  return { from, days, rebuilt };
}

export const snapshotRows = (sub: string, days: readonly DaySnapshot[], at: Date): SnapshotRow[] => days.map((s) => ({ ...s, sub, createdAt: at }));

/** The day's figures are taken after the exchanges close (22:00 Berlin at the latest). */
const SNAPSHOT_HOUR_MS = 23 * 3_600_000 + 30 * 60_000;
export const snapshotInstant = (day: IsoDate): Date => new Date(startOfBerlinDay(day).getTime() + SNAPSHOT_HOUR_MS);

/** The day's job: one snapshot job per customer with bookings, then the next day's job. */
export const SNAPSHOT_DAY_JOB = defineJob({
  kind: 'performance.day',
  payload: z.object({ day: z.iso.date() }),
  when: 'every day after the close (Berlin)',
  fanOut: "one performance.snapshot per customer with bookings, and the next day's job",
});
/** One customer's snapshot of one day. */
export const SNAPSHOT_JOB = defineJob({ kind: 'performance.snapshot', payload: z.object({ day: z.iso.date(), sub: z.string().min(1) }), when: 'with its performance.day' });

/**
 * Daily snapshots on the scheduler: each Berlin day after the close, every customer's depot is
 * written once (job key and the table's key per customer and day). A job run late (the clock moved
 * on) values the day at that day's closing prices.
 */
export function snapshotJobs(d: { db: Db; clock: Clock; scheduler: Scheduler; quotes: QuoteSource; currencyOf: (isin: string) => Promise<string> }) {
  const scheduleDay = (tx: Db, day: IsoDate) => d.scheduler.schedule(tx, SNAPSHOT_DAY_JOB, { key: day, dueAt: snapshotInstant(day), payload: { day } });
  return {
    async start(): Promise<void> {
      d.scheduler.handle(SNAPSHOT_DAY_JOB, async (tx, job) => {
        const { day } = job.payload;
        const next = addCalendarDays(day, 1);
        // A day whose next close has passed too (the clock jumped a quarter ahead) is not written for
        // every customer: a missing day is rebuilt when it is asked for, and jumps stay cheap.
        if (d.clock.now().getTime() < snapshotInstant(next).getTime()) {
          for (const sub of await statementStore(tx).customersBookedBefore(job.dueAt)) {
            await d.scheduler.schedule(tx, SNAPSHOT_JOB, { key: `${day}:${sub}`, dueAt: job.dueAt, payload: { day, sub } });
          }
        }
        await scheduleDay(tx, next);
      });
      d.scheduler.handle(SNAPSHOT_JOB, async (tx, job) => {
        const { day, sub } = job.payload;
        const now = d.clock.now();
        const prices = priceBook(d.quotes, berlinDate(now));
        const { rebuilt } = await depotHistory(tx, { prices, currencyOf: d.currencyOf }, sub, () => day, day);
        await store(tx).insertSnapshots(snapshotRows(sub, rebuilt, now));
      });
      await d.db.transaction((tx) => scheduleDay(tx, berlinDate(d.clock.now())).then(() => undefined));
    },
  };
}
