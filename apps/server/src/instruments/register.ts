import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { MULTI_ORDER_KINDS } from '@kontor/domain/order-rules';
import { insightRoutes } from './insight-routes.ts';
import { instrumentRoutes } from './routes.ts';
import { type InstrumentService, loadInstruments } from './service.ts';

/**
 * The instrument universe is reference data, not demo data: seeded once (idempotent, also with
 * SEED_DEMO_DATA off) and indexed for search at every start.
 */
export async function registerInstruments(app: FastifyInstance, ctx: AreaBase): Promise<{ instruments: InstrumentService }> {
  // Without multi-order strategies (feature flag) no instrument offers an OCO order.
  const instruments = await loadInstruments({ db: ctx.db, disabledKinds: ctx.config.featureFlags.multiOrderStrategies ? [] : MULTI_ORDER_KINDS });
  app.decorate('instruments', instruments);
  await app.register(instrumentRoutes, { service: instruments });
  await app.register(insightRoutes, { service: instruments, clock: ctx.clock });
  return { instruments };
}
