import { startOfBerlinDay, type IsoDate } from '@kontor/domain/banking-days';
import type { RightsBasis } from '@kontor/domain/corporate-actions';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { CaEventRow } from './store.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/**
 * The scheduler jobs of one event (key: the event id). The handlers live in `jobs.ts`:
 * - `ca.ex` at 06:00 Berlin on the ex date: entitlements fixed to the record date, rights booked
 *   (KAP), open orders on the ISIN deleted with a message;
 * - `ca.deadline` at the deadline: defaults for everyone without an instruction, all binding;
 * - `ca.rights` at the rights' last trading time (KAP): unused rights sold or lapsed;
 * - `ca.pay` at 06:30 Berlin on the pay date: everything else booked, statements issued.
 */
const eventPayload = z.object({ eventId: z.string().min(1) });
export const CA_JOBS = {
  ex: defineJob({ kind: 'ca.ex', payload: eventPayload, when: "06:00 Berlin on an event's ex date" }),
  deadline: defineJob({ kind: 'ca.deadline', payload: eventPayload, when: "at an event's instruction deadline" }),
  rights: defineJob({ kind: 'ca.rights', payload: eventPayload, when: "at the rights' last trading time (rights issues)" }),
  pay: defineJob({ kind: 'ca.pay', payload: eventPayload, when: "06:30 Berlin on an event's pay date" }),
};

const at = (date: IsoDate, minutes: number) => new Date(startOfBerlinDay(date).getTime() + minutes * 60_000);
export const exInstant = (date: IsoDate) => at(date, 6 * 60);
export const payInstant = (date: IsoDate) => at(date, 6 * 60 + 30);

/** A right is valued on the ex price from the moment the ex-date job takes the share ex (06:00 Berlin, before the market opens). */
export const rightsBasisAt = (exDate: IsoDate, now: Date): RightsBasis => (now >= exInstant(exDate) ? 'ex' : 'cum');

/** Schedules the event's jobs (in the transaction that announces it; once per key). */
export async function scheduleCaEvent(scheduler: Scheduler, tx: Db, e: CaEventRow): Promise<void> {
  const payload = { eventId: e.id };
  await scheduler.schedule(tx, CA_JOBS.ex, { key: e.id, dueAt: exInstant(e.exDate), payload });
  await scheduler.schedule(tx, CA_JOBS.deadline, { key: e.id, dueAt: e.deadline, payload });
  if (e.rightsTradingEnd) await scheduler.schedule(tx, CA_JOBS.rights, { key: e.id, dueAt: e.rightsTradingEnd, payload });
  await scheduler.schedule(tx, CA_JOBS.pay, { key: e.id, dueAt: payInstant(e.payDate), payload });
}
