import type { AreaBase } from '../platform/area-context.ts';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import { toWireDecimal } from '@kontor/domain/numbers';
import type { AuthorisationService } from '../authorisations/service.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import type { Config } from '../config.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { InstrumentService } from '../instruments/service.ts';
import { type QuoteSource, SimulatedMarket } from '../market/feed.ts';
import { fxRateNow } from '../market/price-at.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { custodian, type Custodian } from './custodian.ts';
import { caDevRoutes } from './dev-routes.ts';
import { caJobs } from './jobs.ts';
import { type RightsIndex, rightsIndex, withRightsInstruments, withRightsQuotes } from './rights.ts';
import { caRoutes } from './routes.ts';
import { caService } from './service.ts';
import { caStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The custodian stand-in: announces corporate actions (daily job, dev route, the seed's demo event). */
    corporateActions: Custodian;
  }
}

export type RightsMarket = {
  rights: RightsIndex;
  /** The market with subscription rights quoted after their share (decision 022). */
  quotes: QuoteSource;
  instrumentOrRights: (isin: string) => Promise<Instrument | undefined>;
  /** A position of subscription rights: the event and the share they belong to; null for anything else. */
  rightsOf: (isin: string) => Promise<{ eventId: string; isin: string } | null>;
};

/** Subscription rights have no market: their quotes follow the share, and they are instruments of their own. */
export async function rightsMarket(ctx: AreaBase & { market: QuoteSource; instruments: InstrumentService }): Promise<RightsMarket> {
  const { instruments } = ctx;
  const rights = rightsIndex({ db: ctx.db, clock: ctx.marketClock, currencyOf: async (isin) => (await instruments.get(isin))?.quoteCurrencyCode ?? 'EUR' });
  await rights.load();
  return {
    rights,
    quotes: withRightsQuotes(ctx.market, rights),
    instrumentOrRights: withRightsInstruments((isin) => instruments.get(isin), rights),
    rightsOf: async (isin) => {
      const r = (await instruments.get(isin)) ? undefined : await rights.find(isin);
      return r ? { eventId: r.eventId, isin: r.isin } : null;
    },
  };
}

/** What the corporate actions ask of the order book (trading sits beside them, in the same layer). */
type TradingPorts = {
  deleteOrders: Parameters<typeof caJobs>[0]['deleteOrders'];
  write: Parameters<typeof caService>[0]['write'];
  afterBuy(run: (tx: Db, sub: string, isin: string, at: Date) => Promise<void>): void;
};

/** Corporate actions on the simulated clock: their dates and deadlines are the market's. */
export async function registerCorporateActions(
  app: FastifyInstance,
  ctx: RightsMarket & {
    config: Config;
    db: Db;
    marketClock: Clock;
    scheduler: Scheduler;
    book: BookingWriter;
    documents: DocumentStore;
    instruments: InstrumentService;
    /** The quote source as given: the simulated market is moved once when an event takes effect. */
    source: QuoteSource;
    trading: TradingPorts;
    authorisations: AuthorisationService;
  },
): Promise<void> {
  const { config, db, marketClock: clock, scheduler, quotes, rights, source, trading, authorisations, instruments } = ctx;
  const taxEnabled = !config.taxDisabled;
  const fxRate = (currency: string) => fxRateNow(quotes, currency);
  await caJobs({
    db,
    clock,
    scheduler,
    book: ctx.book,
    quotes,
    instrument: ctx.instrumentOrRights,
    fxRate,
    taxEnabled,
    rights,
    deleteOrders: (isin, reason) => trading.deleteOrders(isin, reason),
    // The simulated market knows nothing of corporate actions: its price follows the event once, when it takes effect.
    ...(source instanceof SimulatedMarket ? { movePrice: (isin: string, factor: string) => void source.move(isin, toWireDecimal(new Decimal(factor).minus(1).mul(100))) } : {}),
    log: app.log,
  }).start();
  const instrument = (isin: string) => instruments.get(isin);
  const ca = custodian({ db, clock, scheduler, quotes, documents: ctx.documents, instrument, rights, daily: config.env !== 'test', subscriptionRights: config.subscriptionRights });
  await ca.start();
  // A buy during an announcement period entitles the buyer at once, in the buy's transaction.
  trading.afterBuy((tx, sub, isin, at) => ca.boughtDuringAnnouncement(tx, sub, isin, at));
  app.decorate('corporateActions', ca);
  const service = caService({
    db,
    clock,
    quotes,
    instrument,
    fxRate,
    write: (run) => trading.write(run),
    redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    taxEnabled,
  });
  await app.register(caRoutes, { service });
  if (config.devTools) {
    await app.register(caDevRoutes, { custodian: ca, service, holds: async (sub, isin) => (await caStore(db).holders(isin)).some((h) => h.sub === sub) });
  }
}
