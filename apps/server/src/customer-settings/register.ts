import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { taxStore } from '../tax/store.ts';
import { customerSettingsRoutes } from './routes.ts';
import { customerSettingsService } from './service.ts';
import { customerSettingsStore } from './store.ts';

/** What service requests changed; the simulated clock, as the back office carries them out on it. */
export async function registerCustomerSettings(app: FastifyInstance, ctx: { db: Db; marketClock: Clock }): Promise<void> {
  await app.register(customerSettingsRoutes, {
    service: customerSettingsService({ db: ctx.db, clock: ctx.marketClock, store: customerSettingsStore, tax: taxStore }),
  });
}
