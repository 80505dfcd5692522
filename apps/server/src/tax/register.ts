import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { DocumentStore } from '../documents/store.ts';
import { taxRoutes } from './routes.ts';
import { taxService } from './service.ts';

/** Tax on the simulated clock: the year of an event is the market's year. */
export async function registerTax(app: FastifyInstance, ctx: AreaBase & { documents: DocumentStore }): Promise<void> {
  await app.register(taxRoutes, { service: taxService({ db: ctx.db, clock: ctx.marketClock, documents: ctx.documents, enabled: !ctx.config.taxDisabled }) });
}
