import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@kontor/domain/quote';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { type MarketInstrument, SimulatedMarket } from './feed.ts';

const hours = { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false };
const instruments: MarketInstrument[] = [
  { isin: 'DE0007164600', instrumentType: 'AKTIE', referencePrice: '182.40', priceIncr: '0.01', ...hours },
  { isin: 'IE00B4L5Y983', instrumentType: 'ETF', referencePrice: '104.12', priceIncr: '0.01', ...hours },
];
const clock = new ManualClock('2026-11-23T11:00:00Z');
const market = new SimulatedMarket({ clock, instruments, activity: 1 });
let t: TestApp;
let customer: SignedInCustomer;

beforeAll(async () => {
  t = await createTestApp({ clock, quotes: market });
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

describe('GET /api/quotes', () => {
  it('returns the current quotes of the ISINs asked for, leaving unknown ones out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quotes?isins=DE0007164600,US0378331005', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const [q, ...rest] = res.json() as Quote[];
    expect(rest).toEqual([]);
    expect(q).toMatchObject({ isin: 'DE0007164600', ts: '2026-11-23T11:00:00.000Z' });
    expect(Number(q!.ask)).toBeGreaterThan(Number(q!.bid));
  });

  it('refuses bad input with 400 and a signed-out caller with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes?isins=SAP', headers: customer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes', headers: customer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes?isins=DE0007164600' })).statusCode).toBe(401);
  });
});

describe('GET /api/quotes/stream', () => {
  it('sends the current quotes at once, then each tick’s changes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const messages: Quote[][] = [];
    const req = http.get({ port, host: '127.0.0.1', path: '/api/quotes/stream?isins=DE0007164600', headers: customer.headers });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    let buffer = '';
    const got = new Promise<void>((resolve) => {
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = event.split('\n').find((l) => l.startsWith('data: '));
          if (data) messages.push(JSON.parse(data.slice(6)));
          if (messages.length === 2) resolve();
        }
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(1000);
    for (let i = 0; i < 5 && messages.length < 2; i++) market.tick();
    await got;
    req.destroy();
    expect(messages[0]![0]!.isin).toBe('DE0007164600');
    expect(messages[1]!.every((q) => q.isin === 'DE0007164600')).toBe(true);
    expect(messages[1]![0]!.ts).toBe('2026-11-23T11:00:01.000Z');
  });
});

describe('closing the app', () => {
  it('ends the open quote streams instead of waiting for them for ever', async () => {
    const own = await createTestApp({ clock, quotes: market });
    const who = await signedInCustomer(own.app, own.database.db);
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = own.app.server.address() as AddressInfo;
    const req = http.get({ port, host: '127.0.0.1', path: '/api/quotes/stream?isins=DE0007164600', headers: who.headers });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    res.resume();
    const ended = new Promise((resolve) => res.on('close', resolve));
    await own.close();
    await ended;
  });
});

describe('GET /api/quotes/:isin/history', () => {
  it('returns OHLC bars for a chart range, ending at the current quote', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quotes/DE0007164600/history?range=OneMonth', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isin: 'DE0007164600', range: 'OneMonth', resolution: '1d' });
    const q = market.current('DE0007164600')!;
    const mid = (Number(q.bid) + Number(q.ask)) / 2;
    expect(Number(body.bars.at(-1).c)).toBeCloseTo(mid, 2);
  });

  it('refuses an unknown range with 400 and an unknown ISIN with 404', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/quotes/DE0007164600/history?range=TenYears', headers: customer.headers });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/quotes/US0378331005/history?range=OneMonth', headers: customer.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/keine Kurse/);
  });
});

describe('the default market', () => {
  it('quotes the instrument universe', async () => {
    const app = await createTestApp({ now: '2026-11-23T11:00:00Z' });
    try {
      const who = await signedInCustomer(app.app, app.database.db);
      const res = await app.app.inject({ method: 'GET', url: '/api/quotes?isins=DE0007164600,IE00B4L5Y983', headers: who.headers });
      expect(res.json().map((q: Quote) => q.isin)).toEqual(['DE0007164600', 'IE00B4L5Y983']);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/quotes/previous-close', () => {
  it("gives the previous trading day's close of the ISINs asked for, leaving unknown ones out", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quotes/previous-close?isins=DE0007164600,US0378331005', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ isin: 'DE0007164600', previousClose: market.previousClose('DE0007164600') }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes/previous-close?isins=SAP', headers: customer.headers })).statusCode).toBe(400);
  });
});
