import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { trackingRoutes } from './routes.ts';
import { trackingService } from './service.ts';
import { trackingStore } from './store.ts';

export async function registerTracking(app: FastifyInstance, ctx: { db: Db; clock: Clock }): Promise<void> {
  await app.register(trackingRoutes, { service: trackingService({ store: trackingStore(ctx.db), clock: ctx.clock }) });
}
