import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '@kontor/domain/notifications';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SimulatedMarket } from '../market/feed.ts';
import { ManualClock } from '../platform/clock.ts';

const clock = new ManualClock('2026-11-23T11:00:00Z');
// Hour-long steps make the walk move fast enough to cross an alert within a few ticks.
const market = new SimulatedMarket({
  clock,
  stepSeconds: 3600,
  activity: 1,
  instruments: [{ isin: 'DE0007164600', instrumentType: 'AKTIE', referencePrice: '182.40', priceIncr: '0.01', tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false }],
});
let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp({ clock, quotes: market });
  anna = await signedInCustomer(t.app, t.database.db, 'anna');
  ben = await signedInCustomer(t.app, t.database.db, 'ben');
});
afterAll(() => t.close());

const as = (who: SignedInCustomer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('price alerts', () => {
  it('fires once when the quote crosses the price, with a notification and an unread count', async () => {
    const q = market.current('DE0007164600')!;
    const mid = new Decimal(q.bid).plus(q.ask).div(2);
    const above = (await as(anna, 'POST', '/api/notification/alerts', { isin: 'DE0007164600', direction: 'above', price: mid.mul(1.002).toFixed(2) })).json() as PriceAlert;
    const below = (await as(anna, 'POST', '/api/notification/alerts', { isin: 'DE0007164600', direction: 'below', price: mid.mul(0.998).toFixed(2) })).json() as PriceAlert;
    expect(above.triggeredAt).toBeNull();

    let fired: PriceAlert[] = [];
    for (let i = 0; i < 200 && fired.length === 0; i++) {
      clock.advance(1000);
      market.tick();
      await new Promise((r) => setTimeout(r, 5));
      fired = ((await as(anna, 'GET', '/api/notification/alerts')).json() as PriceAlert[]).filter((a) => a.triggeredAt);
    }
    expect(fired).toHaveLength(1);
    const list = (await as(anna, 'GET', '/api/notification')).json();
    expect(list.unread).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: 'PRICE_ALERT', isin: 'DE0007164600', readAt: null });
    expect(list.items[0].title).toBe('Kursalarm: SAP SE');
    expect(list.items[0].body).toMatch(fired[0]!.direction === 'above' ? /steigt auf oder über/ : /fällt auf oder unter/);
    expect(list.items[0].body).toMatch(/\d+,\d{2}\s€/);

    const id = list.items[0].id as string;
    expect((await as(anna, 'POST', `/api/notification/${id}/read`)).statusCode).toBe(204);
    expect((await as(anna, 'GET', '/api/notification')).json().unread).toBe(0);
    expect((await as(ben, 'POST', `/api/notification/${id}/read`)).statusCode).toBe(404);
    expect((await as(ben, 'DELETE', `/api/notification/${id}`)).statusCode).toBe(404);
    expect((await as(anna, 'DELETE', `/api/notification/${id}`)).statusCode).toBe(204);
    expect((await as(anna, 'GET', '/api/notification')).json().items).toEqual([]);

    // The other alert stays open until its owner deletes it.
    const open = [above, below].find((a) => a.id !== fired[0]!.id)!;
    expect((await as(ben, 'DELETE', `/api/notification/alerts/${open.id}`)).statusCode).toBe(404);
    expect((await as(anna, 'DELETE', `/api/notification/alerts/${open.id}`)).statusCode).toBe(204);
  });

  it('refuses a bad price, an unknown direction and an unknown instrument', async () => {
    expect((await as(anna, 'POST', '/api/notification/alerts', { isin: 'DE0007164600', direction: 'above', price: '-1' })).statusCode).toBe(400);
    expect((await as(anna, 'POST', '/api/notification/alerts', { isin: 'DE0007164600', direction: 'sideways', price: '100' })).statusCode).toBe(400);
    expect((await as(anna, 'POST', '/api/notification/alerts', { isin: 'IE00B4L5Y983', direction: 'above', price: '100' })).statusCode).toBe(404);
  });

  it.each(['9'.repeat(400), `0.${'0'.repeat(399)}1`])('refuses a price with hundreds of digits (%#) at the request, and stores no alert', async (price) => {
    const before = (await as(anna, 'GET', '/api/notification/alerts')).json();
    const res = await as(anna, 'POST', '/api/notification/alerts', { isin: 'DE0007164600', direction: 'above', price });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'price', message: 'Höchstens 12 Stellen vor und 12 nach dem Komma' }]);
    expect((await as(anna, 'GET', '/api/notification/alerts')).json()).toEqual(before);
  });
});
