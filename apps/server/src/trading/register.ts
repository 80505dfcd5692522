import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { BookingWriter } from '../bookings/writer.ts';
import { lotStore } from '../bookings/lot-store.ts';
import type { Cluster } from '../cluster/cluster.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { InstrumentService } from '../instruments/service.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { NotificationDelivery } from '../notifications/delivery.ts';
import { confirmationStore } from './confirmation-store.ts';
import { tradingDevRoutes } from './dev-routes.ts';
import { tradingRoutes } from './routes.ts';
import { type OrderMessage, TradingService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradingService;
  }
}

/** Orders and their engine; the engine runs in the leading process only (one that takes over rebuilds it from the database). */
export async function registerTrading(
  app: FastifyInstance,
  ctx: AreaBase & {
    cluster: Cluster;
    /** The market without subscription rights: rights are not traded. */
    market: QuoteSource;
    instruments: InstrumentService;
    documents: DocumentStore;
    book: BookingWriter;
    delivery: NotificationDelivery;
  },
): Promise<{ trading: TradingService }> {
  const { config, db, cluster, instruments } = ctx;
  const trading = await TradingService.start({
    db,
    clock: ctx.marketClock,
    quotes: ctx.market,
    instrument: (isin) => instruments.get(isin),
    lots: lotStore,
    confirmations: confirmationStore(db),
    documents: ctx.documents,
    book: ctx.book,
    taxEnabled: !config.taxDisabled,
    log: app.log,
    leading: false,
    relayOrderMessages: (messages) => cluster.bus.publish('orders', messages),
  });
  cluster.bus.subscribe('orders', (messages) => trading.relayedOrderMessages(messages as OrderMessage[]));
  await cluster.leadership.whileLeading(async () => {
    await trading.activate();
    return () => trading.deactivate();
  });
  app.decorate('trading', trading);
  app.addHook('onClose', async () => trading.close());
  await app.register(tradingRoutes, { service: trading, notifications: ctx.delivery });
  if (config.devTools) await app.register(tradingDevRoutes, { trading });
  return { trading };
}
