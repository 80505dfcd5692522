import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Depot, type TradingOrder, tradingOrderSchema } from '@kontor/domain/trading-contracts';
import type { OrderMessage } from './service.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { buildApp } from '../app.ts';
import type { SimulatedMarket } from '../market/feed.ts';
import { ledgerBalances, ledgerPostings } from '../bookings/tables.ts';

// Monday 10:00 in Frankfurt: the market is open. The market's clock moves on its own, so that
// the customer's sign-in stays valid while the test jumps to the evening.
const clock = new ManualClock('2026-11-23T09:00:00Z');
const appClock = new ManualClock('2026-11-23T09:00:00Z');
const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';
let t: TestApp;
let market: SimulatedMarket;
let c: SignedInCustomer;

beforeAll(async () => {
  t = await createTestApp({ clock: appClock, marketClock: clock });
  market = t.app.quotes as SimulatedMarket;
  c = await signedInCustomer(t.app, t.database.db);
  const res = await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '10000.00' } });
  expect(res.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

const place = (body: object, key: string = randomUUID(), who: SignedInCustomer = c) =>
  t.call({ method: 'POST', url: '/api/trading', headers: { ...who.headers, 'idempotency-key': key }, payload: body });
const depot = async (who: SignedInCustomer = c) => (await t.call({ method: 'GET', url: '/api/trading/positions', headers: who.headers })).json() as Depot;
const order = async (id: string) => (await t.call({ method: 'GET', url: `/api/trading/orders/${id}`, headers: c.headers })).json() as TradingOrder;
const gtc = { type: 'gtc' };

describe('one-time confirmations', () => {
  it('a small order needs the low-trading confirmation once; after it, it goes', async () => {
    const small = { isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '1.00', validity: { type: 'day' } };
    const refused = await place(small);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/einmalig/), errors: [{ field: 'lowTradingConfirmation', message: refused.json().message }] });
    const preview = (await t.call({ method: 'POST', url: '/api/trading/costs', headers: c.headers, payload: small })).json();
    expect(preview.requirements.lowTradingConfirmation).toBe(true);
    expect((await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers })).statusCode).toBe(204);
    const placed = await place(small);
    expect(placed.statusCode).toBe(201);
    await t.call({ method: 'DELETE', url: `/api/trading/orders/${placed.json().id}`, headers: c.headers });
  });
});

describe('a market buy', () => {
  let bought: TradingOrder;

  it('executes at once at the ask: "ausgeführt", the position in the depot, cash down by value and fee', async () => {
    const ask = market.current(SAP)!.ask;
    const res = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '10', validity: { type: 'day' } });
    expect(res.statusCode).toBe(201);
    bought = res.json();
    expect(bought).toMatchObject({ status: 'Filled', label: 'ausgeführt', filledQuantity: '10', averagePrice: ask });
    const d = await depot();
    const value = new Decimal(ask).mul(10);
    const fee = new Decimal(bought.costs!.orderFee).plus(bought.costs!.smallOrderSurcharge);
    expect(d.positions).toEqual([expect.objectContaining({ isin: SAP, quantity: '10', available: '10', cost: value.plus(fee).toFixed(2) })]);
    expect(d.cash).toEqual({
      available: new Decimal('10000').minus(value).minus(fee).toFixed(2),
      reserved: '0.00',
      reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' },
      total: new Decimal('10000').minus(value).minus(fee).toFixed(2),
    });
  });

  it('comes with a contract note: listed in the Posteingang and a real PDF', async () => {
    const detail = await order(bought.id);
    expect(detail.executions).toHaveLength(1);
    const documentId = detail.executions![0]!.documentId;
    expect(documentId).toBeTruthy();
    const list = (await t.call({ method: 'GET', url: '/api/posteingang', headers: c.headers })).json();
    expect(list.documents[0]).toMatchObject({ id: documentId, pdfTitle: 'Wertpapierabrechnung Kauf SAP SE', pdfIsin: SAP, read: false });
    const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${documentId}/pdf`, headers: c.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a repeat with the same Idempotency-Key returns the first order and buys nothing more', async () => {
    const key = randomUUID();
    const first = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '1', validity: { type: 'day' } }, key);
    const cash = (await depot()).cash;
    const again = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '1', validity: { type: 'day' } }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await depot()).cash).toEqual(cash);
    const other = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } }, key);
    expect(other.statusCode).toBe(422);
  });
});

describe('a limit order', () => {
  it('rests below the market with the money reserved; cancelled it is "gestrichen" and the money free again', async () => {
    const before = (await depot()).cash;
    const limit = new Decimal(market.current(SAP)!.ask).mul('0.9').toDecimalPlaces(2).toFixed(2);
    const key = randomUUID();
    const res = await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '2', limit, validity: gtc }, key);
    const placed = res.json() as TradingOrder;
    expect(placed).toMatchObject({ status: 'Open', label: 'offen' });
    // The answer keeps the API contract to the letter, and a repeat gets the same answer.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(tradingOrderSchema.strict().parse(placed)).toEqual(placed);
    const again = await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '2', limit, validity: gtc }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(placed);
    const held = (await depot()).cash;
    expect(held.reserved).toBe(placed.reserved);
    expect(new Decimal(held.available).plus(held.reserved).toFixed(2)).toBe(before.available);
    const cancel = await t.call({ method: 'DELETE', url: `/api/trading/orders/${placed.id}`, headers: c.headers });
    expect(cancel.json()).toMatchObject({ status: 'Canceled', label: 'gestrichen', reserved: '0.00' });
    expect((await depot()).cash).toEqual(before);
  });

  it('a limit sell fires when the bid reaches it, and the lots give the realised gain', async () => {
    const bid = new Decimal(market.current(SAP)!.bid);
    const limit = bid.mul('1.03').toDecimalPlaces(2).toFixed(2);
    const placed = (await place({ isin: SAP, side: 'sell', kind: 'limit', quantity: '4', limit, validity: gtc })).json() as TradingOrder;
    expect(placed.status).toBe('Open');
    expect((await depot()).positions[0]).toMatchObject({ blocked: '4' });
    market.move(SAP, '5');
    await t.app.trading.idle();
    const done = await order(placed.id);
    expect(done).toMatchObject({ status: 'Filled', label: 'ausgeführt' });
    expect(new Decimal(done.executions![0]!.realisedPnl!).gt(0)).toBe(true);
    expect((await depot()).positions[0]).toMatchObject({ blocked: '0' });
  });
});

describe('a trailing stop loss', () => {
  it('ratchets its stop up with the bid and never down', async () => {
    const placed = (await place({ isin: SAP, side: 'sell', kind: 'tsl', quantity: '1', trailingDistance: '5', trailingUnit: 'PERCENT', validity: gtc })).json() as TradingOrder;
    const start = new Decimal(placed.stop!);
    const messages: OrderMessage[] = [];
    const off = t.app.trading.onOrderMessage(c.sub, (m) => messages.push(m));
    market.move(SAP, '4');
    await t.app.trading.idle();
    off();
    const up = new Decimal((await order(placed.id)).stop!);
    expect(up.gt(start)).toBe(true);
    // Each move of the stop is a tslupdate message on the customer's order stream.
    // (Compared as numbers: a price string may carry a trailing zero, 242.10.)
    const update = messages.find((m) => m.type === 'tslupdate' && m.orderId === placed.id) as { stop: string; previousStop: string } | undefined;
    expect(update && [new Decimal(update.stop).eq(up), new Decimal(update.previousStop).eq(start)]).toEqual([true, true]);
    market.move(SAP, '-2');
    await t.app.trading.idle();
    expect((await order(placed.id)).stop).toBe(up.toFixed());
    await t.call({ method: 'DELETE', url: `/api/trading/orders/${placed.id}`, headers: c.headers });
  });
});

describe('pre-trade checks refuse with a German message and write nothing', () => {
  it('more pieces than held, more money than available, bad input, no key', async () => {
    const cash = (await depot()).cash;
    const sell = await place({ isin: SAP, side: 'sell', kind: 'market', quantity: '500', validity: { type: 'day' } });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().message).toMatch(/höchstens .* Stück/);
    const buy = await place({ isin: WORLD, side: 'buy', kind: 'market', quantity: '100000', validity: { type: 'day' } });
    expect(buy.statusCode).toBe(422);
    expect(buy.json().message).toMatch(/reicht für diese Order nicht aus/);
    const bad = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '-1', validity: { type: 'day' } });
    expect(bad.statusCode).toBe(400);
    const noKey = await t.call({ method: 'POST', url: '/api/trading', headers: c.headers, payload: { isin: SAP, side: 'buy', kind: 'market', quantity: '1', validity: { type: 'day' } } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/nicht eindeutig zugeordnet/);
    const fraction = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '1.1234567', validity: { type: 'day' } });
    expect(fraction.statusCode).toBe(400);
    expect((await depot()).cash).toEqual(cash);
  });

  it("another customer's order is not found", async () => {
    const erika = await signedInCustomer(t.app, t.database.db);
    const mine = (await t.call({ method: 'GET', url: '/api/trading/orders', headers: c.headers })).json().orders[0];
    const res = await t.call({ method: 'DELETE', url: `/api/trading/orders/${mine.id}`, headers: erika.headers });
    expect(res.statusCode).toBe(404);
  });

  it('an id of 36 hex digits that is no uuid is not found, on every route that takes one', async () => {
    const id = 'a'.repeat(36);
    const calls = [
      { method: 'GET', url: `/api/trading/orders/${id}` },
      { method: 'DELETE', url: `/api/trading/orders/${id}` },
      { method: 'POST', url: `/api/trading/orders/${id}/accept` },
      { method: 'GET', url: `/api/posteingang/${id}/pdf` },
    ] as const;
    for (const call of calls) {
      const res = await t.call({ ...call, headers: c.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
  });
});

describe('outside trading hours', () => {
  it('an order waits as "vorläufig" and a cancellation is "vorläufig gestrichen"', async () => {
    clock.set('2026-11-23T22:30:00Z'); // 23:30 in Frankfurt
    const placed = (await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '100.00', validity: gtc })).json() as TradingOrder;
    expect(placed, JSON.stringify(placed)).toMatchObject({ status: 'Pending', label: 'vorläufig' });
    const cancel = (await t.call({ method: 'DELETE', url: `/api/trading/orders/${placed.id}`, headers: c.headers })).json() as TradingOrder;
    expect(cancel).toMatchObject({ display: 'Pending_PendingCancel', label: 'vorläufig gestrichen' });
    clock.set('2026-11-24T06:30:00Z'); // 07:30 next morning
    await t.app.trading.tick();
    expect(await order(placed.id)).toMatchObject({ status: 'Canceled', label: 'gestrichen' });
  });
});

describe('a stop buy the market gaps far beyond', () => {
  it('is "zurückgewiesen" when the money no longer covers it, the reservation is free again and the engine goes on', async () => {
    const poor = await signedInCustomer(t.app, t.database.db);
    const stop = new Decimal(market.current(WORLD)!.ask).mul('1.02').toDecimalPlaces(2);
    // Exactly the money the order holds: 3 pieces at the stop plus the 10 % held for a worse price, and the fee.
    const holds = stop.mul(3).mul('1.1').plus(1).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
    await t.call({ method: 'POST', url: '/api/dev/deposit', headers: poor.headers, payload: { amount: holds } });
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: poor.headers });
    const res = await place({ isin: WORLD, side: 'buy', kind: 'stop', quantity: '3', stop: stop.toFixed(2), validity: gtc }, randomUUID(), poor);
    const placed = res.json() as TradingOrder;
    expect(placed.status, res.body).toBe('Open');
    // The price jumps 30 %: the pieces would now cost more than the customer has.
    market.move(WORLD, '30');
    await t.app.trading.idle();
    const seen = (await t.call({ method: 'GET', url: `/api/trading/orders/${placed.id}`, headers: poor.headers })).json() as TradingOrder;
    expect(seen).toMatchObject({ status: 'Rejected', label: 'zurückgewiesen', reserved: '0.00' });
    expect(seen.reason).toMatch(/Guthaben/);
    const after = await depot(poor);
    expect(after.cash).toMatchObject({ available: holds, reserved: '0.00' });
    expect(after.positions).toEqual([]);
    // The next ticks neither execute it nor fail again; a new order is taken as usual.
    market.move(WORLD, '1');
    await t.app.trading.idle();
    expect(((await t.call({ method: 'GET', url: `/api/trading/orders/${placed.id}`, headers: poor.headers })).json() as TradingOrder).status).toBe('Rejected');
    const next = await place({ isin: WORLD, side: 'buy', kind: 'limit', quantity: '1', limit: '10.00', validity: gtc }, randomUUID(), poor);
    expect((next.json() as TradingOrder).status).toBe('Open');
  });
});

describe('the books stay balanced', () => {
  it('all postings sum to zero, no customer balance is negative', async () => {
    await t.app.trading.idle();
    const postings = await t.database.db.select().from(ledgerPostings);
    expect(Decimal.sum(0, ...postings.map((p) => p.amount)).isZero()).toBe(true);
    for (const b of await t.database.db.select().from(ledgerBalances)) {
      if (b.account.startsWith('customer:')) expect(new Decimal(b.balance).gte(0), b.account).toBe(true);
    }
  });
});

describe('after a restart', () => {
  it('the engine is rebuilt from the database and a resting order still fires', async () => {
    clock.set('2026-11-24T09:00:00Z');
    // Tuesday's first tick: the walk starts again from Monday's close in the market's past, as the
    // restarted market's does (the developer's moves of Monday are gone).
    market.tick();
    const bid = new Decimal(market.current(SAP)!.bid);
    const placed = (await place({ isin: SAP, side: 'sell', kind: 'limit', quantity: '1', limit: bid.mul('1.02').toDecimalPlaces(2).toFixed(2), validity: gtc })).json() as TradingOrder;
    expect(placed.status).toBe('Open');
    // The process ends (and with it its leadership); a new one has a new market and engine on the same database.
    await t.app.cluster.leadership.stop();
    const restarted = await buildApp({ config: t.config, db: t.database.db, clock: appClock, marketClock: clock, logger: false });
    expect(restarted.cluster.leadership.isLeader).toBe(true);
    try {
      const newMarket = restarted.quotes as SimulatedMarket;
      newMarket.move(SAP, '10');
      await restarted.trading.idle();
      const res = await restarted.inject({ method: 'GET', url: `/api/trading/orders/${placed.id}`, headers: c.headers });
      expect(res.json()).toMatchObject({ status: 'Filled', label: 'ausgeführt' });
    } finally {
      await restarted.close();
      // The first one leads again for the tests below.
      await t.app.cluster.leadership.tryToLead();
    }
  });
});

describe('the live order stream', () => {
  it('sends a signed-in customer their own order messages as Server-Sent Events', async () => {
    clock.set('2026-11-24T09:30:00Z');
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (headers: Record<string, string>) =>
      new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve) => {
        const req = http.get({ port, host: '127.0.0.1', path: '/api/trading/stream', headers, agent: false });
        req.on('response', (res) => resolve({ req, res }));
      });
    const { req, res } = await open(c.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    const placed = (await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '10.00', validity: gtc })).json() as TradingOrder;
    await expect.poll(() => text, { timeout: 5000 }).toContain(placed.id);
    expect(text).toMatch(/event: status\ndata: \{[^\n]*"label":"(offen|entgegengenommen)"/);
    req.destroy();
    const anonymous = await open({});
    expect(anonymous.res.statusCode).toBe(401);
    anonymous.req.destroy();
  });
});
