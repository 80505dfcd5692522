import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@kontor/domain/quote';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock, clockStartingAt } from '../platform/clock.ts';
import { loadConfig } from '../config.ts';
import { type MarketInstrument, SimulatedMarket } from './feed.ts';

const hours = { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false };
const instruments: MarketInstrument[] = [{ isin: 'DE0007164600', instrumentType: 'AKTIE', referencePrice: '100.00', priceIncr: '0.01', ...hours }];
// Sunday morning: the market is closed, and a move must still show.
const clock = new ManualClock('2026-11-22T07:00:00Z');
const market = new SimulatedMarket({ clock, instruments });
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, quotes: market });
});
afterAll(() => t.close());

const mid = (q: Quote) => new Decimal(q.bid).plus(q.ask).div(2);

describe('POST /dev/market/move', () => {
  it('moves the mid by the percentage at once, even with the market closed, and subscribers get it', async () => {
    const before = market.current('DE0007164600')!;
    const received: Quote[] = [];
    const off = market.subscribe(new Set(['DE0007164600']), (updates) => received.push(...updates.map((u) => u.quote)));
    const res = await t.call({ method: 'POST', url: '/dev/market/move', payload: { isin: 'DE0007164600', percent: '5' } });
    off();
    expect(res.statusCode).toBe(200);
    const after = res.json() as Quote;
    expect(mid(after).div(mid(before)).toDecimalPlaces(3).toString()).toBe('1.05');
    expect(after.ts).toBe('2026-11-22T07:00:00.000Z');
    expect(received).toEqual([after]);
    expect(market.current('DE0007164600')).toEqual(after);
  });

  it('refuses a bad percentage or ISIN with 400 and an unknown instrument with 404', async () => {
    const move = (payload: object) => t.call({ method: 'POST', url: '/dev/market/move', payload });
    expect((await move({ isin: 'DE0007164600', percent: 'viel' })).statusCode).toBe(400);
    expect((await move({ isin: 'DE0007164600', percent: '-95' })).statusCode).toBe(400);
    expect((await move({ isin: 'SAP', percent: '1' })).statusCode).toBe(400);
    expect((await move({ isin: 'US0378331005', percent: '1' })).statusCode).toBe(404);
  });

  it('does not exist when the development tools are off', async () => {
    const prod = await createTestApp({ clock, quotes: market, env: { DEV_TOOLS: 'false' } });
    try {
      const res = await prod.call({ method: 'POST', url: '/dev/market/move', payload: { isin: 'DE0007164600', percent: '1' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('MARKET_CLOCK_START', () => {
  it('starts market time at the configured instant and lets it run on', () => {
    const config = loadConfig({ NODE_ENV: 'test', MARKET_CLOCK_START: '2026-11-23T10:00:00+01:00' });
    expect(config.marketClockStart?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    const base = new ManualClock('2026-11-22T07:00:00Z');
    const marketClock = clockStartingAt(config.marketClockStart!, base);
    expect(marketClock.now().toISOString()).toBe('2026-11-23T09:00:00.000Z');
    base.advance(90_000);
    expect(marketClock.now().toISOString()).toBe('2026-11-23T09:01:30.000Z');
    expect(() => loadConfig({ NODE_ENV: 'test', MARKET_CLOCK_START: 'Montag' })).toThrow(/MARKET_CLOCK_START/);
  });
});
