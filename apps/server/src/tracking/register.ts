import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { trackingRoutes } from './routes.ts';
import { trackingService } from './service.ts';
import { trackingStore } from './store.ts';

export async function registerTracking(app: FastifyInstance, ctx: AreaBase): Promise<void> {
  await app.register(trackingRoutes, { service: trackingService({ store: trackingStore(ctx.db), clock: ctx.clock }) });
}
