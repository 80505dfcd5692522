import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type Clock, clockStartingAt, ShiftableClock, systemClock } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { createHttpApp } from './platform/http-app.ts';
import { installAuthGuard } from './platform/auth.ts';
import { installStaticWeb } from './platform/static-web.ts';
import { type Cluster, joinCluster } from './cluster/cluster.ts';
import { relayMarket } from './cluster/quote-relay.ts';
import { registerOutbox } from './outbox/register.ts';
import type { Messenger } from './outbox/service.ts';
import { registerIdentity } from './identity/register.ts';
import type { CustomAuthHook } from './identity/pool-settings.ts';
import { registerSystem } from './system/register.ts';
import { externalLinks } from './system/runtime-config.ts';
import { registerTracking } from './tracking/register.ts';
import { registerInstruments } from './instruments/register.ts';
import { registerWatchlists } from './watchlists/register.ts';
import { marketSources, registerMarket } from './market/register.ts';
import { type QuoteSource, SimulatedMarket } from './market/feed.ts';
import { registerScheduler } from './scheduler/register.ts';
import { registerNotifications } from './notifications/register.ts';
import { registerAuthorisations } from './authorisations/register.ts';
import { registerOAuth } from './oauth/register.ts';
import { scopedRefusal } from './oauth/service.ts';
import { registerDevices } from './devices/register.ts';
import type { DeviceService } from './devices/service.ts';
import type { DocumentStore } from './documents/store.ts';
import { registerDocuments, registerPeriodicDocuments } from './documents/register.ts';
import { registerBookings } from './bookings/register.ts';
import { registerTrading } from './trading/register.ts';
import type { TradingService } from './trading/service.ts';
import { registerMessages } from './messages/register.ts';
import { registerNotes } from './notes/register.ts';
import { TAX_ID_NOTICE } from './notes/kontor-notices.ts';
import { registerDepot } from './depot/register.ts';
import { registerPerformance } from './performance/register.ts';
import { registerInbox } from './inbox/register.ts';
import { registerMoney } from './money/register.ts';
import { poolSecurityEvents, registerSecurityLog } from './security-log/register.ts';
import { installRequestOrigin } from './security-log/origin.ts';
import { registerSavingsPlans } from './savings-plans/register.ts';
import { registerTickets } from './tickets/register.ts';
import { registerCustomerSettings } from './customer-settings/register.ts';
import { customerSettingsStore } from './customer-settings/store.ts';
import { registerEmailChange } from './email-change/register.ts';
import { registerStats } from './stats/register.ts';
import { registerOnboarding } from './onboarding/register.ts';
import { botProtection } from './onboarding/bot-protection.ts';
import { customerRegister } from './onboarding/customers.ts';
import { onboardingStore } from './onboarding/store.ts';
import { registerTax } from './tax/register.ts';
import { registerIncome } from './income/register.ts';
import { registerCorporateActions, rightsMarket } from './corporate-actions/register.ts';
import { setOrderEventNotificationRead } from './notifications/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process among the others on the same database: who leads, and the bus between them. */
    cluster: Cluster;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  /**
   * Time of the market, the order book, money and scheduled jobs; the app's clock unless
   * MARKET_CLOCK_START moves it. Dev tools move it forward further ("Zeit vorspulen").
   */
  marketClock?: Clock;
  /** The SMS/mail gateway; defaults to the embedded outbox. */
  messenger?: Messenger;
  customAuth?: CustomAuthHook;
  /** Where quotes come from: the simulated market by default, a market-data adapter in production. */
  quotes?: QuoteSource;
  /** Tests pass false to keep their output quiet, or a stream to read what was logged. */
  logger?: boolean | { write(line: string): void };
};

/**
 * Builds the whole API without listening; `main.ts` starts it, tests call `inject`.
 * Each area registers itself with the services of the areas above it in this list (its layer,
 * decision 035). Where an area calls one registered further down at run time, it gets a function
 * (`later` below), never the area itself.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Sign-in and sessions keep the real clock: moving time forward must not end the demo's session.
  const clock = deps.clock ?? systemClock;
  const marketClock = new ShiftableClock(deps.marketClock ?? (config.marketClockStart ? clockStartingAt(config.marketClockStart, clock) : clock));
  const app = await createHttpApp({ config, db, logger: deps.logger });
  // The security log names where a request came from (shortened address, country, browser).
  installRequestOrigin(app);
  const cluster = await joinCluster(app, { db, url: config.internalUrl });
  app.decorate('cluster', cluster);
  const base = { config, db, clock, marketClock, cluster };
  // Registered further down; called only while requests and jobs run.
  const later = {} as { devices: DeviceService; trading: TradingService; documents: DocumentStore };

  const { messenger } = await registerOutbox(app, { ...base, messenger: deps.messenger });
  const identity = await registerIdentity(app, {
    ...base,
    messenger,
    customAuth: deps.customAuth,
    events: poolSecurityEvents(db, clock),
    sessionWaiting: (sub, session) => later.devices.sessionWaiting(sub, session),
  });
  const bot = botProtection({ db, store: onboardingStore, clock, difficulty: config.botProtectionDifficulty });
  await registerSystem(app, { ...base, issueChallenge: bot.issue });
  await registerTracking(app, base);
  const { instruments } = await registerInstruments(app, base);
  await registerWatchlists(app, { ...base, instruments });
  const { source, market } = await marketSources(app, { quotes: deps.quotes, instruments, marketClock });
  if (source instanceof SimulatedMarket) relayMarket({ bus: cluster.bus, leadership: cluster.leadership, market: source, clock: marketClock });
  const withRights = await rightsMarket({ ...base, market, instruments });
  const { quotes } = withRights;
  await registerMarket(app, { config, source, quotes });
  const { scheduler } = await registerScheduler(app, { ...base, afterAdvance: () => later.trading.tick() });
  const { delivery } = await registerNotifications(app, {
    ...base,
    messenger,
    idStore: identity.idStore,
    quotes,
    instruments,
    devicesOf: (sub) => later.devices.activeSerialsOf(sub),
    documentRead: async (sub, documentId) => void (await later.documents.setRead(sub, documentId, true, clock.now())),
  });
  const { authorisations } = await registerAuthorisations(app, { ...base, messenger, idStore: identity.idStore, deviceOf: (sub, serial) => later.devices.activeOne(sub, serial), hasApp: async (sub) => (await later.devices.activeSerialsOf(sub)).length > 0 });
  const { oauth } = await registerOAuth(app, base);
  const { devices } = await registerDevices(app, { ...base, authorisations, delivery });
  later.devices = devices;
  // A second wall behind the pool's closed sign-up: only who the account opening made is served;
  // a sign-in that must be approved in the app may call little else until it is.
  const customers = customerRegister(db);
  installAuthGuard(app, identity.verify, {
    publicPrefixes: ['/api/docs'],
    checkSession: async (customer, method, url) => {
      await customers.assertCustomer(customer.sub);
      await devices.checkSession(customer, method, url);
    },
    scopedTokens: async (token) => {
      const access = await oauth.verifyAccessToken(token);
      return access && { ...access, refusal: (method, routeUrl) => scopedRefusal(access, method, routeUrl) };
    },
  });

  const { documents, renderer } = await registerDocuments(app, { ...base, customerName: identity.customerName });
  later.documents = documents;
  const { book } = registerBookings({ documents });
  const { trading } = await registerTrading(app, { ...base, market, instruments, documents, book, delivery });
  later.trading = trading;
  // One unread event: a message about an order and the bell's notification of it are read together.
  const { messages } = await registerMessages(app, { ...base, orderEventRead: setOrderEventNotificationRead });
  // The Steuer-ID notice asks for what the account opening or a ticket may already have given.
  const settledNotices = async (sub: string) => ((await customerSettingsStore(db).settingsOf(sub))?.taxResidences?.some((r) => r.taxId) ? [TAX_ID_NOTICE] : []);
  await registerNotes(app, { ...base, instruments, settledNotices, priceList: externalLinks.priceList });
  await registerDepot(app, { ...base, ...withRights });
  await registerPerformance(app, { ...base, scheduler, ...withRights });
  await registerInbox(app, { ...base, documents, renderer, unreadMessages: (sub) => messages.countUnread(sub) });
  const { money } = await registerMoney(app, { ...base, book, trading, scheduler, authorisations, instruments, customerName: identity.customerName });
  await registerPeriodicDocuments(app, { ...base, documents, scheduler, quotes, instrument: withRights.instrumentOrRights, accountEntries: money.accountEntries });

  const backOffice = { ...base, scheduler, documents, book, instruments, quotes, authorisations, ...identity };
  await registerSecurityLog(app, backOffice);
  await registerSavingsPlans(app, { ...backOffice, money, afterAdvance: () => trading.tick() });
  await registerTickets(app, backOffice);
  await registerCustomerSettings(app, base);
  await registerEmailChange(app, { ...backOffice, messenger });
  await registerStats(app, base);
  await registerOnboarding(app, { ...backOffice, messenger, renderer, bot });
  await registerTax(app, backOffice);
  await registerIncome(app, backOffice);
  await registerCorporateActions(app, { ...backOffice, ...withRights, source, trading });

  await installStaticWeb(app, config.webDistDir);
  return app;
}
