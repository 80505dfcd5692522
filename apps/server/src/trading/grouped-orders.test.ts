import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Depot, TradingOrder } from '@kontor/domain/trading-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { idempotencyKeys } from '../platform/tables.ts';
import type { SimulatedMarket } from '../market/feed.ts';
import { ledgerBalances, ledgerPostings } from '../bookings/tables.ts';
import { orders } from './tables.ts';

// Resting buys that arrive together are written together (one statement per batch); these are
// the cases where that must still answer exactly like one request at a time.
const clock = new ManualClock('2026-11-23T09:00:00Z');
const SAP = 'DE0007164600';
let t: TestApp;
let market: SimulatedMarket;
let customers: SignedInCustomer[];

/**
 * Holds the statement that writes a batch's orders while `held` is set (see holdingBatchWrites),
 * or fails it once when `failNext` is set (as a lost connection would).
 */
const gate: { held: Promise<void> | null; reached: () => void; failNext: boolean } = { held: null, reached: () => {}, failNext: false };
/** Holds back or fails the batch's statement on its way to the database, whichever way it is sent. */
async function gated(text: string) {
  if (!text.startsWith('with claimed as (insert into idempotency_keys')) return;
  if (gate.failNext) {
    gate.failNext = false;
    throw new Error('Connection terminated unexpectedly');
  }
  if (gate.held) {
    gate.reached();
    await gate.held;
  }
}

type DriverClient = { query(text: string, params: unknown[]): Promise<unknown> };

const holdingDb = (db: Db): Db =>
  new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => (target.transaction as (...a: unknown[]) => Promise<unknown>)((tx: Db) => run(holdingDb(tx)), ...rest);
      }
      if (prop === '$client') {
        // Statements with a fixed text go straight to the driver.
        const client = Reflect.get(target, prop, receiver) as DriverClient | undefined;
        return (
          client && {
            query: async (text: string, params: unknown[]) => {
              await gated(text);
              return client.query(text, params);
            },
          }
        );
      }
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        await gated((target as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });

beforeAll(async () => {
  t = await createTestApp({ marketClock: clock, db: holdingDb });
  market = t.app.quotes as SimulatedMarket;
  customers = [];
  for (let i = 0; i < 3; i++) {
    const c = await signedInCustomer(t.app, t.database.db);
    await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '1000.00' } });
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
    customers.push(c);
  }
}, 60_000);
afterAll(() => t.close());

const limitBuy = (quantity = '1') => ({ isin: SAP, side: 'buy', kind: 'limit', quantity, limit: new Decimal(market.current(SAP)!.ask).mul('0.5').toDecimalPlaces(2).toFixed(2), validity: { type: 'gtc' } });
const place = (who: SignedInCustomer, body: object, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: '/api/trading', headers: { ...who.headers, 'idempotency-key': key }, payload: body });
const depot = async (who: SignedInCustomer) => (await t.call({ method: 'GET', url: '/api/trading/positions', headers: who.headers })).json() as Depot;

/** Pieces of the test share that hold a little more than a quarter of `available`. */
const quarterOf = (available: string) => new Decimal(available).div(new Decimal(market.current(SAP)!.ask).mul('0.5').toDecimalPlaces(2)).div(4).ceil().toFixed();

/**
 * Sends requests and holds their batch's statement back on its way to the database, so that the
 * next batch is worked out while this one is in flight.
 */
async function holdingBatchWrites(send: () => Promise<Awaited<ReturnType<typeof place>>>[]) {
  let release!: () => void;
  gate.held = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (gate.reached = r));
  const sent = send();
  await reached;
  return {
    sent,
    // Time for the next batch to be checked and put into the book; it then waits for this one to land.
    whenNextWorkedOut: () => new Promise((r) => setTimeout(r, 300)),
    release: () => {
      gate.held = null;
      release();
    },
  };
}

describe('buys that arrive together', () => {
  it('are each accepted, reserved and answered as the database has them', async () => {
    const who = customers.flatMap((c) => [c, c]);
    const sent = await Promise.all(who.map((c) => place(c, limitBuy())));
    expect(sent.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    for (const [i, res] of sent.entries()) {
      const placed = res.json() as TradingOrder;
      expect(placed).toMatchObject({ status: 'Open', label: 'offen' });
      const read = await t.call({ method: 'GET', url: `/api/trading/orders/${placed.id}`, headers: who[i]!.headers });
      expect(read.json()).toEqual({ ...placed, executions: [] });
    }
    for (const c of customers) {
      const cash = (await depot(c)).cash;
      expect(new Decimal(cash.available).plus(cash.reserved).toFixed(2)).toBe('1000.00');
      expect(new Decimal(cash.reserved).gt(0)).toBe(true);
    }
  });

  it('of one customer, are accepted only as far as the cash goes', async () => {
    const c = customers[0]!;
    await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '5000.00' } });
    const available = new Decimal((await depot(c)).cash.available);
    const price = new Decimal(market.current(SAP)!.ask).mul('0.5').toDecimalPlaces(2);
    // Each holds more than a third of what is free: two fit, the third does not.
    const quantity = available.div(price).div(3).ceil().toFixed();
    const sent = await Promise.all([place(c, limitBuy(quantity)), place(c, limitBuy(quantity)), place(c, limitBuy(quantity))]);
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    expect(sent.find((r) => r.statusCode === 422)!.json().message).toMatch(/reicht/);
    const cash = (await depot(c)).cash;
    expect(new Decimal(cash.available).gte(0)).toBe(true);
    expect(new Decimal(cash.available).plus(cash.reserved).toFixed(2)).toBe('6000.00');
  });

  it('with the same Idempotency-Key make one order; the repeat gets its answer', async () => {
    const c = customers[1]!;
    const key = randomUUID();
    const body = limitBuy();
    const [a, b] = await Promise.all([place(c, body, key), place(c, body, key)]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const other = await place(c, limitBuy('2'), key);
    expect(other.statusCode).toBe(422);
  });

  it('a key another request holds unanswered runs the batch again order by order; every other order is written once', async () => {
    const c = customers[2]!;
    const key = randomUUID();
    // As if another route had claimed the key and not answered yet.
    await t.database.db.insert(idempotencyKeys).values({ sub: c.sub, key, fingerprint: 'POST /api/other:x', statusCode: 0, response: 'null', createdAt: new Date() });
    const before = await t.database.db.select().from(orders);
    const sent = await Promise.all([place(c, limitBuy(), key), place(customers[0]!, limitBuy()), place(customers[1]!, limitBuy())]);
    expect(sent.map((r) => r.statusCode)).toEqual([422, 201, 201]);
    const after = await t.database.db.select().from(orders);
    expect(after.length).toBe(before.length + 2);
    // The engine was rebuilt from the database: it holds the orders written and can cancel them.
    const cancel = await t.call({ method: 'DELETE', url: `/api/trading/orders/${sent[1]!.json().id}`, headers: customers[0]!.headers });
    expect(cancel.json()).toMatchObject({ status: 'Canceled' });
  });

  it('that come while the batch before is still being written are checked against what it holds', async () => {
    const c = customers[1]!;
    await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '3000.00' } });
    const before = (await depot(c)).cash;
    const quantity = quarterOf(before.available);
    const first = await holdingBatchWrites(() => [place(c, limitBuy(quantity)), place(c, limitBuy(quantity))]);
    // Worked out while the first two are on their way to the database: one more fits, two do not.
    const second = [place(c, limitBuy(quantity)), place(c, limitBuy(quantity)), place(c, limitBuy(quantity))];
    await first.whenNextWorkedOut();
    first.release();
    const codes = (await Promise.all([...first.sent, ...second])).map((r) => r.statusCode);
    expect(codes.slice(0, 2)).toEqual([201, 201]);
    // The three later ones are alike; which of them reaches the queue first is up to the scheduler of the event loop.
    expect(codes.slice(2).sort()).toEqual([201, 422, 422]);
    const cash = (await depot(c)).cash;
    expect(new Decimal(cash.available).gte(0)).toBe(true);
    expect(new Decimal(cash.available).plus(cash.reserved).toFixed(2)).toBe(new Decimal(before.available).plus(before.reserved).toFixed(2));
  });

  it('a batch whose statement fails while the next is worked out: both run again order by order, each order written once', async () => {
    const [a, b] = [customers[0]!, customers[2]!];
    const key = randomUUID();
    const count = async () => (await t.database.db.select().from(orders)).length;
    const ordersBefore = await count();
    const first = await holdingBatchWrites(() => [place(a, limitBuy()), place(b, limitBuy(), key)]);
    // Meanwhile another route claims the key of one of them (and has not answered yet).
    await t.database.db.insert(idempotencyKeys).values({ sub: b.sub, key, fingerprint: 'POST /api/other:x', statusCode: 0, response: 'null', createdAt: new Date() });
    const second = [place(a, limitBuy()), place(b, limitBuy())];
    await first.whenNextWorkedOut();
    first.release();
    const codes = (await Promise.all([...first.sent, ...second])).map((r) => r.statusCode);
    expect(codes).toEqual([201, 422, 201, 201]);
    expect(await count()).toBe(ordersBefore + 3);
    const placed = (await Promise.all([first.sent[0]!, second[0]!, second[1]!])).map((r) => r.json() as TradingOrder);
    for (const [i, who] of [a, a, b].entries()) {
      const read = await t.call({ method: 'GET', url: `/api/trading/orders/${placed[i]!.id}`, headers: who.headers });
      expect(read.json()).toEqual({ ...placed[i], executions: [] });
    }
  });

  it('whose gathered write fails, with other work in the same batch: none is answered as placed unless it is written', async () => {
    const [a, b, c] = customers as [SignedInCustomer, SignedInCustomer, SignedInCustomer];
    const cashBefore = new Decimal((await depot(c)).cash.available);
    gate.failNext = true;
    const [first, second, deposit] = await Promise.all([
      place(a, limitBuy()),
      place(b, limitBuy()),
      t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '10.00' } }),
    ]);
    expect(gate.failNext).toBe(false);
    expect(deposit.statusCode).toBe(200);
    expect(new Decimal((await depot(c)).cash.available).minus(cashBefore).toFixed(2)).toBe('10.00');
    for (const [res, who] of [[first, a], [second, b]] as const) {
      expect(res.statusCode).toBe(201);
      const read = await t.call({ method: 'GET', url: `/api/trading/orders/${res.json().id}`, headers: who.headers });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ ...res.json(), executions: [] });
    }
  });

  it('with a quote among them that fills a resting buy: the fill and every buy are written once', async () => {
    const [a, b] = [customers[0]!, customers[2]!];
    // Just below the ask: it rests, and fills once the market falls by 3 %.
    const limit = new Decimal(market.current(SAP)!.ask).mul('0.99').toDecimalPlaces(2).toFixed(2);
    const resting = (await place(a, { isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit, validity: { type: 'gtc' } })).json() as TradingOrder;
    expect(resting.status).toBe('Open');
    const count = async () => (await t.database.db.select().from(orders)).length;
    const ordersBefore = await count();
    const first = await holdingBatchWrites(() => [place(b, limitBuy()), place(b, limitBuy())]);
    // The quote and one more buy are worked out while the first two are on their way.
    market.move(SAP, '-3');
    const second = [place(b, limitBuy())];
    await first.whenNextWorkedOut();
    first.release();
    const codes = (await Promise.all([...first.sent, ...second])).map((r) => r.statusCode);
    expect(codes).toEqual([201, 201, 201]);
    await t.app.trading.idle();
    expect(await count()).toBe(ordersBefore + 3);
    const filled = (await t.call({ method: 'GET', url: `/api/trading/orders/${resting.id}`, headers: a.headers })).json() as TradingOrder;
    expect(filled).toMatchObject({ status: 'Filled', filledQuantity: '1' });
    expect(filled.executions).toHaveLength(1);
  });

  it('leave the books balanced', async () => {
    await t.app.trading.idle();
    const postings = await t.database.db.select().from(ledgerPostings);
    expect(Decimal.sum(0, ...postings.map((p) => p.amount)).isZero()).toBe(true);
    const reserved = await t.database.db.select().from(ledgerBalances);
    const openOrders = await t.database.db.select().from(orders);
    for (const c of customers) {
      const held = reserved.find((b) => b.account === `customer:${c.sub}:reserved`)?.balance ?? '0';
      const sum = Decimal.sum(0, ...openOrders.filter((o) => o.sub === c.sub && o.open).map((o) => o.reserved));
      expect(new Decimal(held).toFixed(2)).toBe(sum.toFixed(2));
    }
  });
});
