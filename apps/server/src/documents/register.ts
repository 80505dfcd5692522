import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster/cluster.ts';
import { periodicDocuments, type PeriodicDeps, type PeriodicDocuments } from './periodic.ts';
import { documentRenderer, type DocumentRenderer } from './renderer.ts';
import { documentStore, type DocumentStore } from './store.ts';
import { currentAddress } from './recipient.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders issued documents after their commit; tests call `renderPending()`. */
    documentRenderer: DocumentRenderer;
    /** Kontoauszug, Depotauszug, cost report: scheduler jobs; the seed issues a demo customer's past ones. */
    periodicDocuments: PeriodicDocuments;
  }
}

/** Issued documents and their renderer (the leading process renders what was issued but not rendered). */
export async function registerDocuments(
  app: FastifyInstance,
  ctx: AreaBase & { cluster: Cluster; customerName: (sub: string) => Promise<string> },
): Promise<{ documents: DocumentStore; renderer: DocumentRenderer }> {
  const documents = documentStore(ctx.db);
  const renderer = documentRenderer({ store: documents, holderName: ctx.customerName, currentAddress: (sub) => currentAddress(ctx.db, sub), log: app.log });
  app.decorate('documentRenderer', renderer);
  app.addHook('onClose', async () => renderer.stop());
  // What was issued but not rendered before the last stop (or before the last leader died).
  renderer.wake();
  await ctx.cluster.leadership.whileLeading(() => renderer.wake());
  return { documents, renderer };
}

/** Kontoauszug, Depotauszug and the cost report at each period's end; the Kontoumsätze come from the money area above. */
export async function registerPeriodicDocuments(
  app: FastifyInstance,
  ctx: AreaBase & Omit<PeriodicDeps, 'clock' | 'db'>,
): Promise<void> {
  const { db, marketClock, documents, scheduler, quotes, instrument, accountEntries } = ctx;
  const periodic = periodicDocuments({ db, clock: marketClock, documents, scheduler, quotes, instrument, accountEntries });
  await periodic.start();
  app.decorate('periodicDocuments', periodic);
}
