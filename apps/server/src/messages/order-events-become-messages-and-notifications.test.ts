import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@kontor/domain/notifications';
import type { MessagePage, PosteingangMessage } from '@kontor/domain/posteingang-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SimulatedMarket } from '../market/feed.ts';
import { appPushes } from '../notifications/tables.ts';
import { outboxMessages } from '../outbox/tables.ts';
import { ManualClock } from '../platform/clock.ts';

// Monday 10:00 in Frankfurt: the market is open. The app's own clock keeps sign-ins valid.
const clock = new ManualClock('2026-11-23T09:00:00Z');
const appClock = new ManualClock('2026-11-23T09:00:00Z');
const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';
const gtc = { type: 'gtc' };
let t: TestApp;
let market: SimulatedMarket;
let c: SignedInCustomer;

beforeAll(async () => {
  t = await createTestApp({ clock: appClock, marketClock: clock });
  market = t.app.quotes as SimulatedMarket;
  c = await signedInCustomer(t.app, t.database.db);
  await deposit(c, '10000.00');
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
}, 60_000);
afterAll(() => t.close());

async function deposit(who: SignedInCustomer, amount: string) {
  expect((await t.call({ method: 'POST', url: '/api/dev/deposit', headers: who.headers, payload: { amount } })).statusCode).toBe(200);
}
const place = async (body: object, who: SignedInCustomer = c) => {
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...who.headers, 'idempotency-key': randomUUID() }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingOrder;
};
const messages = async (who: SignedInCustomer = c, query = '') => (await t.call({ method: 'GET', url: `/api/posteingang/messages${query}`, headers: who.headers })).json() as MessagePage;
const bell = async (who: SignedInCustomer = c) => (await t.call({ method: 'GET', url: '/api/notification', headers: who.headers })).json() as { unread: number; items: Notification[] };
const ofOrder = async (id: string, who: SignedInCustomer = c) => (await messages(who, '?limit=100')).messages.filter((m) => m.orderId === id);
/** Everything the engine, the commit's signal and the delivery have to do so far. */
async function settled() {
  await t.app.trading.idle();
  await t.app.notificationDelivery.idle();
}

describe('a limit buy that executes', () => {
  it('brings an `order` message, an ORDER_EXECUTED notification linked to the order and the new unread count on the live stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { req, res } = await new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve) => {
      const r = http.get({ port, host: '127.0.0.1', path: '/api/trading/stream', headers: c.headers, agent: false });
      r.on('response', (response) => resolve({ req: r, res: response }));
    });
    let stream = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (stream += chunk));
    try {
      const before = (await bell()).unread;
      const limit = new Decimal(market.current(SAP)!.ask).mul('0.98').toDecimalPlaces(2).toFixed(2);
      const placed = await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '5', limit, validity: gtc });
      expect(placed.status).toBe('Open');
      market.move(SAP, '-5');
      await settled();
      const [message] = await ofOrder(placed.id);
      expect(message).toMatchObject({ kind: 'order', textForm: 'ORDER', title: 'Order ausgeführt: Kauf SAP SE', read: false, isin: SAP, stop: null, ticketId: null });
      expect(message!.body).toMatch(/^5 Stück zu \d+,\d{2}\s€ ausgeführt\.$/);
      const { unread, items } = await bell();
      expect(items[0]).toMatchObject({ kind: 'ORDER_EXECUTED', orderId: placed.id, documentId: null, isin: SAP, readAt: null });
      expect(unread).toBe(before + 1);
      await expect.poll(() => stream, { timeout: 5000 }).toContain(`event: notifications\ndata: {"type":"notifications","unread":${unread}}`);
      // Read in another tab: the count follows on the stream.
      await t.call({ method: 'POST', url: `/api/notification/${items[0]!.id}/read`, headers: c.headers });
      await expect.poll(() => stream, { timeout: 5000 }).toContain(`"unread":${unread - 1}}`);
    } finally {
      req.destroy();
    }
  });

  it('in parts when it is larger than the market maker takes at once: "teilweise ausgeführt" first, then "ausgeführt"', async () => {
    const rich = await signedInCustomer(t.app, t.database.db);
    await deposit(rich, '400000.00');
    // About 270.000 €: the market maker takes at most 250.000 per quote.
    const placed = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '1500', validity: { type: 'day' } }, rich);
    clock.advance(1000);
    market.move(SAP, '0.1');
    await settled();
    const kinds = (await bell(rich)).items.filter((n) => n.orderId === placed.id).map((n) => n.kind).reverse();
    expect(kinds).toEqual(['ORDER_PARTIALLY_EXECUTED', 'ORDER_EXECUTED']);
    const titles = (await ofOrder(placed.id, rich)).map((m) => m.title).reverse();
    expect(titles).toEqual(['Order teilweise ausgeführt: Kauf SAP SE', 'Order ausgeführt: Kauf SAP SE']);
    expect((await ofOrder(placed.id, rich))[1]!.body).toMatch(/Bisher ausgeführt: [\d.,]+ Stück\./);
  });
});

describe('one unread event in the bell and the Nachrichten', () => {
  it('reading the execution\'s message reads its notification, unreading it unreads it, and reading the notification reads the message', async () => {
    const who = await signedInCustomer(t.app, t.database.db);
    await deposit(who, '5000.00');
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: who.headers });
    const placed = await place({ isin: WORLD, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } }, who);
    clock.advance(1000);
    market.move(WORLD, '0.1');
    await settled();
    const [message] = await ofOrder(placed.id, who);
    const executed = () => bell(who).then((b) => b.items.find((n) => n.orderId === placed.id && n.kind === 'ORDER_EXECUTED')!);
    expect([message!.read, (await executed()).readAt]).toEqual([false, null]);
    const unread = async () => [await t.app.messages.countUnread(who.sub), (await bell(who)).unread];
    const before = await unread();

    const mark = (read: boolean) => t.call({ method: 'PUT', url: `/api/posteingang/messages/${message!.id}/read`, headers: who.headers, payload: { read } });
    expect((await mark(true)).statusCode).toBe(204);
    expect((await executed()).readAt).not.toBeNull();
    expect(await unread()).toEqual([before[0]! - 1, before[1]! - 1]);
    expect((await mark(false)).statusCode).toBe(204);
    expect((await executed()).readAt).toBeNull();
    expect(await unread()).toEqual(before);

    await t.call({ method: 'POST', url: `/api/notification/${(await executed()).id}/read`, headers: who.headers });
    expect((await ofOrder(placed.id, who))[0]!.read).toBe(true);
    expect(await unread()).toEqual([before[0]! - 1, before[1]! - 1]);
  });
});

describe('a trailing stop that moves', () => {
  it('keeps one `tslupdate` message with the newest stop, unread again, and notifies once that day', async () => {
    const placed = await place({ isin: SAP, side: 'sell', kind: 'tsl', quantity: '1', trailingDistance: '5', trailingUnit: 'PERCENT', validity: gtc });
    market.move(SAP, '3');
    await settled();
    const first = (await ofOrder(placed.id)).filter((m) => m.kind === 'tslupdate');
    expect(first).toHaveLength(1);
    await t.call({ method: 'PUT', url: `/api/posteingang/messages/${first[0]!.id}/read`, headers: c.headers, payload: { read: true } });
    market.move(SAP, '3');
    await settled();
    const stop = (await t.call({ method: 'GET', url: `/api/trading/orders/${placed.id}`, headers: c.headers })).json().stop as string;
    const now = (await ofOrder(placed.id)).filter((m) => m.kind === 'tslupdate');
    expect(now).toEqual([expect.objectContaining({ id: first[0]!.id, textForm: 'TSLUPDATE', stop, read: false, orderId: placed.id })]);
    expect(new Decimal(stop).gt(first[0]!.stop!)).toBe(true);
    expect(now[0]!.body).toMatch(/^Neuer Stop: .+ \(bisher .+\)\.$/);
    expect((await bell()).items.filter((n) => n.kind === 'TSL_MOVED' && n.orderId === placed.id)).toHaveLength(1);
    await t.call({ method: 'DELETE', url: `/api/trading/orders/${placed.id}`, headers: c.headers });
  });
});

describe('an RFQ answered', () => {
  it('is a `previously_quoted` message linked to the RFQ', async () => {
    const res = await t.call({ method: 'POST', url: '/api/trading/rfq', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin: SAP, side: 'buy', quantity: '2' } });
    expect(res.statusCode, res.body).toBe(201);
    const rfq = res.json() as TradingOrder;
    await settled();
    const [quoted] = await ofOrder(rfq.id);
    expect(quoted).toMatchObject({ kind: 'previously_quoted', textForm: 'PREVIOUSLY_QUOTED', title: 'Angebot erhalten: Kauf SAP SE', orderId: rfq.id });
    expect(quoted!.body).toMatch(/^2 Stück zu .+\s€, gültig bis \d\d:\d\d:\d\d Uhr\.$/);
  });
});

describe('a stop buy the market gaps beyond the money', () => {
  it('is rejected: an `order` message with the reason and an ORDER_REJECTED notification', async () => {
    const poor = await signedInCustomer(t.app, t.database.db);
    const stop = new Decimal(market.current(WORLD)!.ask).mul('1.02').toDecimalPlaces(2);
    await deposit(poor, stop.mul(3).mul('1.1').plus(1).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2));
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: poor.headers });
    const placed = await place({ isin: WORLD, side: 'buy', kind: 'stop', quantity: '3', stop: stop.toFixed(2), validity: gtc }, poor);
    market.move(WORLD, '30');
    await settled();
    const [rejected] = await ofOrder(placed.id, poor);
    expect(rejected).toMatchObject({ kind: 'order', title: expect.stringMatching(/^Order abgelehnt: Kauf /) });
    expect(rejected!.body).toMatch(/Guthaben/);
    expect((await bell(poor)).items[0]).toMatchObject({ kind: 'ORDER_REJECTED', orderId: placed.id });
  });
});

describe('messages from Kontor', () => {
  it('plain text is `msg`, a text form Kontor does not know is kept and listed as `unknown`', async () => {
    const who = await signedInCustomer(t.app, t.database.db);
    const send = (payload: object) => t.call({ method: 'POST', url: '/api/dev/messages', headers: who.headers, payload });
    expect((await send({ title: 'Neue Funktion', body: 'Sparpläne ab 1 €.' })).statusCode).toBe(204);
    expect((await send({ textForm: 'SURVEY_V2', title: 'Ihre Meinung', body: 'Wie gefällt Ihnen Kontor?' })).statusCode).toBe(204);
    const listed = (await messages(who)).messages;
    expect(listed.map((m) => [m.kind, m.textForm])).toEqual(
      expect.arrayContaining([
        ['msg', 'TEXT'],
        ['unknown', 'SURVEY_V2'],
      ]),
    );
    expect(listed.find((m) => m.kind === 'unknown')).toMatchObject({ title: 'Ihre Meinung', body: 'Wie gefällt Ihnen Kontor?', orderId: null });
  });

  it('are paged newest first with a cursor, read and unread again, and another customer’s is not found', async () => {
    const who = await signedInCustomer(t.app, t.database.db);
    for (const title of ['eins', 'zwei', 'drei']) {
      appClock.advance(1000);
      clock.advance(1000);
      await t.call({ method: 'POST', url: '/api/dev/messages', headers: who.headers, payload: { title } });
    }
    const first = await messages(who, '?limit=2');
    expect(first.messages.map((m) => m.title)).toEqual(['drei', 'zwei']);
    const second = await messages(who, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ messages: [expect.objectContaining({ title: 'eins' })], nextCursor: null });
    expect((await t.call({ method: 'GET', url: '/api/posteingang/messages?cursor=bm9wZQ', headers: who.headers })).statusCode).toBe(400);

    const id = first.messages[0]!.id;
    const mark = (as: SignedInCustomer, read: boolean) => t.call({ method: 'PUT', url: `/api/posteingang/messages/${id}/read`, headers: as.headers, payload: { read } });
    expect((await mark(who, true)).statusCode).toBe(204);
    expect((await messages(who, '?unread=true')).messages.map((m: PosteingangMessage) => m.title)).toEqual(['zwei', 'eins']);
    expect(await t.app.messages.countUnread(who.sub)).toBe(2);
    expect((await mark(who, false)).statusCode).toBe(204);
    expect(await t.app.messages.countUnread(who.sub)).toBe(3);
    expect((await mark(c, true)).statusCode).toBe(404);
  });
});

describe('channels per kind', () => {
  it('e-mail goes to the outbox, push to each enrolled app, and a kind with the bell off is not in the bell; pushadmin shows the same push column', async () => {
    const who = await signedInCustomer(t.app, t.database.db);
    await deposit(who, '5000.00');
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: who.headers });
    const deviceName = 'Testhandy';
    const enrolled = await t.call({ method: 'POST', url: '/api/appenrollment', headers: who.headers, payload: { deviceName, authorisation: await authorised(t, who, { type: 'ENROLL_DEVICE', deviceName }) } });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const serial = enrolled.json().serial as string;

    const prefs = await t.call({ method: 'GET', url: '/api/notification/preferences', headers: who.headers });
    expect(prefs.json().kinds.ORDER_EXECUTED).toEqual({ inApp: true, email: false, push: true });
    const saved = await t.call({ method: 'PUT', url: '/api/notification/preferences', headers: who.headers, payload: { kinds: { ORDER_EXECUTED: { inApp: false, email: true, push: true } } } });
    expect(saved.json().kinds).toMatchObject({ ORDER_EXECUTED: { inApp: false, email: true, push: true }, PRICE_ALERT: { inApp: true, email: false, push: true } });

    const before = (await bell(who)).items.length;
    const placed = await place({ isin: SAP, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } }, who);
    expect(placed.status).toBe('Filled');
    await settled();
    expect((await bell(who)).items).toHaveLength(before);
    // Delivered after commit, when PostgreSQL passes the signal on (on a server: over the listening
    // connection); on a loaded runner that took longer than vi.waitFor's default of 1 s.
    await vi.waitFor(async () => {
      const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, who.username));
      expect(mails.filter((m) => m.channel === 'email').map((m) => m.text)).toEqual([expect.stringMatching(/^Kontor: Order ausgeführt: Kauf SAP SE\n\n2 Stück zu/)]);
      const pushes = await t.database.db.select().from(appPushes).where(eq(appPushes.serial, serial));
      expect(pushes.map((p) => p.title)).toContain('Order ausgeführt: Kauf SAP SE');
    }, { timeout: 10_000 });
    // The companion app page shows it.
    expect((await t.call({ method: 'GET', url: `/dev/app/${serial}` })).body).toContain('Order ausgeführt: Kauf SAP SE');

    // The app's push settings are the push column of the same preferences, both ways.
    const pushed = (await t.call({ method: 'GET', url: '/api/mobileapp/pushadmin', headers: who.headers })).json().kinds;
    expect(pushed.ORDER_EXECUTED).toBe(true);
    const put = await t.call({ method: 'PUT', url: '/api/mobileapp/pushadmin', headers: who.headers, payload: { kinds: { ...pushed, ORDER_EXECUTED: false } } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/notification/preferences', headers: who.headers })).json().kinds.ORDER_EXECUTED).toEqual({ inApp: false, email: true, push: false });
  });
});

describe('a day order at the close', () => {
  it('expires: an `order` message and an ORDER_EXPIRED notification', async () => {
    const placed = await place({ isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '10.00', validity: { type: 'day' } });
    clock.set('2026-11-23T22:30:00Z'); // 23:30 in Frankfurt, after the window
    await t.app.trading.tick();
    await settled();
    const [expired] = await ofOrder(placed.id);
    expect(expired).toMatchObject({ kind: 'order', title: 'Order abgelaufen: Kauf SAP SE' });
    expect((await bell()).items.filter((n) => n.orderId === placed.id).map((n) => n.kind)).toEqual(['ORDER_EXPIRED']);
  });
});
