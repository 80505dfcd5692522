import { addCalendarDays, berlinDate, startOfBerlinDay, type IsoDate } from '@kontor/domain/calendar-dates';
import { SECURITY_LOG_RETENTION_YEARS, type SecurityLogPage } from '@kontor/domain/security-log-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { securityLogStore as store } from './store.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** One purge a day; its key is the day, so a day's purge runs once and always removes the same. */
export const SECURITY_LOG_PURGE_JOB = defineJob({
  kind: 'security-log.purge',
  payload: z.object({ day: z.iso.date() }),
  when: 'every day at 03:00 (Berlin): entries past their retention go',
  fanOut: "the next day's purge",
});
/** 03:00 Berlin: a quiet hour. */
const PURGE_HOUR_MS = 3 * 3_600_000;
export const purgeInstant = (day: IsoDate): Date => new Date(startOfBerlinDay(day).getTime() + PURGE_HOUR_MS);

/** The retention's cutoff for a purge due at `dueAt`: what is older than three years before it goes. */
export function retentionCutoff(dueAt: Date): Date {
  const cutoff = new Date(dueAt);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - SECURITY_LOG_RETENTION_YEARS);
  return cutoff;
}

const badCursor = () => new AppError(400, 'Die Seitenangabe ist ungültig. Bitte laden Sie die Liste neu.');

/** The security log as the customer reads it, and its daily retention purge on the scheduler. */
export function securityLogService(d: { db: Db; clock: Clock; scheduler: Scheduler }) {
  const scheduleDay = (tx: Db, day: IsoDate) => d.scheduler.schedule(tx, SECURITY_LOG_PURGE_JOB, { key: day, dueAt: purgeInstant(day), payload: { day } });
  return {
    async page(sub: string, q: { cursor?: string; limit: number }): Promise<SecurityLogPage> {
      const page = await store(d.db).page(sub, q);
      if (!page) throw badCursor();
      return page;
    },

    /** Registers the purge and schedules the next one (a second schedule of the same day is ignored). */
    async start(): Promise<void> {
      d.scheduler.handle(SECURITY_LOG_PURGE_JOB, async (tx, job) => {
        await store(tx).purgeBefore(retentionCutoff(job.dueAt));
        await scheduleDay(tx, addCalendarDays(job.payload.day, 1));
      });
      // The next 03:00 to come: a start later in the day does not purge at once.
      const today = berlinDate(d.clock.now());
      const first = purgeInstant(today) > d.clock.now() ? today : addCalendarDays(today, 1);
      await d.db.transaction((tx) => scheduleDay(tx, first).then(() => undefined));
    },
  };
}

export type SecurityLogService = ReturnType<typeof securityLogService>;
