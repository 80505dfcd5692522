// Setup of opening.bench.ts, written through the app in-process before the server starts (not
// measured): customers with SMS MFA and a depot with a history (a deposit, past market buys with
// their contract notes in the Posteingang), savings plans due on the opening's day, and price
// alerts a little away from the opening's prices. The market clock stands still at the server's
// start, so the prices here are the ones the server starts from.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import Decimal from 'decimal.js';
import { addCalendarDays, berlinDate, type IsoDate } from '@kontor/domain/banking-days';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { buildApp } from '../apps/server/src/app.ts';
import { depositBooking } from '../apps/server/src/bookings/cash-bookings.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { customerSettingsStore } from '../apps/server/src/customer-settings/store.ts';
import { welcomeMessage } from '../apps/server/src/messages/service.ts';
import { insertMessages } from '../apps/server/src/messages/store.ts';
import { notificationStore } from '../apps/server/src/notifications/store.ts';
import { registerCustomer } from '../apps/server/src/onboarding/customers.ts';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { mulberry32 } from '../apps/server/src/platform/random.ts';
import { depotHistory, priceBook, snapshotRows } from '../apps/server/src/performance/snapshots.ts';
import { performanceStore } from '../apps/server/src/performance/store.ts';
import { demoMarketOf, demoPurchase } from '../apps/server/src/seed.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';

export const PASSWORD = 'Kontor!Opening1';
/** The plans' execution days before the opening's (1 November 2026 is a Sunday). */
const PAST_PLAN_DAYS = ['2026-09-01', '2026-10-01', '2026-11-02'] as IsoDate[];

/** What a customer does in the run (opening-clients.ts); the rest of the session is the same for all. */
export type OpeningCustomer = {
  username: string;
  phone: string;
  /** The customer's own address (X-Forwarded-For). */
  address: string;
  /** The instrument page the customer opens. */
  instrument: string;
  /** 2 %: an order from the instrument page; a resting limit order is cancelled by some. */
  order?: 'market' | 'limit' | 'limit-cancel';
  /** Sets a price alert on the instrument page (a few pieces of the price away). */
  alert?: boolean;
};

export type OpeningSetup = {
  customers: OpeningCustomer[];
  /** A customer for the clock calibration and the warm-up, signed in here (bearer token). */
  probe: { accessToken: string; isin: string; limit: string };
  plans: number;
  planCustomers: number;
  alertsSet: number;
  instruments: number;
  setupSeconds: number;
};

/** Popular first: index k of n with weight 1/(k+1) (Zipf), as a broker's customers crowd into a few names. */
function zipf(rng: () => number, n: number): number {
  const total = Array.from({ length: n }, (_, k) => 1 / (k + 1)).reduce((a, b) => a + b, 0);
  let x = rng() * total;
  for (let k = 0; k < n; k++) {
    x -= 1 / (k + 1);
    if (x <= 0) return k;
  }
  return n - 1;
}

type Listed = { isin: string; etf: boolean; sparplan: boolean; priceIncr: string; mid: Decimal };

/** The instruments customers hold and open: euro shares and ETFs (in euros and dollars) on the exchange, with a price. */
async function listedInstruments(app: FastifyInstance): Promise<Listed[]> {
  const out: Listed[] = [];
  for await (const { instrument: i } of app.instruments.priced()) {
    const etf = i.instrumentType === 'ETF';
    if (i.isOTC || i.complex || !(etf || (i.instrumentType === 'AKTIE' && i.quoteCurrencyCode === 'EUR'))) continue;
    const q = app.quotes.current(i.isin);
    if (!q) continue;
    out.push({ isin: i.isin, etf, sparplan: i.sparplan, priceIncr: i.priceIncr, mid: new Decimal(q.bid).plus(q.ask).div(2) });
  }
  // A stable order that mixes shares and funds, so the popular end has both.
  return out.sort((a, b) => a.isin.localeCompare(b.isin)).sort((a, b) => (parseInt(a.isin.slice(2, 6), 36) % 7) - (parseInt(b.isin.slice(2, 6), 36) % 7));
}

export type SetupOptions = {
  customers: number;
  /** Market time of the server's start: the setup's clock stands there. */
  marketStart: Date;
  /** The execution day (its plans are due then). */
  day: string;
  /** Share of customers with savings plans due that day (1–3 each). */
  planShare: number;
  /** Share of customers with a price alert set before the run. */
  alertShare: number;
  /** Share of customers who place an order. */
  orderShare: number;
  /** Share of customers who set an alert on the instrument page. */
  pageAlertShare: number;
  log: (line: string) => void;
};

export async function prepareOpening(env: Record<string, string>, o: SetupOptions): Promise<OpeningSetup> {
  const started = performance.now();
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false, marketClock: new ManualClock(o.marketStart) });
  const db = database.db;
  const rng = mulberry32(40_3);
  try {
    await app.ready();
    const listed = await listedInstruments(app);
    const market = demoMarketOf(app);
    const alerts = notificationStore(db);
    const settings = customerSettingsStore(db);
    const customers: OpeningCustomer[] = [];
    const subs: string[] = [];
    const holdings: string[][] = [];
    let alertsSet = 0;
    const pick = () => listed[zipf(rng, listed.length)]!;

    // A customer: the pool's user, the register, the address letters go to, a welcome, money and
    // one to three past market buys (each booked with its contract note, rendered below).
    async function customer(n: number, plan: { held: Listed[]; instrument: Listed; buys: { at: Date; value: number }[]; does: Pick<OpeningCustomer, 'order' | 'alert'> }) {
      const username = `opening-${n}-${randomUUID().slice(0, 8)}@kontor.example`;
      const phone = `+49152${String(10_000_000 + n)}`;
      const user = await app.identity!.createUser({
        username,
        password: PASSWORD,
        smsMfa: true,
        attributes: { email: username, email_verified: 'true', phone_number: phone, phone_number_verified: 'true', given_name: 'Kunde', family_name: `Nummer ${n}` },
      });
      const opened = new Date('2026-01-05T09:00:00Z');
      await registerCustomer(db, user.sub, 'SEED', opened);
      await settings.setAddress(user.sub, { street: 'Hauptstraße', street2: null, houseNumber: String(1 + (n % 200)), houseNumber2: null, postalCode: '10117', city: 'Berlin', country: 'DE' }, opened);
      await insertMessages(db, [welcomeMessage(user.sub, opened.toISOString())], true);
      await app.trading.book(depositBooking({ sub: user.sub, amount: '25000.00', requestId: 'opening', at: opened }));
      for (const [k, held] of plan.held.entries()) {
        const buy = plan.buys[k]!;
        const { price, fxRate } = await demoPurchase(market, { isin: held.isin, executedAt: buy.at.toISOString() });
        const euros = new Decimal(price).mul(fxRate);
        const quantity = toWireDecimal(Decimal.max(1, new Decimal(buy.value).div(euros).floor()), 0);
        await app.trading.recordPastFill({ orderId: randomUUID(), sub: user.sub, isin: held.isin, side: 'buy', quantity, price, fxRate, at: buy.at });
      }
      subs[n] = user.sub;
      holdings[n] = plan.held.map((h) => h.isin);
      customers[n] = { username, phone, address: `10.${20 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`, instrument: plan.instrument.isin, ...plan.does };
    }

    const BATCH = 50;
    for (let from = 0; from < o.customers; from += BATCH) {
      const batch: Promise<void>[] = [];
      for (let n = from; n < Math.min(o.customers, from + BATCH); n++) {
        const count = 1 + Math.floor(rng() * 3);
        const held = new Map<string, Listed>();
        while (held.size < count) {
          const l = pick();
          held.set(l.isin, l);
        }
        // A purchase on a weekday of 2026 before the opening, 500–3,000 € each.
        const buys = [...held.values()].map(() => {
          const at = new Date(Date.UTC(2026, Math.floor(rng() * 11), 5 + Math.floor(rng() * 20), 8 + Math.floor(rng() * 7), Math.floor(rng() * 60)));
          if (at.getUTCDay() === 0) at.setUTCDate(at.getUTCDate() + 1);
          if (at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 2);
          return { at, value: 500 + Math.floor(rng() * 2500) };
        });
        // Half open a name they hold, half another popular one.
        const instrument = rng() < 0.5 ? [...held.values()][Math.floor(rng() * held.size)]! : pick();
        const order = rng() < o.orderShare ? (['market', 'limit', 'limit-cancel'] as const)[Math.floor(rng() * 3)] : undefined;
        const does = { ...(order ? { order } : {}), ...(rng() < o.pageAlertShare ? { alert: true } : {}) };
        batch.push(customer(n, { held: [...held.values()], instrument, buys, does }));
      }
      await Promise.all(batch);
      if ((from / BATCH) % 40 === 39) o.log(`setup: ${from + BATCH} customers (${Math.round((performance.now() - started) / 1000)} s)`);
    }

    // Savings plans (monthly on the 1st, paid from the cash account), 1–3 per customer on
    // savings-plan instruments, started in September: their three past days run through the
    // block as the scheduler runs a day (executions, positions, confirmations rendered when first
    // opened), so the opening's day is their fourth.
    const planable = listed.filter((l) => l.sparplan);
    const planRows: [string, string, string][] = [];
    const planCustomers = new Set<string>();
    for (let n = 0; n < o.customers; n++) {
      if (rng() >= o.planShare) continue;
      const count = 1 + Math.floor(rng() * 3);
      const isins = new Set<string>();
      while (isins.size < count) isins.add(planable[zipf(rng, planable.length)]!.isin);
      for (const isin of isins) planRows.push([subs[n]!, isin, toWireAmount(25 + Math.floor(rng() * 12) * 25)]);
      planCustomers.add(subs[n]!);
    }
    const client = (db as unknown as { $client: pg.Pool }).$client;
    for (let i = 0; i < planRows.length; i += 1000) {
      const chunk = planRows.slice(i, i + 1000);
      await client.query(
        `insert into savings_plans (id, sub, isin, amount, "interval", day, dynamic_percent, payment, first_date, increases, next_nominal, next_date, state, pending, created_at, updated_at)
         select gen_random_uuid(), sub, isin, amount, 'monthly', 1, 0, 'CASH', $4::date, 0, $4::date, $4::date, 'active', null, '2026-08-20T10:00:00Z', '2026-08-20T10:00:00Z'
         from unnest($1::uuid[], $2::text[], $3::numeric[]) as p(sub, isin, amount)`,
        [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2]), PAST_PLAN_DAYS[0]],
      );
    }
    const planned = [...new Set(planRows.map((r) => r[1]))];
    for (const date of PAST_PLAN_DAYS) for (const isin of planned) await app.savingsPlanJobs.runBlock(date, isin);
    const due = await client.query<{ n: string }>(`select count(*) as n from savings_plans where next_date = $1`, [o.day]);
    if (Number(due.rows[0]!.n) !== planRows.length) throw new Error(`${due.rows[0]!.n} of ${planRows.length} plans are due on ${o.day}`);
    o.log(`setup: plans and their past days (${Math.round((performance.now() - started) / 1000)} s)`);

    // The nights before: the daily job has written every customer's depot snapshot of each day since
    // the first booking (the performance page reads them and values only today).
    const today = berlinDate(o.marketStart);
    const prices = priceBook(app.quotes, today);
    const currencyOf = async (isin: string) => (await app.instruments.get(isin))?.quoteCurrencyCode ?? 'EUR';
    const snapshots = performanceStore(db);
    for (let i = 0; i < subs.length; i += BATCH) {
      await Promise.all(
        subs.slice(i, i + BATCH).map(async (sub) => {
          const { rebuilt } = await depotHistory(db, { prices, currencyOf }, sub, (first) => first ?? today, addCalendarDays(today, -1));
          await snapshots.insertSnapshots(snapshotRows(sub, rebuilt, new Date(o.marketStart.getTime() - 9 * 3_600_000)));
        }),
      );
    }
    o.log(`setup: depot snapshots of the nights before (${Math.round((performance.now() - started) / 1000)} s)`);

    // Price alerts set the evening before, one to four pieces of the price away from the opening's mid: the walk reaches some in minutes.
    const byIsin = new Map(listed.map((l) => [l.isin, l]));
    for (let n = 0; n < o.customers; n++) {
      if (rng() >= o.alertShare) continue;
      const l = byIsin.get(holdings[n]![Math.floor(rng() * holdings[n]!.length)]!)!;
      const direction = rng() < 0.5 ? 'above' : 'below';
      const steps = new Decimal(l.priceIncr).mul(1 + Math.floor(rng() * 4));
      const price = (direction === 'above' ? l.mid.plus(steps) : l.mid.minus(steps)).toDecimalPlaces(4).toString();
      await alerts.createAlert(subs[n]!, { isin: l.isin, direction, price }, new Date(o.marketStart.getTime() - 14 * 3_600_000));
      alertsSet++;
    }

    o.log(`setup: customers done (${Math.round((performance.now() - started) / 1000)} s)`);
    // The contract notes are rendered now, as they would have been when the buys were made.
    // Opened one by one here, at full speed (the background queue gives way to order entry and would
    // still be rendering when the server starts).
    const unrendered = await client.query<{ sub: string; id: string }>(`select sub, id from customer_documents where pdf is null and kind = 'contract_note'`);
    for (let i = 0; i < unrendered.rows.length; i += 8) await Promise.all(unrendered.rows.slice(i, i + 8).map((r) => app.documentRenderer.pdf(r.sub, r.id)));
    await app.documentRenderer.renderPending();
    o.log(`setup: rendered (${Math.round((performance.now() - started) / 1000)} s)`);

    // The probe: a customer of its own, signed in here, with money, for the clock calibration (a resting limit buy's time).
    const probe = await signedInCustomer(app, db, `opening-probe-${randomUUID().slice(0, 8)}`);
    await app.trading.book(depositBooking({ sub: probe.sub, amount: '100000.00', requestId: 'opening', at: new Date('2026-01-05T09:00:00Z') }));
    const accessToken = probe.accessToken;
    const confirm = await app.inject({ method: 'POST', url: '/api/user/confirmlowtrading', headers: probe.headers });
    if (confirm.statusCode !== 204) throw new Error(`confirmlowtrading: ${confirm.statusCode} ${confirm.body}`);
    const share = listed.find((l) => !l.etf)!;
    return {
      customers,
      probe: { accessToken, isin: share.isin, limit: toWireDecimal(share.mid.mul(0.5), 2) },
      plans: planRows.length,
      planCustomers: planCustomers.size,
      alertsSet,
      instruments: listed.length,
      setupSeconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await app.close();
    await database.close();
  }
}
