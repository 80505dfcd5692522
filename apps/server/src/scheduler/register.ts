import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster/cluster.ts';
import type { ShiftableClock } from '../platform/clock.ts';
import { clockDevRoutes } from './dev-routes.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated time: the market, orders, money and scheduled jobs follow it; dev tools move it forward. */
    simulatedClock: ShiftableClock;
    /** Due jobs of the back office; `main.ts` starts its polling, tests call `runDue()`. */
    scheduler: Scheduler;
  }
}

/**
 * Due jobs on the simulated time, run by the leading process; in dev tools "Zeit vorspulen".
 * `afterAdvance`: what else must see a new time at once (order expiry), before the jobs run.
 */
export async function registerScheduler(
  app: FastifyInstance,
  ctx: AreaBase & { cluster: Cluster; afterAdvance: () => Promise<unknown> },
): Promise<{ scheduler: Scheduler }> {
  const { config, db, marketClock, cluster } = ctx;
  app.decorate('simulatedClock', marketClock);
  const scheduler = createScheduler({ db, clock: marketClock, log: app.log, lock: cluster.schedulerLock });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  if (config.devTools) await app.register(clockDevRoutes, { db, clock: marketClock, scheduler, afterAdvance: ctx.afterAdvance });
  return { scheduler };
}
