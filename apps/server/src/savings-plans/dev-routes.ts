import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { route } from '../platform/endpoint-route.ts';
import { AppError } from '../platform/errors.ts';
import type { ShiftableClock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { berlinDate } from '@kontor/domain/banking-days';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { executionInstant } from './jobs.ts';
import { savingsPlanStore } from './store.ts';

/** Development only: move the clock to the next day a savings plan executes, and run that day. */
export const savingsPlanDevRoutes: FastifyPluginAsyncZod<{ db: Db; clock: ShiftableClock; scheduler: Scheduler; afterAdvance?: () => Promise<unknown> }> = async (
  app,
  { db, clock, scheduler, afterAdvance },
) => {
  route(app, endpoints.devClock.nextSavingsDay, async () => {
    const now = clock.now();
    const next = await savingsPlanStore(db).nextExecutionDay(berlinDate(now));
    if (!next) throw new AppError(409, 'Kein Sparplan ist zur Ausführung vorgemerkt.');
    // A minute after the execution time, so that the day's job is due.
    const target = executionInstant(next).getTime() + 60_000;
    if (target > now.getTime()) clock.advance(target - now.getTime());
    await afterAdvance?.();
    const jobsRun = await scheduler.runDue();
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs, jobsRun };
  });
};
