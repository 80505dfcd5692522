import { randomUUID } from 'node:crypto';
import { registerCustomer } from './onboarding/customers.ts';
import Decimal from 'decimal.js';
import type { IdentityService } from './identity/service.ts';
import type { IdentityStore } from './identity/store.ts';
import type { Db } from './platform/db.ts';
import { depositBooking } from './bookings/cash-bookings.ts';
import { cashOf } from './bookings/ledger.ts';
import { hasBookings } from './bookings/writer.ts';
import type { PeriodicDocuments } from './documents/periodic.ts';
import type { TradingService } from './trading/service.ts';
import type { Clock } from './platform/clock.ts';
import { seedDemoSavingsPlans } from './savings-plans/demo.ts';
import type { SavingsPlanJobs } from './savings-plans/jobs.ts';
import { moneyStore } from './money/store.ts';
import { customerSettingsStore } from './customer-settings/store.ts';
import { insertMessages } from './messages/store.ts';
import { welcomeMessage } from './messages/service.ts';
import type { Custodian } from './corporate-actions/custodian.ts';
import { caStore } from './corporate-actions/store.ts';
import { onboardingStore } from './onboarding/store.ts';
import type { ExperienceProfile } from '@kontor/domain/onboarding';
import type { Instrument } from '@kontor/domain/instrument';
import type { QuoteSource } from './market/feed.ts';
import { fxRateAt, priceAt } from './market/price-at.ts';

export const DEMO_CUSTOMER = {
  username: 'demo@kontor.example',
  password: 'Kontor!Demo1',
  phone: '+4915112345678',
  /** The reference account payouts go to. */
  iban: 'DE89370400440532013000',
  address: { street: 'Friedrichstraße', street2: null, houseNumber: '123', houseNumber2: null, postalCode: '10117', city: 'Berlin', country: 'DE' },
  /** A Steuer-ID with a valid check digit (the BZSt's example number). */
  taxId: '86095742719',
} as const;

export const SECOND_CUSTOMER = {
  username: 'erika@kontor.example',
  password: 'Kontor!Erika2',
  phone: '+4917698765432',
  iban: 'DE44500105175407324931',
  address: { street: 'Heidestraße', street2: null, houseNumber: '17', houseNumber2: null, postalCode: '51147', city: 'Köln', country: 'DE' },
  taxId: '65929970489',
} as const;

/**
 * The demo customer's depot: a deposit, then three market buys from the past, each booked like a
 * buy today (1 € order fee) with its contract note in the Posteingang, so the depot and the
 * Posteingang have something to show from the start. Each is priced from the market's own past:
 * the close of its day (within the day's low and high, as the chart shows it); the ETF trades in
 * dollars, bought at the EUR/USD close of that day (demoPurchase).
 */
export const DEMO_DEPOT = {
  deposit: '25000.00',
  depositedAt: '2025-03-10T09:00:00Z',
  positions: [
    { isin: 'DE0007164600', quantity: '12', executedAt: '2025-03-14T10:12:00Z' }, // SAP
    { isin: 'IE00B4L5Y983', quantity: '40.512', executedAt: '2025-06-02T08:30:00Z' }, // iShares Core MSCI World
    { isin: 'DE0005557508', quantity: '60', executedAt: '2025-09-22T12:45:00Z' }, // Deutsche Telekom
  ],
} as const;

/** The market the demo's past is priced from: its history, the instant it has reached, and the instruments' currencies. */
export type DemoMarket = { quotes: QuoteSource; clock: Clock; instruments: { get(isin: string): Promise<Instrument | undefined> } };

/** The built app's market, for the seed. */
export const demoMarketOf = (app: { quotes: QuoteSource; simulatedClock: Clock; instruments: DemoMarket['instruments'] }): DemoMarket => ({ quotes: app.quotes, clock: app.simulatedClock, instruments: app.instruments });

/** A demo purchase's price and exchange rate: the market's close of its day, and the EUR/USD close of that day for a dollar line. */
export async function demoPurchase(market: DemoMarket, p: { isin: string; executedAt: string }): Promise<{ price: string; fxRate: string }> {
  const at = new Date(p.executedAt);
  const now = market.clock.now();
  const price = priceAt(market.quotes, p.isin, at, now, 'mid');
  const currency = (await market.instruments.get(p.isin))?.quoteCurrencyCode ?? 'EUR';
  const fxRate = fxRateAt(market.quotes, currency, at, now);
  if (!price || !fxRate) throw new Error(`demo purchase: no price for ${p.isin} on ${p.executedAt}`);
  return { price, fxRate };
}

/** Demo data, created once: running it again changes nothing. */
export async function seedDemoData(deps: { identity: IdentityService; identityStore: IdentityStore; poolId: string; depot?: { db: Db; trading: TradingService; market: DemoMarket; documents?: Pick<PeriodicDocuments, 'issuePast'>; savingsPlans?: { clock: Clock; jobs: SavingsPlanJobs }; corporateActions?: Custodian } }) {
  const people = [
    { ...DEMO_CUSTOMER, given: 'Max', family: 'Mustermann' },
    { ...SECOND_CUSTOMER, given: 'Erika', family: 'Musterfrau' },
  ];
  for (const p of people) {
    if (await deps.identityStore.findUser(deps.poolId, p.username)) continue;
    await deps.identity.createUser({
      username: p.username,
      password: p.password,
      smsMfa: true,
      attributes: {
        email: p.username,
        email_verified: 'true',
        phone_number: p.phone,
        phone_number_verified: 'true',
        given_name: p.given,
        family_name: p.family,
      },
    });
  }

  for (const p of people) {
    const user = await deps.identityStore.findUser(deps.poolId, p.username);
    if (deps.depot && user) {
      await registerCustomer(deps.depot.db, user.sub, 'SEED', new Date(DEMO_DEPOT.depositedAt));
      await moneyStore(deps.depot.db).addReferenceAccount({ sub: user.sub, iban: p.iban, holder: `${p.given} ${p.family}`, bic: null, createdAt: new Date(DEMO_DEPOT.depositedAt) });
      // The address and tax residence given at account opening (settings show them; tickets change them).
      if (!(await customerSettingsStore(deps.depot.db).settingsOf(user.sub))) {
        const opened = new Date(DEMO_DEPOT.depositedAt);
        await customerSettingsStore(deps.depot.db).setAddress(user.sub, p.address, opened);
        await customerSettingsStore(deps.depot.db).setTaxResidences(user.sub, [{ country: 'DE', taxId: p.taxId }], opened);
      }
      await insertMessages(deps.depot.db, [welcomeMessage(user.sub, DEMO_DEPOT.depositedAt)], true);
    }
  }

  const demo = await deps.identityStore.findUser(deps.poolId, DEMO_CUSTOMER.username);
  if (deps.depot && demo) {
    await seedDemoDepot(deps.depot.db, deps.depot.trading, deps.depot.market, demo.sub);
    if (!(await onboardingStore(deps.depot.db).experienceOf(demo.sub))) await onboardingStore(deps.depot.db).putExperience(demo.sub, DEMO_EXPERIENCE, new Date(DEMO_DEPOT.depositedAt));
    // Two savings plans with a year of executions, before the statements that list them.
    if (deps.depot.savingsPlans) await seedDemoSavingsPlans({ db: deps.depot.db, ...deps.depot.savingsPlans }, demo.sub);
    // Her statements of the months, quarters and years behind her, dated on their days (once: each has its key).
    await deps.depot.documents?.issuePast(demo.sub);
    if (deps.depot.corporateActions) await seedDemoCorporateAction(deps.depot.db, deps.depot.corporateActions, demo.sub);
  }
}

/**
 * The demo customer's appropriateness test (§63(10) WpHG): experienced in shares, ETFs and funds;
 * no experience with derivatives and crypto, so the order ticket's warning can be seen there.
 */
export const DEMO_EXPERIENCE: ExperienceProfile = {
  SHARES: { knowledge: true, years: '3_OR_MORE', tradesPerYear: '1_TO_10' },
  ETFS: { knowledge: true, years: '3_OR_MORE', tradesPerYear: '1_TO_10' },
  FUNDS: { knowledge: true, years: 'UNDER_3', tradesPerYear: '1_TO_10' },
  DERIVATIVES: { knowledge: false, years: 'NONE', tradesPerYear: 'NONE' },
  CRYPTO: { knowledge: true, years: 'NONE', tradesPerYear: 'NONE' },
};

/** The rights issue on SAP the demo customer can instruct (once: not again when she has any event); a scrip dividend without the subscription-rights flag. */
export const DEMO_CORPORATE_ACTION = { isin: 'DE0007164600', type: 'KAP' } as const;

export async function seedDemoCorporateAction(db: Db, custodian: Custodian, sub: string): Promise<void> {
  if ((await caStore(db).eventsOf(sub)).length > 0) return;
  await custodian.announceNow(DEMO_CORPORATE_ACTION.isin, custodian.subscriptionRights ? DEMO_CORPORATE_ACTION.type : 'WDIV');
}

export async function seedDemoDepot(db: Db, trading: TradingService, market: DemoMarket, sub: string) {
  const cash = await cashOf(db, sub);
  if ((await hasBookings(db, sub)) || new Decimal(cash.total).gt(0)) return;
  await trading.book(depositBooking({ sub, amount: DEMO_DEPOT.deposit, requestId: 'demo', at: new Date(DEMO_DEPOT.depositedAt) }));
  for (const p of DEMO_DEPOT.positions) {
    const { price, fxRate } = await demoPurchase(market, p);
    await trading.recordPastFill({ orderId: randomUUID(), sub, isin: p.isin, side: 'buy', quantity: p.quantity, price, fxRate, at: new Date(p.executedAt) });
  }
}
