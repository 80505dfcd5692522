import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { caAuthorisationAmount, type CaAnnouncement, type CaPreview } from '@kontor/domain/ca-contracts';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../src/platform/db.ts';
import { authorised } from './authorisation.ts';
import { caList } from './ca-kit.ts';
import type { SignedInCustomer } from './customer.ts';
import { cash, customerWithCash, payout, payoutAuthorisation } from './money-kit.ts';
import { PinnedQuotes } from './pinned-quotes.ts';
import { reconcile } from './reconcile-kit.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/*
 * The reconciliation suite: random sequences of what customers and the market do (deposits, buys
 * and sells, also fractional and in US dollars, savings plans and their days, dividends on their
 * pay dates, a rights issue with instructions and the defaults at its deadline, payouts, price and
 * clock moves), driven through the API. After every step every figure the API shows each customer
 * must agree with the ledger and with the others (test/reconcile-kit.ts). A failing sequence is
 * shrunk and printed with the seed; rerun it with RECONCILE_SEED=<seed> (docs/reconciliation.md).
 */

const SEED = Number(process.env.RECONCILE_SEED ?? 37_2027);
/**
 * Ten sequences (about 180 steps) on PGlite; on PostgreSQL (DATABASE_URL, the database's own pass of
 * the suite) the first five of the same seed (about 70 steps, every kind of booking among them):
 * there the point is the server's locks and isolation under the same steps, at 40 % of the time.
 */
const RUNS = Number(process.env.RECONCILE_RUNS ?? (process.env.DATABASE_URL ? 5 : 10));
const SAP = 'DE0007164600'; // a share in euros: the rights issue's
const APPLE = 'US0378331005'; // a share in dollars, dividends with US tax
const CORE_DAX = 'DE0005933931'; // an ETF in euros, pieces to 6 decimals
const MSCI_WORLD = 'IE00B4L5Y983'; // an ETF in dollars
const ISINS = [SAP, APPLE, CORE_DAX, MSCI_WORLD] as const;

const quotes = new PinnedQuotes();
const prices = new Map<string, Decimal>([
  [SAP, new Decimal('200.00')],
  [APPLE, new Decimal('180.00')],
  [CORE_DAX, new Decimal('150.00')],
  [MSCI_WORLD, new Decimal('110.00')],
]);
/** Bid and ask 0,10 apart, as the market maker quotes them. */
const pinAll = () => {
  for (const [isin, bid] of prices) quotes.pin(isin, bid.toFixed(2), bid.plus('0.10').toFixed(2));
};
// 1,25 $ per euro: a dollar is 0,80 €.
quotes.pin(EUR_USD_ISIN, '1.25', '1.25');
pinAll();

let t: TestApp;
beforeAll(async () => {
  // Monday 19 April 2027, 10:00 in Berlin: the week of Apple's dividend (pay date Friday 23 April).
  t = await createTestApp({ now: '2027-04-19T08:00:00Z', quotes });
}, 60_000);
afterAll(async () => t.close());

type Real = { customers: SignedInCustomer[] };
/** Steps run in all, and what the customers' requests were answered (to see that the sequences do something). */
let stepsRun = 0;
const answers = new Map<string, number>();
type Model = Record<string, never>;

/** An answer the suite accepts: anything but a server error (a refusal is a customer's answer, not a failure). */
function answered(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode >= 500) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  const key = `${what} ${res.statusCode}`;
  answers.set(key, (answers.get(key) ?? 0) + 1);
  return res;
}
const now = () => t.app.simulatedClock.now();
const positions = async (c: SignedInCustomer) => ((await t.call({ method: 'GET', url: '/api/trading/positions', headers: c.headers })).json() as Depot).positions;

/**
 * One step: what it does to the system, its name in a printed sequence, and the customer whose
 * figures it can change (none named: every customer's, as a clock or market move can).
 */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly name: string,
    readonly act: (r: Real) => Promise<void>,
    readonly customer?: number,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real): Promise<void> {
    await this.act(r);
    stepsRun += 1;
    const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now()));
    for (const c of this.customer === undefined ? r.customers : [r.customers[this.customer]!]) {
      await reconcile(t, c, year);
    }
  }
  toString = () => this.name;
}

const who = fc.integer({ min: 0, max: 2 });
const isin = fc.constantFrom(...ISINS);
/** Quantities with up to three decimals (fractions of a piece), at most 20 pieces. */
const pieces = fc.integer({ min: 1, max: 20_000 }).map((n) => new Decimal(n).div(1000).toFixed());

const deposit = fc.tuple(who, fc.integer({ min: 1, max: 2_000_000 })).map(
  ([i, cents]) =>
    new Step(`deposit(${i}, ${new Decimal(cents).div(100).toFixed(2)})`, async (r) => {
      answered(await t.call({ method: 'POST', url: '/api/dev/deposit', headers: r.customers[i]!.headers, payload: { amount: new Decimal(cents).div(100).toFixed(2) } }), 'deposit');
    }, i),
);

const order = (i: number, side: 'buy' | 'sell', isinOf: string, quantity: string) => async (r: Real) => {
  const c = r.customers[i]!;
  answered(
    await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin: isinOf, side, kind: 'market', quantity, validity: { type: 'day' } } }),
    `${side} order`,
  );
};
const buy = fc.tuple(who, isin, pieces).map(([i, s, q]) => new Step(`buy(${i}, ${s}, ${q})`, order(i, 'buy', s, q), i));

/** A share of what the customer holds, down to a thousandth of a piece. */
const sell = fc.tuple(who, isin, fc.constantFrom('0.25', '0.5', '1')).map(
  ([i, s, share]) =>
    new Step(`sell(${i}, ${s}, ${share} of the position)`, async (r) => {
      const p = (await positions(r.customers[i]!)).find((x) => x.isin === s);
      const q = new Decimal(p?.available ?? 0).times(share).toDecimalPlaces(3, Decimal.ROUND_DOWN);
      if (q.gt(0)) await order(i, 'sell', s, q.toFixed())(r);
    }, i),
);

const plan = fc.tuple(who, fc.constantFrom(CORE_DAX, MSCI_WORLD, SAP), fc.integer({ min: 100, max: 50_000 })).map(
  ([i, s, cents]) =>
    new Step(`savingsPlan(${i}, ${s}, ${new Decimal(cents).div(100).toFixed(2)})`, async (r) => {
      const from = new Date(now().getTime() + 86_400_000).toISOString().slice(0, 10);
      const payload = { isin: s, amount: new Decimal(cents).div(100).toFixed(2), interval: 'weekly', day: 3, firstDate: from, dynamicPercent: 0, payment: 'CASH' };
      answered(await t.call({ method: 'POST', url: '/api/savingsplan', headers: r.customers[i]!.headers, payload }), 'savings plan');
    }, i),
);
const savingsDay = fc.constant(
  new Step('nextSavingsDay', async (r) => {
    answered(await t.call({ method: 'POST', url: '/api/dev/clock/next-savings-day', headers: r.customers[0]!.headers }), 'next savings day');
  }),
);

/** Moves the clock (the dividends, the rights issue's deadline and booking, orders expiring, payouts executed come with it). */
const clock = fc.constantFrom(1, 5, 17, 24, 72, 24 * 9).map(
  (hours) =>
    new Step(`clock(+${hours} h)`, async (r) => {
      answered(await t.call({ method: 'POST', url: '/api/dev/clock/advance', headers: r.customers[0]!.headers, payload: { hours } }), 'clock');
    }),
);

const priceMove = fc.tuple(isin, fc.integer({ min: -15, max: 15 })).map(
  ([s, percent]) =>
    new Step(`price(${s}, ${percent} %)`, async () => {
      prices.set(s, Decimal.max('1.00', prices.get(s)!.times(100 + percent).div(100).toDecimalPlaces(2)));
      pinAll();
    }),
);

const payoutStep = fc.tuple(who, fc.constantFrom('0.1', '0.5', '1')).map(
  ([i, share]) =>
    new Step(`payout(${i}, ${share} of what can be paid out)`, async (r) => {
      const c = r.customers[i]!;
      const amount = new Decimal((await cash(t, c)).availableToPayout).times(share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      if (amount.lt('0.01')) return;
      answered(await payout(t, c, amount.toFixed(2), await payoutAuthorisation(t, c, amount.toFixed(2))), 'payout');
    }, i),
);

/** The custodian announces a rights issue on SAP to its holders (the customer buys 10 SAP first if they hold none). */
const rightsIssue = who.map(
  (i) =>
    new Step(
      `rightsIssue(announced via ${i})`,
      async (r) => {
        const c = r.customers[i]!;
        if (!(await positions(c)).some((p) => p.isin === SAP && new Decimal(p.quantity).gte(1))) await order(i, 'buy', SAP, '10')(r);
        answered(await t.call({ method: 'POST', url: '/api/dev/ca/announce', headers: c.headers, payload: { isin: SAP, type: 'KAP' } }), 'announce');
      },
    ),
);

/** An instruction on an open event (of the first customer from `i` on who has one): one of its options, a quantity of new shares where it takes one; by TAN. */
const instruct = fc.tuple(who, fc.nat(), fc.integer({ min: 1, max: 5 })).map(
  ([i, pick, quantity]) =>
    new Step(`instruct(${i}, option #${pick}, ${quantity})`, async (r) => {
      for (const c of [...r.customers.slice(i), ...r.customers.slice(0, i)]) {
        const event = (await caList(t, c)).find((e: CaAnnouncement) => (e.status === 'OFFEN' || e.status === 'WEISUNG_ERTEILT') && e.options.length > 0);
        if (!event) continue;
        const o = event.options[pick % event.options.length]!;
        const body = { eventId: event.id, option: o.option, quantity: o.withQuantity ? String(quantity) : null };
        const res = answered(await t.call({ method: 'POST', url: '/api/ca/weisungvorschauanfordern', headers: c.headers, payload: body }), 'instruction preview');
        if (res.statusCode !== 200) return;
        const amount = caAuthorisationAmount(res.json() as CaPreview);
        const authorisation = await authorised(t, c, { type: 'CA_INSTRUCTION', data: { ...body, amount } });
        answered(await t.call({ method: 'POST', url: '/api/ca/weisungerteilen', headers: c.headers, payload: { ...body, authorisation } }), 'instruction');
        return;
      }
    }),
);

const steps = fc.commands(
  [
    deposit,
    deposit,
    buy,
    buy,
    buy,
    sell,
    sell,
    plan,
    savingsDay,
    clock,
    clock,
    clock,
    priceMove,
    payoutStep,
    rightsIssue,
    instruct,
    instruct,
  ],
  { maxCommands: 40, size: 'medium' },
);

// Shrinking a failure replays many sequences: the timeout leaves time enough for the shrunk one to be printed.
it('every-figure-reconciles-with-the-ledger: cash, positions, depot total, plans, tax year, Kontoumsätze and Posteingang after every step', async () => {
  await fc.assert(
    fc.asyncProperty(steps, async (cmds) => {
      // Three new customers per sequence, two with money to start with.
      const customers = [await customerWithCash(t, '10000.00'), await customerWithCash(t, '2500.00'), await customerWithCash(t, '0')];
      // Confirmed once, as the ticket asks: trading outside the exchange's hours and in low-trading instruments.
      for (const c of customers) {
        for (const url of ['/api/user/confirmotctrading', '/api/user/confirmlowtrading']) answered(await t.call({ method: 'POST', url, headers: c.headers }), 'confirmation');
      }
      await fc.asyncModelRun(() => ({ model: {}, real: { customers } }), cmds);
    }),
    // A path from a failure's report replays that sequence alone (RECONCILE_PATH, with its seed).
    { seed: SEED, numRuns: RUNS, verbose: true, ...(process.env.RECONCILE_PATH ? { path: process.env.RECONCILE_PATH } : {}) },
  );
  const booked = rowsOf<{ kind: string; n: number }>(await t.database.db.execute(sql`select kind, count(*)::int as n from bookings group by kind order by kind`));
  console.info(`reconciled after ${stepsRun} steps (seed ${SEED}); answers ${JSON.stringify(Object.fromEntries([...answers].sort()))}; bookings ${JSON.stringify(Object.fromEntries(booked.map((b) => [b.kind, b.n])))}`);
  // The sequences did what the suite is for: trades, savings days, dividends and a corporate action were booked.
  if (!process.env.RECONCILE_PATH) expect(booked.map((b) => b.kind)).toEqual(expect.arrayContaining(['execution', 'savings_execution', 'dividend', 'corporate_action', 'payout']));
}, 900_000);
