import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { outboxRoutes } from './routes.ts';
import { type Messenger, outboxMessenger } from './service.ts';
import { outboxStore } from './store.ts';

/** The SMS and mail gateway: the one given, or the embedded outbox (read in dev tools). */
export async function registerOutbox(app: FastifyInstance, ctx: AreaBase & { messenger?: Messenger }): Promise<{ messenger: Messenger }> {
  const { config, db, clock } = ctx;
  const store = outboxStore(db);
  if (config.devTools) await app.register(outboxRoutes, { store });
  return { messenger: ctx.messenger ?? outboxMessenger({ store, clock, log: app.log, echoToLog: config.devTools }) };
}
