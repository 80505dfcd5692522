import { randomUUID } from 'node:crypto';
import { addMonthsClamped, berlinDate } from '@kontor/domain/banking-days';
import type { SavingsInterval } from '@kontor/domain/enums';
import { executionDate, firstNominalDate } from '@kontor/domain/savings-plans';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { SavingsPlanJobs } from './jobs.ts';
import { savingsPlanStore as store } from './store.ts';

/** The demo customer's plans: an ETF on the world and one on the DAX, monthly, set up a year ago. */
export const DEMO_SAVINGS_PLANS = [
  { isin: 'IE00B4L5Y983', amount: '100.00', interval: 'monthly', day: 1, dynamicPercent: 2 },
  { isin: 'DE0005933931', amount: '50.00', interval: 'monthly', day: 15, dynamicPercent: 0 },
] as const satisfies readonly { isin: string; amount: string; interval: SavingsInterval; day: number; dynamicPercent: number }[];

/**
 * Sets up the demo customer's plans as of a year ago and runs every execution day since, each as
 * the block order of that day at that day's price: booked, ordered and confirmed exactly as the
 * scheduler does it. Once: a customer who has plans gets none.
 */
export async function seedDemoSavingsPlans(d: { db: Db; clock: Clock; jobs: SavingsPlanJobs }, sub: string): Promise<void> {
  if ((await store(d.db).plansOf(sub)).length > 0) return;
  const today = berlinDate(d.clock.now());
  const yearAgo = addMonthsClamped(today, -12);
  for (const p of DEMO_SAVINGS_PLANS) {
    const nominal = firstNominalDate(p.interval, p.day, yearAgo);
    const createdAt = new Date(`${yearAgo}T09:00:00Z`);
    await store(d.db).insert({
      id: randomUUID(),
      sub,
      isin: p.isin,
      amount: p.amount,
      interval: p.interval,
      day: p.day,
      dynamicPercent: p.dynamicPercent,
      payment: 'CASH',
      firstDate: nominal,
      nextNominal: nominal,
      nextDate: executionDate(nominal),
      state: 'active',
      createdAt,
      updatedAt: createdAt,
    });
  }
  // Day by day, as the scheduler would have run them; today's and later ones are the scheduler's.
  for (;;) {
    const due = (await store(d.db).plansOf(sub)).filter((p) => p.nextDate !== null && p.nextDate < today);
    if (due.length === 0) break;
    const day = due.map((p) => p.nextDate!).sort()[0]!;
    for (const p of due.filter((x) => x.nextDate === day)) await d.jobs.runBlock(day, p.isin);
  }
}
