import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { InstrumentService } from '../instruments/service.ts';
import { notesRoutes } from './routes.ts';
import { type NotesService, notesService } from './service.ts';
import { notesStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notices from Kontor and own notes; other areas issue a notice for a customer through it. */
    notes: NotesService;
  }
}

/** Notices run on the simulated time, so moving the clock past a deadline ends its notice. */
export async function registerNotes(
  app: FastifyInstance,
  ctx: AreaBase & {
    instruments: InstrumentService;
    /** Kontor's notices that no longer concern the customer (the customer's settings, registered later). */
    settledNotices: (sub: string) => Promise<string[]>;
    /** Where Kontor's price list is published (its notice links there). */
    priceList: string;
  },
): Promise<{ notes: NotesService }> {
  const { db, instruments } = ctx;
  const notes = notesService({
    db,
    store: notesStore(db),
    clock: ctx.marketClock,
    instrumentName: async (isin) => (await instruments.get(isin))?.name,
    settledNotices: ctx.settledNotices,
  });
  await notes.seedKontorNotices(ctx.priceList);
  app.decorate('notes', notes);
  await app.register(notesRoutes, { service: notes });
  return { notes };
}
