import type { FastifyBaseLogger } from 'fastify';
import { addCalendarDays, berlinDate, exchangeDayOnOrAfter, startOfBerlinDay, type IsoDate } from '@kontor/domain/banking-days';
import type { Instrument } from '@kontor/domain/instrument';
import { amountOn } from '@kontor/domain/savings-plans';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { executeBlock, type BlockResult } from './block.ts';
import { savingsPlanStore as store } from './store.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** An execution day: one block job per instrument with plans due, then the next day. */
export const SAVINGS_DAY_JOB = defineJob({
  kind: 'savings.day',
  payload: z.object({ date: z.iso.date() }),
  when: 'every trading day at its execution time',
  fanOut: 'one savings.block per instrument with plans due that day, and the next savings.day',
});
/** One instrument's block order on one execution day. */
export const SAVINGS_BLOCK_JOB = defineJob({ kind: 'savings.block', payload: z.object({ date: z.iso.date(), isin: z.string().min(1) }), when: 'with its savings.day' });

/** Plans execute at 09:00 Berlin, when the exchanges and the market maker have opened. */
const EXECUTION_HOUR_MS = 9 * 3_600_000;
export const executionInstant = (date: IsoDate): Date => new Date(startOfBerlinDay(date).getTime() + EXECUTION_HOUR_MS);

export type SavingsJobDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** The ask at an instant (now, or from the market's history for a day the clock moved past). */
  askAt: (isin: string, at: Date) => string | undefined;
  /** Euros per unit of the instrument's quote currency at an instant (now, or that day's for a day gone by). */
  fxRateAt: (instrument: Instrument, at: Date) => string;
  /** A direct debit of the rate, inside the block's transaction. */
  collectDebit: (tx: Db, sub: string, amount: string, at: Date) => Promise<string>;
  log: FastifyBaseLogger;
};

/**
 * Savings-plan days on the scheduler (DESIGN "Scheduler"): each trading day's job fans out one job
 * per instrument, and each of those runs that instrument's block order in its own transaction,
 * once (the job's key and the block's row). A crash in the middle of a day loses the block that
 * was running (rolled back, run again) and repeats none that committed.
 */
export function savingsPlanJobs(d: SavingsJobDeps) {
  async function runBlock(tx: Db, date: IsoDate, isin: string, at: Date): Promise<BlockResult | null> {
    const instrument = await d.instrument(isin);
    if (!instrument) throw new Error(`savings block: unknown instrument ${isin}`);
    const price = d.askAt(isin, at);
    if (!price) throw new Error(`savings block: no price for ${isin}`);
    for (const p of await store(tx).dueDirectDebits(isin, date)) {
      const { amount } = amountOn(p, p.nextNominal ?? date);
      await d.collectDebit(tx, p.sub, amount, at);
    }
    return executeBlock(tx, {
      date,
      isin,
      price,
      fxRate: d.fxRateAt(instrument, at),
      qtyScale: instrument.qtyScale,
      at,
      instrument: { name: instrument.name, wkn: instrument.wkn, currency: instrument.quoteCurrencyCode },
    });
  }

  /** The execution day's job of `date` (a trading day), due at its execution time. */
  const scheduleDay = (tx: Db, date: IsoDate) => d.scheduler.schedule(tx, SAVINGS_DAY_JOB, { key: date, dueAt: executionInstant(date), payload: { date } });

  return {
    /** Registers the jobs and schedules the next execution day (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(SAVINGS_DAY_JOB, async (tx, job) => {
        const { date } = job.payload;
        for (const isin of await store(tx).dueInstruments(date)) {
          await d.scheduler.schedule(tx, SAVINGS_BLOCK_JOB, { key: `${date}:${isin}`, dueAt: job.dueAt, payload: { date, isin } });
        }
        await scheduleDay(tx, exchangeDayOnOrAfter(addCalendarDays(date, 1)));
      });
      d.scheduler.handle(SAVINGS_BLOCK_JOB, async (tx, job) => {
        const { date, isin } = job.payload;
        const result = await runBlock(tx, date, isin, job.dueAt);
        if (result) d.log.info({ date, isin, ...result }, 'savings block executed');
      });
      const now = d.clock.now();
      const today = berlinDate(now);
      const first = exchangeDayOnOrAfter(executionInstant(today) > now ? today : addCalendarDays(today, 1));
      await d.db.transaction((tx) => scheduleDay(tx, first));
    },

    /**
     * One block run directly (the seed's past executions: booked exactly like a day's, at that
     * day's price). Nothing when that day's block ran before.
     */
    runBlock: (date: IsoDate, isin: string) => d.db.transaction((tx) => runBlock(tx, date, isin, executionInstant(date))),
  };
}

export type SavingsPlanJobs = ReturnType<typeof savingsPlanJobs>;
