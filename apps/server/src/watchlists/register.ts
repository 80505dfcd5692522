import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { InstrumentService } from '../instruments/service.ts';
import { watchlistRoutes } from './routes.ts';
import { watchlistService } from './service.ts';
import { watchlistStore } from './store.ts';

export async function registerWatchlists(app: FastifyInstance, ctx: AreaBase & { instruments: InstrumentService }): Promise<void> {
  const { db, clock, instruments } = ctx;
  await app.register(watchlistRoutes, {
    service: watchlistService({ store: watchlistStore(db), clock, instrumentExists: async (isin) => !!(await instruments.get(isin)) }),
  });
}
