import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { SecurityEventKind } from '@kontor/domain/security-log-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { securityLogRoutes } from './routes.ts';
import { securityLogService } from './service.ts';
import { securityLogStore } from './store.ts';

/** What the user pool reports to the security log (sign-ins, failed attempts, lockouts, second factors), on the app's clock. */
export const poolSecurityEvents = (db: Db, clock: Clock) => ({
  record: (sub: string, kind: SecurityEventKind) => securityLogStore(db).record({ sub, kind, at: clock.now() }),
});

/** The customer's security log and its clean-up job. */
export async function registerSecurityLog(app: FastifyInstance, ctx: AreaBase & { scheduler: Scheduler }): Promise<void> {
  const securityLog = securityLogService({ db: ctx.db, clock: ctx.marketClock, scheduler: ctx.scheduler });
  await securityLog.start();
  await app.register(securityLogRoutes, { service: securityLog });
}
