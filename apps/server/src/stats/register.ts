import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { statsRoutes } from './routes.ts';
import { statsService } from './service.ts';
import { statsStore } from './store.ts';

export async function registerStats(app: FastifyInstance, ctx: AreaBase): Promise<void> {
  await app.register(statsRoutes, { service: statsService({ db: ctx.db, clock: ctx.marketClock, store: statsStore }) });
}
