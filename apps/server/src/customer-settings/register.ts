import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { taxStore } from '../tax/store.ts';
import { customerSettingsRoutes } from './routes.ts';
import { customerSettingsService } from './service.ts';
import { customerSettingsStore } from './store.ts';

/** What service requests changed; the simulated clock, as the back office carries them out on it. */
export async function registerCustomerSettings(app: FastifyInstance, ctx: AreaBase): Promise<void> {
  await app.register(customerSettingsRoutes, {
    service: customerSettingsService({ db: ctx.db, clock: ctx.marketClock, store: customerSettingsStore, tax: taxStore }),
  });
}
