import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db.ts';
import { type Bus, busFor } from './bus.ts';
import { installHandOver } from './hand-over.ts';
import { type Leadership, leadership } from './leadership.ts';

export type Cluster = {
  bus: Bus;
  leadership: Leadership;
  /** The scheduler runs jobs while this process leads. */
  schedulerLock: { acquire(): Promise<boolean>; release(): Promise<void> };
};

/**
 * This process among the others on the same database (docs/operations.md): the bus, who
 * leads (tried once now, so the app knows its role before it serves), and the hand-over of orders
 * and cash movements to the leader. `start` of the leadership (main.ts) polls for a takeover.
 */
export async function joinCluster(app: FastifyInstance, deps: { db: Db; url: string }): Promise<Cluster> {
  const bus = await busFor(deps.db, app.log);
  const lead = leadership({ db: deps.db, log: app.log, url: deps.url });
  await lead.tryToLead();
  installHandOver(app, lead);
  app.addHook('onClose', async () => {
    await lead.stop();
    await bus.close();
  });
  return { bus, leadership: lead, schedulerLock: { acquire: async () => lead.isLeader, release: async () => {} } };
}
