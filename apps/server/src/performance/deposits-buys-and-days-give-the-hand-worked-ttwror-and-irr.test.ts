import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Performance } from '@kontor/domain/performance-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../platform/db.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;

const performance = async (range = 'MAX') => {
  const res = await t.call({ method: 'GET', url: `/api/depot/performance?range=${range}`, headers: anna.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Performance;
};
const snapshotDays = async () =>
  rowsOf<{ day: string; value: string }>(await t.database.db.execute(sql`select day::text as day, value::text as value from depot_snapshots where sub = ${anna.sub} order by day`));

beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in Berlin: the market is open.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z', quotes });
  quotes.pin(SAP, '100.00', '100.00');
  // Monday: 5.000,00 € deposited, 10 SAP bought at 100,00 € (1,00 € fee): cash 3.999,00 €.
  anna = await customerWithCash(t, '5000.00');
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: anna.headers });
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...anna.headers, 'idempotency-key': randomUUID() }, payload: { isin: SAP, side: 'buy', kind: 'market', quantity: '10', validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  expect((res.json() as TradingOrder).status).toBe('Filled');
  // After Monday's close the daily job writes the day: 3.999,00 + 10 × 100,00 = 4.999,00 €.
  await clockTo(t, '2026-11-24T09:00:00Z');
  // Tuesday: SAP rises to 110,00 € and 1.000,00 € more arrive: 4.999,00 + 1.100,00 = 6.099,00 €.
  quotes.pin(SAP, '110.00', '110.00');
  expect((await t.call({ method: 'POST', url: '/api/dev/deposit', headers: anna.headers, payload: { amount: '1000.00' } })).statusCode).toBe(200);
  await clockTo(t, '2026-11-25T09:00:00Z');
  // Wednesday (today, at the current price): SAP falls to 99,00 €: 4.999,00 + 990,00 = 5.989,00 €.
  quotes.pin(SAP, '99.00', '99.00');
});
afterAll(async () => t.close());

describe('GET /api/depot/performance after a deposit, a buy, a second deposit and three days', () => {
  it('gives the value series with invested capital, from the day before the first booking', async () => {
    const p = await performance();
    expect(p).toMatchObject({ range: 'MAX', from: '2026-11-22', to: '2026-11-25' });
    expect(p.series).toEqual([
      { date: '2026-11-22', value: '0.00', invested: '0.00' },
      { date: '2026-11-23', value: '4999.00', invested: '5000.00' },
      { date: '2026-11-24', value: '6099.00', invested: '6000.00' },
      { date: '2026-11-25', value: '5989.00', invested: '6000.00' },
    ]);
    expect(p.depot).toMatchObject({ value: '5989.00', invested: '6000.00' });
  });

  it('has the TTWROR and IRR worked out by hand', async () => {
    const p = await performance();
    // TTWROR: Monday 4.999 / (0 + 5.000), Tuesday 6.099 / (4.999 + 1.000), Wednesday 5.989 / 6.099:
    //   product = 4.999/5.000 × 6.099/5.999 × 5.989/6.099 = (4.999 × 5.989) / (5.000 × 5.999)
    //           = 29.939.011 / 29.995.000 = 0,998133389 → −0,1867 % (the fee and the fall; no deposit counts as gain).
    const product = 29_939_011 / 29_995_000;
    expect(Number(p.depot.ttwror)).toBeCloseTo(product - 1, 6);
    expect(Number(p.depot.ttwrorAnnualised)).toBeCloseTo(product ** (365 / 3) - 1, 5);
    // IRR: −5.000 (Monday), −1.000 (Tuesday), +5.989 (Wednesday). With y = (1 + r)^(1/365):
    //   −5.000 − 1.000 / y + 5.989 / y² = 0  ⇔  5.000 y² + 1.000 y − 5.989 = 0
    //   y = (−1.000 + √(1.000² + 4 × 5.000 × 5.989)) / 10.000 = (−1.000 + √120.780.000) / 10.000 = 0,99899954
    //   r = y^365 − 1 = −0,3061 (−30,6 % p. a.: a loss of 11 € in two days, annualised)
    const y = (-1000 + Math.sqrt(120_780_000)) / 10_000;
    expect(Number(p.depot.irr)).toBeCloseTo(y ** 365 - 1, 4);
  });

  it('gives each position its own TTWROR and IRR: the buy (with its fee) flows in', async () => {
    const p = await performance();
    // SAP: Monday 1.000 / (0 + 1.001), Tuesday 1.100 / 1.000, Wednesday 990 / 1.100: 990 / 1.001 − 1 = −1,0989 %.
    // IRR: −1.001 on Monday, +990 on Wednesday: (1 + r)^(2/365) = 990/1.001.
    expect(p.positions).toHaveLength(1);
    expect(p.positions[0]).toMatchObject({ isin: SAP, name: expect.stringContaining('SAP') });
    expect(Number(p.positions[0]!.ttwror)).toBeCloseTo(990 / 1001 - 1, 6);
    expect(Number(p.positions[0]!.irr)).toBeCloseTo((990 / 1001) ** (365 / 2) - 1, 4);
  });

  it('kept the days the job wrote after each close, and writes a missing day rebuilt from the bookings', async () => {
    expect(await snapshotDays()).toEqual([
      { day: '2026-11-23', value: '4999.00' },
      { day: '2026-11-24', value: '6099.00' },
    ]);
    // Without Tuesday's snapshot the day is rebuilt from bookings and prices (the pinned market has
    // no history, so at today's 99,00 €): 4.999,00 + 990,00 = 5.989,00 €, and written.
    await t.database.db.execute(sql`delete from depot_snapshots where sub = ${anna.sub} and day = '2026-11-24'`);
    const p = await performance('1M');
    expect(p.from).toBe('2026-11-22');
    expect(p.series.find((s) => s.date === '2026-11-24')).toEqual({ date: '2026-11-24', value: '5989.00', invested: '6000.00' });
    expect(await snapshotDays()).toEqual([
      { day: '2026-11-23', value: '4999.00' },
      { day: '2026-11-24', value: '5989.00' },
    ]);
  });

  it('refuses an unknown range with 400, and a customer without bookings gets no ratios', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/depot/performance?range=2Y', headers: anna.headers });
    expect(bad.statusCode).toBe(400);
    const ben = await customerWithCash(t, '0');
    const res = await t.call({ method: 'GET', url: '/api/depot/performance?range=YTD', headers: ben.headers });
    expect(res.json()).toMatchObject({ depot: { ttwror: null, irr: null, value: '0.00', invested: '0.00' }, positions: [] });
  });

  it('after a jump of a week writes only the last closed day; the days between are rebuilt when asked for', async () => {
    // From Wednesday 25 November to Wednesday 2 December, 10:00: the jobs of 25–30 November run after the
    // next close has passed too and write nothing; Tuesday 1 December's close is written.
    await clockTo(t, '2026-12-02T09:00:00Z');
    expect((await snapshotDays()).map((s) => s.day)).toEqual(['2026-11-23', '2026-11-24', '2026-12-01']);
    const p = await performance('1M');
    expect(p.series.map((s) => s.date)).toContain('2026-11-27');
    expect((await snapshotDays()).map((s) => s.day)).toContain('2026-11-27');
  });
});
