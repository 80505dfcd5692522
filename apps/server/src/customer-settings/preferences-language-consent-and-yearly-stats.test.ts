import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerSettings } from '@kontor/domain/customer-settings-contracts';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { CustomerStats } from '@kontor/domain/stats-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerSettingsStore } from './store.ts';

const APPLE = 'US0378331005';
const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
// 1.25 $ per euro: a dollar is 0.80 €.
quotes.pin(EUR_USD_ISIN, '1.25', '1.25');
quotes.pin(APPLE, '200.00', '200.00');
quotes.pin(SAP, '200.00', '200.00');

let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;

const as = (c: SignedInCustomer, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.call({ method, url, headers: c.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const settings = async (c: SignedInCustomer) => (await as(c, 'GET', '/api/usersettings')).json() as CustomerSettings;

async function trade(c: SignedInCustomer, isin: string, side: 'buy' | 'sell', quantity: string): Promise<void> {
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await as(c, 'GET', `/api/trading/orders/${(res.json() as TradingOrder).id}`)).json() as TradingOrder;
  expect(order.status).toBe('Filled');
}

beforeAll(async () => {
  // Tuesday 2 March 2027, 11:00 in Berlin: the market is open.
  t = await createTestApp({ now: '2027-03-02T10:00:00Z', quotes });
  anna = await customerWithCash(t, '10000.00');
  ben = await customerWithCash(t, '10000.00');
}, 60_000);
afterAll(() => t?.close());

describe('preferences: theme and the order ticket’s default validity', () => {
  it('a new customer has the defaults: the system’s theme, validity day, German, no advertising consent', async () => {
    expect((await settings(anna)).preferences).toEqual({ theme: 'SYSTEM', defaultOrderValidity: 'day', language: null, adAgree: false, adAgreeChangedAt: null });
  });

  it('PUT /api/usersettings changes what it names, GET shows it, and another customer keeps the defaults', async () => {
    const res = await as(anna, 'PUT', '/api/usersettings', { theme: 'DARK', defaultOrderValidity: 'gtc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'DARK', defaultOrderValidity: 'gtc' });
    // Only the theme: the validity stays.
    expect((await as(anna, 'PUT', '/api/usersettings', { theme: 'LIGHT' })).json()).toMatchObject({ theme: 'LIGHT', defaultOrderValidity: 'gtc' });
    expect((await settings(anna)).preferences).toMatchObject({ theme: 'LIGHT', defaultOrderValidity: 'gtc' });
    expect((await settings(ben)).preferences).toMatchObject({ theme: 'SYSTEM', defaultOrderValidity: 'day' });
  });

  it.each([
    ['an unknown theme', { theme: 'PINK' }],
    ['a validity that needs a date', { defaultOrderValidity: 'date' }],
    ['nothing to change', {}],
    ['a field that is no preference', { theme: 'DARK', language: 'en' }],
    ['no object', ['DARK']],
  ])('%s is refused with a 400 and changes nothing', async (_name, body) => {
    const before = (await settings(anna)).preferences;
    const res = await as(anna, 'PUT', '/api/usersettings', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect((await settings(anna)).preferences).toEqual(before);
  });
});

describe('language: PUT /api/user/lc', () => {
  it('stores the customer’s language; GET and the settings return it', async () => {
    expect((await as(anna, 'GET', '/api/user/lc')).json()).toEqual({ language: 'de' });
    const res = await as(anna, 'PUT', '/api/user/lc', { language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    expect((await as(anna, 'GET', '/api/user/lc')).json()).toEqual({ language: 'en' });
    expect((await settings(anna)).preferences.language).toBe('en');
    expect((await as(ben, 'GET', '/api/user/lc')).json()).toEqual({ language: 'de' });
  });

  it.each([[{ language: 'fr' }], [{ language: 'EN' }], [{}], [{ language: 'de', extra: 1 }]])('%j is refused with a 400', async (body) => {
    expect((await as(anna, 'PUT', '/api/user/lc', body)).statusCode).toBe(400);
    expect((await as(anna, 'GET', '/api/user/lc')).json()).toEqual({ language: 'en' });
  });
});

describe('advertising consent: POST /api/user/toggleadagree', () => {
  it('each call switches the consent and says when; the settings show it', async () => {
    const on = await as(ben, 'POST', '/api/user/toggleadagree');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ adAgree: true, changedAt: '2027-03-02T10:00:00.000Z' });
    t.app.simulatedClock.advance(60_000);
    expect((await as(ben, 'POST', '/api/user/toggleadagree')).json()).toEqual({ adAgree: false, changedAt: '2027-03-02T10:01:00.000Z' });
    expect((await settings(ben)).preferences).toMatchObject({ adAgree: false, adAgreeChangedAt: '2027-03-02T10:01:00.000Z' });
  });

  it('two switches at once both count (back where it was), never one lost', async () => {
    const before = (await settings(ben)).preferences.adAgree;
    const answers = await Promise.all([as(ben, 'POST', '/api/user/toggleadagree'), as(ben, 'POST', '/api/user/toggleadagree')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().adAgree).sort()).toEqual([false, true]);
    expect((await settings(ben)).preferences.adAgree).toBe(before);
  });

  it('the account opening records the consent given there through the store (setAdvertisingConsent)', async () => {
    const at = new Date('2027-03-01T08:00:00Z');
    await t.database.db.transaction((tx) => customerSettingsStore(tx).setAdvertisingConsent(anna.sub, true, at));
    expect((await settings(anna)).preferences).toMatchObject({ adAgree: true, adAgreeChangedAt: at.toISOString() });
  });
});

describe('GET /api/stats: the customer’s own figures of this year', () => {
  it('a customer who did nothing this year has zeros for the simulated year', async () => {
    const res = await as(ben, 'GET', '/api/stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ year: 2027, trades: 0, tradedVolume: '0.00', feesPaid: '0.00', savingsPlanExecutions: 0, dividendsReceived: '0.00', taxPaid: '0.00' });
  });

  it('three trades, their fees and the Apple dividend with its tax are counted; another customer’s are not', async () => {
    const before = new Decimal((await cash(t, anna)).balance);
    await trade(anna, APPLE, 'buy', '10'); // 10 × 200 $ × 0.80 = 1,600.00 €
    await trade(anna, SAP, 'buy', '10'); // 10 × 200 € = 2,000.00 €
    await trade(anna, SAP, 'sell', '4'); // 4 × 200 € = 800.00 € (no gain: no tax)
    await trade(ben, SAP, 'buy', '10');
    // Cash after the three trades: 10,000 − 1,600 − 2,000 + 800 − fees.
    const fees = before.minus(1600).minus(2000).plus(800).minus((await cash(t, anna)).balance);
    expect(fees.gt(0)).toBe(true);
    // The Apple dividend of 2027 is paid on 23 April: 15.73 € net after 2.11 € KapESt and 0.11 € Soli
    // (worked out in us-and-german-dividends-are-booked-and-taxed-on-their-pay-date.test.ts).
    await clockTo(t, '2027-04-23T10:00:00Z');
    const stats = (await as(anna, 'GET', '/api/stats')).json() as CustomerStats;
    expect(stats).toEqual({
      year: 2027,
      trades: 3,
      tradedVolume: '4400.00',
      feesPaid: fees.toFixed(2),
      savingsPlanExecutions: 0,
      dividendsReceived: '15.73',
      taxPaid: '2.22',
    });
    expect(((await as(ben, 'GET', '/api/stats')).json() as CustomerStats).trades).toBe(1);
  });
});
