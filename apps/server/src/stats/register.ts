import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { statsRoutes } from './routes.ts';
import { statsService } from './service.ts';
import { statsStore } from './store.ts';

export async function registerStats(app: FastifyInstance, ctx: { db: Db; marketClock: Clock }): Promise<void> {
  await app.register(statsRoutes, { service: statsService({ db: ctx.db, clock: ctx.marketClock, store: statsStore }) });
}
