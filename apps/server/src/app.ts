import fastifyCookie from '@fastify/cookie';
import { customerDevRoutes } from './onboarding/dev-routes.ts';
import { customerRegister } from './onboarding/customers.ts';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSIONS } from '@kontor/domain/constants';
import { MULTI_ORDER_KINDS } from '@kontor/domain/order-rules';
import type { Config } from './config.ts';
import { type Clock, clockStartingAt, ShiftableClock, systemClock } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { installCanonicalPaths } from './platform/canonical-path.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { installJsonDepthLimit } from './platform/json-body.ts';
import { rateLimitStorage } from './platform/rate-limit-store.ts';
import { loggerOptions, requestLogger } from './platform/logger.ts';
import { installStaticWeb } from './platform/static-web.ts';
import { registerBackOffice } from './back-office-wiring.ts';
import type { SavingsPlanJobs } from './savings-plans/jobs.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { installXsrf } from './platform/xsrf.ts';
import { systemRoutes } from './system/routes.ts';
import { trackingRoutes } from './tracking/routes.ts';
import { trackingService } from './tracking/service.ts';
import { trackingStore } from './tracking/store.ts';
import { insightRoutes } from './instruments/insight-routes.ts';
import { instrumentRoutes } from './instruments/routes.ts';
import { watchlistRoutes } from './watchlists/routes.ts';
import { watchlistService } from './watchlists/service.ts';
import { watchlistStore } from './watchlists/store.ts';
import { loadInstruments } from './instruments/service.ts';
import { TAX_ID_NOTICE } from './notes/kontor-notices.ts';
import { notesRoutes } from './notes/routes.ts';
import { type NotesService, notesService } from './notes/service.ts';
import { notesStore } from './notes/store.ts';
import { externalLinks } from './system/runtime-config.ts';
import { identityRoutes } from './identity/routes.ts';
import { DEFAULT_POOL_SETTINGS, type CustomAuthHook } from './identity/pool-settings.ts';
import { identityService, type IdentityService } from './identity/service.ts';
import { srpWorkerPool } from './identity/srp-workers.ts';
import { sessionRoutes } from './identity/session-routes.ts';
import { identityStore, type IdentityStore } from './identity/store.ts';
import { loadSigningKeys, tokenIssuer } from './identity/tokens.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { type Messenger, outboxMessenger } from './outbox/service.ts';
import { outboxStore } from './outbox/store.ts';
import { type AccessTokenVerifier, installAuthGuard } from './platform/auth.ts';
import { remotePoolVerifier } from './platform/cognito-verifier.ts';
import { type QuoteSource, SimulatedMarket } from './market/feed.ts';
import { simulatedMarketFor } from './market/simulated-universe.ts';
import { marketDevRoutes } from './market/dev-routes.ts';
import { marketRoutes } from './market/routes.ts';
import { withReferenceQuotes } from './market/reference-quotes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { notificationService } from './notifications/service.ts';
import { notificationStore } from './notifications/store.ts';
import { notificationDelivery, type NotificationDelivery } from './notifications/delivery.ts';
import { deliveryStore, preferenceStore } from './notifications/preference-store.ts';
import { messageRoutes } from './messages/routes.ts';
import { messageDevRoutes } from './messages/dev-routes.ts';
import { messageService, type MessageService } from './messages/service.ts';
import { messageStore } from './messages/store.ts';
import { TradingService } from './trading/service.ts';
import { tradingRoutes } from './trading/routes.ts';
import { confirmationStore } from './trading/confirmation-store.ts';
import { lotStore } from './bookings/lot-store.ts';
import { bookingWriter } from './bookings/writer.ts';
import { documentStore } from './documents/store.ts';
import { documentRenderer, type DocumentRenderer } from './documents/renderer.ts';
import { periodicDocuments, type PeriodicDocuments } from './documents/periodic.ts';
import { bidInEuros } from './depot/bid-in-euros.ts';
import { depotRoutes } from './depot/routes.ts';
import { rightsIndex, withRightsInstruments, withRightsQuotes } from './corporate-actions/rights.ts';
import { type DepotService, depotService } from './depot/service.ts';
import { depotStore } from './depot/store.ts';
import { performanceRoutes } from './performance/routes.ts';
import { performanceService } from './performance/service.ts';
import { snapshotJobs } from './performance/snapshots.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { inboxService } from './inbox/service.ts';
import { moneyDevRoutes } from './money/dev-routes.ts';
import { moneyRoutes } from './money/routes.ts';
import { moneyService } from './money/service.ts';
import { clockDevRoutes } from './scheduler/dev-routes.ts';
import { createScheduler, type Scheduler } from './scheduler/scheduler.ts';
import { authorisationRoutes } from './authorisations/routes.ts';
import { type AuthorisationService, authorisationService } from './authorisations/service.ts';
import { authorisationStore } from './authorisations/store.ts';
import { tanHashKeyOf } from './authorisations/tan-hash-key.ts';
import { stepUpRoutes } from './authorisations/step-up-routes.ts';
import { stepUpService } from './authorisations/step-up.ts';
import { sessionActivityService, sessionActivityStore } from './platform/session-activity.ts';
import { IDLE_GATED_PAYLOAD_TYPES } from '@kontor/domain/auth-contracts';
import { deviceDevRoutes } from './devices/dev-routes.ts';
import { tradingDevRoutes } from './trading/dev-routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { type DeviceService, deviceService } from './devices/service.ts';
import { deviceStore } from './devices/store.ts';
import { customerSettingsStore } from './customer-settings/store.ts';
import type { TaxIncomeRuns } from './income/income-runs.ts';
import type { Custodian } from './corporate-actions/custodian.ts';
import { botProtection } from './onboarding/bot-protection.ts';
import { onboardingStore } from './onboarding/store.ts';
import { registeredClients } from './oauth/clients.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { loadOAuthKeys, oauthService, scopedRefusal } from './oauth/service.ts';
import { oauthStore } from './oauth/store.ts';
import { type Cluster, joinCluster } from './cluster/cluster.ts';
import { relayMarket } from './cluster/quote-relay.ts';
import type { AlertChange } from './notifications/service.ts';
import type { OrderMessage } from './trading/service.ts';
import { installRequestOrigin } from './security-log/origin.ts';
import { securityLogStore } from './security-log/store.ts';

// Field errors reach the customer, so validation messages are German.
z.config(z.locales.de());

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded user pool (null when a real provider pool is configured); for seeding and tests. */
    identity: IdentityService | null;
    identityStore: IdentityStore | null;
    quotes: QuoteSource;
    trading: TradingService;
    depot: DepotService;
    /** The simulated time: the market, orders, money and scheduled jobs follow it; dev tools move it forward. */
    simulatedClock: ShiftableClock;
    /** Due jobs of the back office; `main.ts` starts its polling, tests call `runDue()`. */
    scheduler: Scheduler;
    /** Strong customer authentication: the money area redeems its results. */
    authorisations: AuthorisationService;
    devices: DeviceService;
    /** After a notification is committed: the bell's live count, e-mail and push. */
    notificationDelivery: NotificationDelivery;
    messages: MessageService;
    /** Renders issued documents after their commit; tests call `renderPending()`. */
    documentRenderer: DocumentRenderer;
    /** Kontoauszug, Depotauszug, cost report: scheduler jobs; the seed issues a demo customer's past ones. */
    periodicDocuments: PeriodicDocuments;
    /** Notices from Kontor and own notes; other areas issue a notice for a customer through it. */
    notes: NotesService;
    /** Savings-plan days on the scheduler; the seed books a demo customer's past executions through `runBlock`. */
    savingsPlanJobs: SavingsPlanJobs;
    /** Dividends, Vorabpauschale and the Jahressteuerbescheinigung on the scheduler. */
    taxRuns: TaxIncomeRuns;
    /** The custodian stand-in: announces corporate actions (daily job, dev route, the seed's demo event). */
    corporateActions: Custodian;
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

/** Builds the whole API without listening; `main.ts` starts it, tests call `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : loggerOptions(config.logLevel, typeof deps.logger === 'object' ? deps.logger : undefined),
    // Rate limits count per client address, so only the configured hops may name the client.
    // Fastify ignores a bare hop count (it trusts nothing then), so the count is a trust function.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    childLoggerFactory: requestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Before any route: every JSON body passes the depth check (the user pool's parser too).
  installJsonDepthLimit(app);
  // The security log names where a request came from (shortened address, country, browser).
  installRequestOrigin(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.botProtectionScriptUrl ? [new URL(config.botProtectionScriptUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          ...(config.errorReportingDsn ? [new URL(config.errorReportingDsn).origin] : []),
          // A real user pool is called from the browser at the provider's regional endpoint.
          ...(config.identity.provider === 'cognito' ? [`https://cognito-idp.${config.identity.region}.amazonaws.com`] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  // Before every check that reads the URL (XSRF, the auth guard): the router decodes what they see raw.
  installCanonicalPaths(app);
  await app.register(fastifyCookie);
  // Only routes with a limit of their own count, in a store every process shares (decision 029).
  const limits = await rateLimitStorage({ db, redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => limits.close());
  await app.register(fastifyRateLimit, { global: false, ...limits.options });
  installXsrf(app, { secure: config.secureCookies, exemptPaths: ['/api/oauth2/token'] });
  const cluster = await joinCluster(app, { db, url: config.internalUrl });
  const { bus } = cluster;
  app.decorate('cluster', cluster);

  const outbox = outboxStore(db);
  const messenger = deps.messenger ?? outboxMessenger({ store: outbox, clock, log: app.log, echoToLog: config.devTools });

  // Identity: Kontor's own user pool, or a real provider pool whose tokens we only verify.
  let identity: IdentityService | null = null;
  let idStore: IdentityStore | null = null;
  let verify: AccessTokenVerifier;
  if (config.identity.provider === 'embedded') {
    idStore = identityStore(db);
    const keys = await loadSigningKeys(idStore, config.identity.poolId, clock);
    const tokens = tokenIssuer({ issuer: config.identity.issuer, keys, clock });
    // SRP's big-number work on worker threads (started on the first sign-in), not the event loop.
    const srpWorkers = config.srpWorkers > 0 ? srpWorkerPool(config.srpWorkers) : undefined;
    if (srpWorkers) app.addHook('onClose', () => srpWorkers.close());
    identity = identityService({
      store: idStore,
      clock,
      messenger,
      tokens,
      customAuth: deps.customAuth,
      events: { record: (sub, kind) => securityLogStore.record(db, { sub, kind, at: clock.now() }) },
      pow: srpWorkers?.pow,
      pool: { ...DEFAULT_POOL_SETTINGS, poolId: config.identity.poolId, clientIds: [config.identity.clientId] },
      onRevoked: () => bus.publish('tokens', [1]),
      // Set once the devices are built below: a sign-in waiting for approval in the app changes nothing.
      sessionWaiting: (sub, session) => devices.sessionWaiting(sub, session),
    });
    const service = identity;
    bus.subscribe('tokens', () => service.forgetVerifiedTokens());
    verify = async (token) => {
      const found = await service.verifyAccessToken(token);
      // The session comes with the remembered verification: no second decode of the token per request.
      return found ? { sub: found.user.sub, session: found.session, signedInAt: found.signedInAt } : null;
    };
    await app.register(identityRoutes, { service, tokens, path: config.identity.path, poolId: config.identity.poolId, concurrency: config.identityConcurrency });
  } else {
    verify = remotePoolVerifier({ issuer: config.identity.issuer, clientId: config.identity.clientId });
  }
  // Strong customer authentication and the Kontor app; a sign-in that must be approved in the
  // app may call little else until it is (the guard's second step).
  const devicesStore = deviceStore(db);
  const notifications = notificationStore(db);
  const delivery = notificationDelivery({
    db,
    store: notifications,
    preferences: preferenceStore(db),
    delivery: deliveryStore(db),
    clock,
    messenger,
    emailOf: async (sub) => (idStore ? await idStore.userBySub(sub) : undefined)?.attributes.email ?? null,
    devicesOf: async (sub) => (await devicesStore.activeOf(sub)).map((d) => d.serial),
    log: app.log,
  });
  await delivery.start();
  app.addHook('onClose', async () => delivery.stop());
  app.decorate('notificationDelivery', delivery);
  // Inactivity is enforced here, not only in the browser: money and authorisation calls of a
  // session idle for MONEY_IDLE_LIMIT_MS are refused until a step-up (sign-in time: the app's clock).
  const activity = sessionActivityService({ store: sessionActivityStore(db), clock });
  const authorisations = authorisationService({
    store: authorisationStore(db),
    tanHashKey: tanHashKeyOf(config, app.log),
    log: app.log,
    gate: async (asker, type) => {
      if (!IDLE_GATED_PAYLOAD_TYPES.includes(type)) return;
      await activity.requireActive(asker);
      await activity.record(asker);
    },
    clock,
    messenger,
    mobileNumberOf: async (sub) => {
      const a = (idStore ? await idStore.userBySub(sub) : undefined)?.attributes ?? {};
      return a.phone_number && a.phone_number_verified === 'true' ? a.phone_number : null;
    },
    deviceOf: (sub, serial) => devicesStore.activeOne(sub, serial),
  });
  const register = customerRegister(db);
  const devices = deviceService({ db, store: devicesStore, clock, authorisations, push: delivery });
  app.decorate('authorisations', authorisations);
  app.decorate('devices', devices);
  // Third-party applications the customer connected (OAuth 2): their tokens read positions and orders, nothing else.
  const oauthData = oauthStore(db);
  const oauth = oauthService({
    store: oauthData,
    clock,
    issuer: new URL('/api/oauth2', config.publicUrl).toString(),
    clients: registeredClients(config),
    keys: await loadOAuthKeys(oauthData, clock),
  });
  installAuthGuard(app, verify, {
    publicPrefixes: ['/api/docs'],
    checkSession: async (customer, method, url) => {
      // A second wall behind the pool's closed sign-up: only who the account opening made is served.
      await register.assertCustomer(customer.sub);
      await devices.checkSession(customer, method, url);
    },
    scopedTokens: async (token) => {
      const access = await oauth.verifyAccessToken(token);
      return access && { ...access, refusal: (method, routeUrl) => scopedRefusal(access, method, routeUrl) };
    },
  });
  app.decorate('identity', identity);
  app.decorate('identityStore', idStore);
  // After validation, so a malformed call is still a 400; the refused call changes nothing.
  app.addHook('preHandler', async (req) => {
    if (!req.routeOptions.config.activeSession || !req.customer) return;
    await activity.requireActive(req.customer);
    await activity.record(req.customer);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kontor API', description: 'API of the Kontor web application', version: APP_VERSIONS.api },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const bot = botProtection({ db, store: onboardingStore, clock, difficulty: config.botProtectionDifficulty });
  await app.register(systemRoutes, {
    config,
    clock,
    issueChallenge: bot.issue,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  });
  await app.register(trackingRoutes, { service: trackingService({ store: trackingStore(db), clock }) });
  // The instrument universe is reference data, not demo data: seeded once (idempotent, also with
  // SEED_DEMO_DATA off) and indexed for search at every start.
  // Without multi-order strategies (feature flag) no instrument offers an OCO order.
  const instruments = await loadInstruments({ db, disabledKinds: config.featureFlags.multiOrderStrategies ? [] : MULTI_ORDER_KINDS });
  app.decorate('instruments', instruments);
  await app.register(instrumentRoutes, { service: instruments });
  await app.register(insightRoutes, { service: instruments, clock });
  await app.register(watchlistRoutes, {
    service: watchlistService({ store: watchlistStore(db), clock, instrumentExists: async (isin) => !!(await instruments.get(isin)) }),
  });

  await app.register(sessionRoutes, { verify, clock, secure: config.secureCookies, store: idStore });
  if (config.devTools) await app.register(outboxRoutes, { store: outbox });
  if (config.devTools && identity) await app.register(customerDevRoutes, { db, identity, clock });
  await app.register(authorisationRoutes, { service: authorisations });
  await app.register(stepUpRoutes, { service: stepUpService({ db, authorisations, activity }) });
  await app.register(oauthRoutes, { service: oauth });
  await app.register(deviceRoutes, { service: devices });
  if (config.devTools) await app.register(deviceDevRoutes, { devices, authorisations, clock, pushesOf: delivery.pushesOf });
  // The market maker stand-in quotes the whole universe unless a quote source is given.
  // Sign-in and sessions keep the real clock: moving time forward must not end the demo's session.
  const marketClock = new ShiftableClock(deps.marketClock ?? (config.marketClockStart ? clockStartingAt(config.marketClockStart, clock) : clock));
  app.decorate('simulatedClock', marketClock);
  const scheduler = createScheduler({ db, clock: marketClock, log: app.log, lock: cluster.schedulerLock });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  const source = deps.quotes ?? (await simulatedMarketFor(instruments, marketClock));
  app.decorate('quotes', source);
  if (source instanceof SimulatedMarket) relayMarket({ bus, leadership: cluster.leadership, market: source, clock: marketClock });
  // The reference ISINs are quoted through their quote ISINs everywhere (decision 024).
  const market = withReferenceQuotes(source);
  // Subscription rights have no market: their quotes follow the share (corporate actions, decision 022).
  const rights = rightsIndex({ db, clock: marketClock, currencyOf: async (isin) => (await instruments.get(isin))?.quoteCurrencyCode ?? 'EUR' });
  await rights.load();
  const quotes = withRightsQuotes(market, rights);
  const instrumentOrRights = withRightsInstruments((isin) => instruments.get(isin), rights);
  await app.register(marketRoutes, { quotes });
  if (config.devTools && source instanceof SimulatedMarket) await app.register(marketDevRoutes, { market: source });
  const alerts = notificationService({
    store: notifications,
    clock,
    quotes,
    instrument: (isin) => instruments.get(isin),
    log: app.log,
    relay: (change) => bus.publish('alerts', [change]),
  });
  bus.subscribe('alerts', (changes) => changes.forEach((c) => alerts.relayed(c as AlertChange)));
  await alerts.start();
  app.addHook('onClose', async () => alerts.stop());
  await app.register(notificationRoutes, { service: alerts, delivery });

  const documents = documentStore(db);
  const book = bookingWriter({ lots: lotStore, documents });
  const trading = await TradingService.start({
    db,
    clock: marketClock,
    // Rights are not traded: the order path reads the market directly.
    quotes: market,
    instrument: (isin) => instruments.get(isin),
    lots: lotStore,
    confirmations: confirmationStore(db),
    documents,
    book,
    taxEnabled: !config.taxDisabled,
    log: app.log,
    leading: false,
    relayOrderMessages: (messages) => bus.publish('orders', messages),
  });
  bus.subscribe('orders', (messages) => trading.relayedOrderMessages(messages as OrderMessage[]));
  // The engine runs in the leading process only; one that takes over rebuilds it from the database.
  await cluster.leadership.whileLeading(async () => {
    await trading.activate();
    return () => trading.deactivate();
  });
  app.decorate('trading', trading);
  app.addHook('onClose', async () => trading.close());
  await app.register(tradingRoutes, { service: trading, notifications: delivery });
  if (config.devTools) await app.register(tradingDevRoutes, { trading });
  const messages = messageService({ db, store: messageStore(db), clock: marketClock });
  app.decorate('messages', messages);
  await app.register(messageRoutes, { service: messages });
  if (config.devTools) await app.register(messageDevRoutes, { service: messages });
  if (config.devTools) await app.register(clockDevRoutes, { clock: marketClock, scheduler, afterAdvance: () => trading.tick() });
  // Notices run on the simulated time, so moving the clock past a deadline ends its notice.
  const notes = notesService({
    db,
    store: notesStore(db),
    clock: marketClock,
    instrumentName: async (isin) => (await instruments.get(isin))?.name,
    // The Steuer-ID notice asks for what the account opening or a ticket may already have given.
    settledNotices: async (sub) => ((await customerSettingsStore.settingsOf(db, sub))?.taxResidences?.some((r) => r.taxId) ? [TAX_ID_NOTICE] : []),
  });
  await notes.seedKontorNotices(externalLinks.priceList);
  app.decorate('notes', notes);
  await app.register(notesRoutes, { service: notes });
  const depot = depotService({
    db,
    store: depotStore(db),
    instrument: instrumentOrRights,
    rightsOf: async (isin) => {
      const r = (await instruments.get(isin)) ? undefined : await rights.find(isin);
      return r ? { eventId: r.eventId, isin: r.isin } : null;
    },
    bidEur: (isin, currency) => bidInEuros(quotes, isin, currency),
  });
  app.decorate('depot', depot);
  await app.register(depotRoutes, { service: depot });
  await app.register(performanceRoutes, { service: performanceService({ db, clock: marketClock, quotes, instrument: instrumentOrRights }) });
  await snapshotJobs({ db, clock: marketClock, scheduler, quotes, currencyOf: async (isin) => (await instrumentOrRights(isin))?.quoteCurrencyCode ?? 'EUR' }).start();
  // Inside a transaction (the back office's job), the name is read through it: PGlite has one connection.
  const customerNameIn = async (tx: Db, sub: string) => {
    const a = (idStore ? await identityStore(tx).userBySub(sub) : undefined)?.attributes ?? {};
    return [a.given_name, a.family_name].filter(Boolean).join(' ') || a.email || 'Kundin/Kunde';
  };
  const customerName = (sub: string) => customerNameIn(db, sub);
  const renderer = documentRenderer({ store: documents, holderName: customerName, log: app.log });
  app.decorate('documentRenderer', renderer);
  app.addHook('onClose', async () => renderer.stop());
  // What was issued but not rendered before the last stop (or before the last leader died).
  renderer.wake();
  await cluster.leadership.whileLeading(() => renderer.wake());
  await app.register(inboxRoutes, { service: inboxService({ documents, renderer, clock, unreadMessages: (sub) => messages.countUnread(sub) }) });
  const money = moneyService({
    db,
    clock: marketClock,
    book,
    trading,
    scheduler,
    authorisations,
    directDebitEnabled: config.featureFlags.directDebit,
    holderName: customerName,
    instrumentName: async (isin) => (await instruments.get(isin))?.name,
    log: app.log,
  });
  await app.register(moneyRoutes, { service: money });
  const periodic = periodicDocuments({
    db,
    clock: marketClock,
    documents,
    scheduler,
    quotes,
    instrument: instrumentOrRights,
    accountEntries: money.accountEntries,
  });
  await periodic.start();
  app.decorate('periodicDocuments', periodic);
  if (config.devTools) await app.register(moneyDevRoutes, { service: money });

  await registerBackOffice(app, {
    config,
    db,
    clock,
    marketClock,
    scheduler,
    messenger,
    idStore,
    authorisations,
    trading,
    instruments,
    instrumentOrRights,
    rights,
    source,
    quotes,
    documents,
    renderer,
    book,
    bot,
    customerName,
    customerNameIn,
    money,
  });

  await installStaticWeb(app, config.webDistDir);
  return app;
}
