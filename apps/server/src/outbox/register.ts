import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { outboxRoutes } from './routes.ts';
import { type Messenger, outboxMessenger } from './service.ts';
import { outboxStore } from './store.ts';

/** The SMS and mail gateway: the one given, or the embedded outbox (read in dev tools). */
export async function registerOutbox(app: FastifyInstance, ctx: { config: Config; db: Db; clock: Clock; messenger?: Messenger }): Promise<{ messenger: Messenger }> {
  const { config, db, clock } = ctx;
  const store = outboxStore(db);
  if (config.devTools) await app.register(outboxRoutes, { store });
  return { messenger: ctx.messenger ?? outboxMessenger({ store, clock, log: app.log, echoToLog: config.devTools }) };
}
