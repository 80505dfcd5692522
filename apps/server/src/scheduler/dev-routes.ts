import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advanceMs, devJobsSchema } from '@kontor/domain/dev-clock';
import { endpoints } from '@kontor/domain/endpoints';
import type { Db } from '../platform/db.ts';
import { route } from '../platform/endpoint-route.ts';
import { jobCatalogue } from './job-kind.ts';
import type { ShiftableClock } from '../platform/clock.ts';
import { nextPeriod, periodAt } from './periods.ts';
import type { Scheduler } from './scheduler.ts';
import { schedulerStore } from './store.ts';

const e = endpoints.devClock;

/**
 * Development only (DEV_TOOLS): "Zeit vorspulen". Moves the simulated clock forward and runs what
 * fell due at once, so a demo sees the payout executed on its banking day without waiting.
 */
export const clockDevRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: ShiftableClock;
  scheduler: Scheduler;
  /** What else must see the new time at once (order expiry), before the jobs run. */
  afterAdvance?: () => Promise<unknown>;
}> = async (app, { db, clock, scheduler, afterAdvance }) => {
  const reading = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs });

  route(app, e.clock, async () => reading());
  route(app, e.advance, async (req) => {
    clock.advance(advanceMs(req.body));
    await afterAdvance?.();
    const jobsRun = await scheduler.runDue();
    return { ...reading(), jobsRun };
  });
  route(app, e.nextQuarter, async () => {
    const start = nextPeriod(periodAt('quarter', clock.now())).start;
    clock.advance(start.getTime() - clock.now().getTime());
    await afterAdvance?.();
    const jobsRun = await scheduler.runDue();
    return { ...reading(), jobsRun };
  });

  app.get(
    '/api/dev/jobs',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: every kind of scheduled job, when it runs, and what of it is pending on the simulated clock',
        response: { 200: devJobsSchema },
      },
    },
    async () => {
      const byKind = new Map((await schedulerStore(db).summary()).map((r) => [r.kind, r]));
      return {
        now: clock.now().toISOString(),
        kinds: jobCatalogue().map((k) => {
          const r = byKind.get(k.kind);
          return {
            kind: k.kind,
            when: k.when,
            fanOut: k.fanOut ?? null,
            handled: scheduler.handles(k.kind),
            pending: r?.pending ?? 0,
            nextDueAt: r?.nextRunAfter?.toISOString() ?? null,
            failed: r?.failed ?? 0,
          };
        }),
      };
    },
  );
};
