import Decimal from 'decimal.js';
import { outboxStore } from './outbox/store.ts';
import type { FastifyInstance } from 'fastify';
import { EUR_USD_ISIN, eurPerUnit } from '@kontor/domain/fx';
import type { Instrument } from '@kontor/domain/instrument';
import type { BookingWriter } from './bookings/writer.ts';
import type { Config } from './config.ts';
import { custodian } from './corporate-actions/custodian.ts';
import { caDevRoutes } from './corporate-actions/dev-routes.ts';
import { caJobs } from './corporate-actions/jobs.ts';
import type { RightsIndex, withRightsInstruments } from './corporate-actions/rights.ts';
import { caRoutes } from './corporate-actions/routes.ts';
import { caService } from './corporate-actions/service.ts';
import { caStore } from './corporate-actions/store.ts';
import { customerSettingsRoutes } from './customer-settings/routes.ts';
import { customerSettingsService } from './customer-settings/service.ts';
import { customerSettingsStore } from './customer-settings/store.ts';
import { renderExemptionOrderForm } from './documents/exemption-order-form.ts';
import type { DocumentRenderer } from './documents/renderer.ts';
import type { DocumentStore } from './documents/store.ts';
import { emailChangeRoutes } from './email-change/routes.ts';
import { emailChangeService } from './email-change/service.ts';
import { emailChangeStore } from './email-change/store.ts';
import { embeddedPoolUsers, type PoolUsers } from './identity/service.ts';
import { embeddedEmailAddresses, embeddedPhoneNumbers, type IdentityStore, type PhoneNumberPool } from './identity/store.ts';
import { dividendHistory } from './instruments/insights.ts';
import type { InstrumentService } from './instruments/service.ts';
import { SimulatedMarket, type QuoteSource } from './market/feed.ts';
import { fxRateAt, fxRateNow, priceAt } from './market/price-at.ts';
import { welcomeMessage } from './messages/service.ts';
import { insertMessages } from './messages/store.ts';
import { moneyStore } from './money/store.ts';
import type { MoneyService } from './money/service.ts';
import { savingsPlanDevRoutes } from './savings-plans/dev-routes.ts';
import { savingsPlanJobs } from './savings-plans/jobs.ts';
import { savingsPlanRoutes } from './savings-plans/routes.ts';
import { savingsPlanService } from './savings-plans/service.ts';
import { bidInEuros } from './depot/bid-in-euros.ts';
import { securityLogRoutes } from './security-log/routes.ts';
import { securityLogService } from './security-log/service.ts';
import type { BotProtection } from './onboarding/bot-protection.ts';
import { onboardingDevRoutes, onboardingRoutes } from './onboarding/routes.ts';
import { onboardingService } from './onboarding/service.ts';
import { onboardingStore } from './onboarding/store.ts';
import type { Messenger } from './outbox/service.ts';
import type { AuthorisationService } from './authorisations/service.ts';
import type { Clock, ShiftableClock } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { AppError } from './platform/errors.ts';
import type { Scheduler } from './scheduler/scheduler.ts';
import { statsRoutes } from './stats/routes.ts';
import { statsService } from './stats/service.ts';
import { statsStore } from './stats/store.ts';
import { taxIncomeRuns } from './income/income-runs.ts';
import { taxRoutes } from './tax/routes.ts';
import { taxService } from './tax/service.ts';
import { taxStore } from './tax/store.ts';
import { serviceRequestAppliers } from './tickets/apply.ts';
import { ticketAttachmentRoutes } from './tickets/attachment-routes.ts';
import { databaseAttachmentStorage } from './tickets/attachment-storage.ts';
import { attachmentService } from './tickets/attachments.ts';
import { ticketBackOffice } from './tickets/back-office.ts';
import { lossCertificateIssued } from './tickets/context-rules.ts';
import { exemptionAttributes, exemptionFormData } from './tickets/exemption-form.ts';
import { ticketRoutes } from './tickets/routes.ts';
import { ticketService } from './tickets/service.ts';
import type { TradingService } from './trading/service.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/** What `buildApp()` has built before the back office: the shared services, stores and clocks. */
export type BackOfficeParts = {
  config: Config;
  db: Db;
  /** Real time: the e-mail change and its TAN, the pool's records. */
  clock: Clock;
  /** The simulated time: tickets, the account opening, tax and corporate actions follow it. */
  marketClock: ShiftableClock;
  scheduler: Scheduler;
  messenger: Messenger;
  /** The embedded pool's store; null with a provider pool. */
  idStore: IdentityStore | null;
  authorisations: AuthorisationService;
  trading: TradingService;
  instruments: InstrumentService;
  instrumentOrRights: ReturnType<typeof withRightsInstruments>;
  rights: RightsIndex;
  /** The quote source as given (the simulated market unless one was passed). */
  source: QuoteSource;
  /** The quotes with the reference ISINs and subscription rights. */
  quotes: QuoteSource;
  documents: DocumentStore;
  renderer: DocumentRenderer;
  book: BookingWriter;
  bot: BotProtection;
  customerName: (sub: string) => Promise<string>;
  customerNameIn: (tx: Db, sub: string) => Promise<string>;
  money: MoneyService;
};

/**
 * The back office and the customer's records: the security log, savings plans, service requests
 * (tickets) and what they change (settings, e-mail address), the account opening, stats, tax runs
 * and corporate actions.
 * `buildApp()` calls it after trading, money and documents are up.
 */
export async function registerBackOffice(app: FastifyInstance, parts: BackOfficeParts): Promise<void> {
  const { config, db, clock, marketClock, scheduler, messenger, idStore, authorisations, trading, instruments } = parts;
  const { instrumentOrRights, rights, source, quotes, documents, renderer, book, bot, customerName, customerNameIn, money } = parts;
  const securityLog = securityLogService({ db, clock: marketClock, scheduler });
  await securityLog.start();
  await app.register(securityLogRoutes, { service: securityLog });

  const fxRate = (i: Instrument) => fxRateNow(quotes, i.quoteCurrencyCode) ?? '1';
  const savingsJobs = savingsPlanJobs({
    db,
    clock: marketClock,
    scheduler,
    instrument: (isin) => instruments.get(isin),
    askAt: (isin, at) => priceAt(quotes, isin, at, marketClock.now(), 'ask'),
    // A day gone by (the demo's executions) at that day's rate, as its price.
    fxRateAt: (i, at) => fxRateAt(quotes, i.quoteCurrencyCode, at, marketClock.now()) ?? '1',
    collectDebit: money.collectDebit,
    issued: () => documents.announceIssued(),
    log: app.log,
  });
  await savingsJobs.start();
  app.decorate('savingsPlanJobs', savingsJobs);
  await app.register(savingsPlanRoutes, {
    service: savingsPlanService({
      db,
      clock: marketClock,
      instrument: (isin) => instruments.get(isin),
      quote: (isin) => quotes.current(isin),
      fxRate,
      bidEur: (isin, currency) => bidInEuros(quotes, isin, currency),
      directDebitAvailable: money.directDebitAvailable,
    }),
  });
  if (config.devTools) await app.register(savingsPlanDevRoutes, { db, clock: marketClock, scheduler, afterAdvance: () => trading.tick() });

  // A provider's pool would take the number by AdminUpdateUserAttributes, which has no credentials here:
  // the job fails (and is retried) rather than closing the ticket with the old number still in place.
  const phoneNumbers: PhoneNumberPool = idStore
    ? embeddedPhoneNumbers(clock)
    : { setVerifiedPhoneNumber: async () => Promise.reject(new Error('no admin access to the user pool: the mobile number cannot be changed')) };
  const smsInTransaction = (tx: Db, recipient: string, text: string) => outboxStore(tx).insert({ recipient, channel: 'sms', text, code: null, createdAt: clock.now() });
  // Ticket attachments: the bytes in the database (production: an object store), no virus scanner embedded.
  const ticketAttachments = attachmentService({ db, clock: marketClock, storage: databaseAttachmentStorage(db, marketClock) });
  const tickets = ticketService({
    db,
    attachments: ticketAttachments,
    clock: marketClock,
    scheduler,
    redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    customerName,
    contextProblems: lossCertificateIssued(taxStore),
  });
  ticketBackOffice({ clock: marketClock, scheduler, documents, appliers: serviceRequestAppliers({ phoneNumbers, directDebitEnabled: config.featureFlags.directDebit, smsInTransaction }), customerName: customerNameIn });
  await app.register(ticketRoutes, {
    service: tickets,
    fsaPreview: async (sub, data) =>
      renderExemptionOrderForm(await exemptionFormData(db, sub, await customerName(sub), exemptionAttributes(data)), { preview: true, now: marketClock.now() }),
  });
  // What service requests changed; the simulated clock, as the back office carries them out on it.
  await app.register(customerSettingsRoutes, {
    service: customerSettingsService({ db, clock: marketClock, store: customerSettingsStore, tax: taxStore }),
  });
  // The e-mail address is the pool's sign-in name; its change runs on real time like the TAN that authorises it.
  await app.register(emailChangeRoutes, {
    service: emailChangeService({
      db,
      clock,
      store: emailChangeStore,
      pool: idStore ? embeddedEmailAddresses(clock) : null,
      messenger,
      redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    }),
  });
  await app.register(statsRoutes, { service: statsService({ db, clock: marketClock, store: statsStore }) });

  await app.register(ticketAttachmentRoutes, { service: ticketAttachments });

  // Account opening: the new customer's parts are written where their areas keep them, in one transaction.
  const poolUsers: PoolUsers = idStore
    ? embeddedPoolUsers(config.identity.poolId, clock)
    : { subOf: async () => null, create: async () => Promise.reject(new AppError(503, 'Die Kontoeröffnung ist hier gerade nicht möglich. Bitte versuchen Sie es später noch einmal.')) };
  const onboarding = onboardingService({
    db,
    store: onboardingStore,
    clock: marketClock,
    messenger,
    accountExists: async (email) => !!(idStore && (await idStore.findUser(config.identity.poolId, email))),
    records: {
      poolUsers,
      setAddress: customerSettingsStore.setAddress,
      setTaxResidences: customerSettingsStore.setTaxResidences,
      addReferenceAccount: moneyStore.addReferenceAccount,
      setAdvertisingConsent: customerSettingsStore.setAdvertisingConsent,
      issueAccountOpeningDocument: async (tx, sub, at, data) => {
        await documents.issue(tx, sub, at, { kind: 'account_opening', dedupeKey: 'account_opening', title: 'Kontoeröffnungsunterlagen', pdfTitle: null, pdfIsin: null, data, notify: true });
      },
      sendWelcome: (tx, sub, at) => insertMessages(tx, [welcomeMessage(sub, at.toISOString())]),
    },
    documentPdf: async (sub) => {
      const id = (await documents.byKeys(sub, ['account_opening'])).get('account_opening');
      return id ? (await renderer.pdf(sub, id))?.pdf : undefined;
    },
  });
  await app.register(onboardingRoutes, { service: onboarding, bot });
  if (config.devTools) await app.register(onboardingDevRoutes, { service: onboarding });
  // Tax on the simulated clock: the year of an event is the market's year.
  await app.register(taxRoutes, { service: taxService({ db, clock: marketClock, documents, enabled: !config.taxDisabled }) });
  const priceThen = (isin: string, at: Date) => priceAt(quotes, isin, at, marketClock.now(), 'mid');
  const taxRuns = taxIncomeRuns({
    db,
    clock: marketClock,
    scheduler,
    book,
    documents,
    instrument: (isin) => instruments.get(isin),
    // The year's entry of the instrument's dividend data, as its page shows it that year.
    dividendPerShare: async (instrument, year, at) => {
      const price = await instruments.referencePrice(instrument.isin);
      return (price && dividendHistory(instrument, price, at).entries.find((e) => e.year === year)?.yieldAbsolute) || null;
    },
    priceAt: priceThen,
    fxAt: (currency, at) => eurPerUnit(currency, currency === 'USD' ? priceThen(EUR_USD_ISIN, at) : null),
    taxEnabled: !config.taxDisabled,
  });
  await taxRuns.start();
  app.decorate('taxRuns', taxRuns);
  await caJobs({
    db,
    clock: marketClock,
    scheduler,
    book,
    quotes,
    instrument: instrumentOrRights,
    fxRate: (currency) => fxRateNow(quotes, currency),
    taxEnabled: !config.taxDisabled,
    rights,
    deleteOrders: (isin, reason) => trading.deleteOrders(isin, reason),
    // The simulated market knows nothing of corporate actions: its price follows the event once, when it takes effect.
    ...(source instanceof SimulatedMarket ? { movePrice: (isin: string, factor: string) => void source.move(isin, toWireDecimal(new Decimal(factor).minus(1).mul(100))) } : {}),
    log: app.log,
  }).start();

  // Corporate actions on the simulated clock: their dates and deadlines are the market's.
  const instrumentOf = (isin: string) => instruments.get(isin);
  const ca = custodian({ db, clock: marketClock, scheduler, quotes, documents, instrument: instrumentOf, rights, daily: config.env !== 'test', subscriptionRights: config.subscriptionRights });
  await ca.start();
  // A buy during an announcement period entitles the buyer at once, in the buy's transaction.
  trading.afterBuy((tx, sub, isin, at) => ca.boughtDuringAnnouncement(tx, sub, isin, at));
  app.decorate('corporateActions', ca);
  const caSvc = caService({
    db,
    clock: marketClock,
    quotes,
    instrument: instrumentOf,
    fxRate: (currency) => fxRateNow(quotes, currency),
    write: (run) => trading.write(run),
    redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    taxEnabled: !config.taxDisabled,
  });
  await app.register(caRoutes, { service: caSvc });
  if (config.devTools) {
    await app.register(caDevRoutes, { custodian: ca, service: caSvc, holds: async (sub, isin) => (await caStore.holders(db, isin)).some((h) => h.sub === sub) });
  }
}
