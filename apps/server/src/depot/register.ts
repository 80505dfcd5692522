import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import type { QuoteSource } from '../market/feed.ts';
import { bidInEuros } from '../market/bid-in-euros.ts';
import { depotRoutes } from './routes.ts';
import { type DepotService, depotService } from './service.ts';
import { depotStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    depot: DepotService;
  }
}

/** The customer's positions, cash and what is reserved; subscription rights come from the corporate actions. */
export async function registerDepot(
  app: FastifyInstance,
  ctx: AreaBase & {
    quotes: QuoteSource;
    instrumentOrRights: (isin: string) => Promise<Instrument | undefined>;
    rightsOf: (isin: string) => Promise<{ eventId: string; isin: string } | null>;
  },
): Promise<{ depot: DepotService }> {
  const { db, quotes } = ctx;
  const depot = depotService({
    db,
    store: depotStore(db),
    instrument: ctx.instrumentOrRights,
    rightsOf: ctx.rightsOf,
    bidEur: (isin, currency) => bidInEuros(quotes, isin, currency),
  });
  app.decorate('depot', depot);
  await app.register(depotRoutes, { service: depot });
  return { depot };
}
