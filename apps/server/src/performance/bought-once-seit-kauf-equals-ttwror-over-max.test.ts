import Decimal from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Performance } from '@kontor/domain/performance-contracts';
import type { Depot } from '@kontor/domain/trading-contracts';
import { buy } from '../../test/ca-kit.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;

beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in Berlin. SAP at 99,90 € bid / 100,10 € ask (mid 100,00 €).
  t = await createTestApp({ now: '2026-11-23T09:00:00Z', quotes });
  quotes.pin(SAP, '99.90', '100.10');
  anna = await customerWithCash(t, '2000.00');
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: anna.headers });
  // 10 SAP at the ask, 100,10 €: 1.001,00 € + 1,00 € fee = 1.002,00 € cost; bought once, never sold.
  await buy(t, anna, SAP, '10');
  // Each day's close is written after 23:30 at the mid: Monday 100,00 €, Tuesday 105,00 €, Wednesday 103,00 €.
  await clockTo(t, '2026-11-24T09:00:00Z');
  quotes.pin(SAP, '104.90', '105.10');
  await clockTo(t, '2026-11-25T09:00:00Z');
  quotes.pin(SAP, '102.90', '103.10');
  await clockTo(t, '2026-11-26T09:00:00Z');
  // Thursday (today): 107,95 € bid / 108,05 € ask (mid 108,00 €).
  quotes.pin(SAP, '107.95', '108.05');
});
afterAll(async () => t.close());

it('a position bought once with a 1,00 € fee: "seit Kauf" and its TTWROR over Max are the same 7,73 %', async () => {
  const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json() as Depot;
  // Seit Kauf: valued at the bid, 10 × 107,95 = 1.079,50 €; gain 1.079,50 − 1.002,00 = 77,50 €;
  //   77,50 / 1.002,00 = 0,0773453… → +7,73 %.
  expect(depot.positions).toEqual([expect.objectContaining({ isin: SAP, cost: '1002.00', value: '1079.50', gain: '77.50', gainPercent: '7.73' })]);
  expect(depot.totals).toEqual({ cost: '1002.00', value: '1079.50', gain: '77.50', gainPercent: '7.73' });

  const res = await t.call({ method: 'GET', url: '/api/depot/performance?range=MAX', headers: anna.headers });
  const p = res.json() as Performance;
  expect(p).toMatchObject({ range: 'MAX', from: '2026-11-22', to: '2026-11-26' });
  // TTWROR of the position from Sunday (nothing held): the buy flows in with its fee, then each day's close:
  //   Monday 1.000,00 / (0 + 1.002,00), Tuesday 1.050,00 / 1.000,00, Wednesday 1.030,00 / 1.050,00,
  //   Thursday (today, at the bid as the depot values it) 1.079,50 / 1.030,00.
  //   The product telescopes to 1.079,50 / 1.002,00 = 1,0773453… → 0.077345 (+7,73 %).
  // The fee counts in both: in the cost of "seit Kauf" and in the buy's flow of the TTWROR. Today at
  // the mid instead (1.080,00 / 1.002,00 → +7,78 %) the two would part by half the spread.
  expect(p.positions).toEqual([expect.objectContaining({ isin: SAP, ttwror: '0.077345' })]);
  expect(new Decimal(p.positions[0]!.ttwror!).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)).toBe(depot.positions[0]!.gainPercent);
  // The depot today as the depot page shows it: cash 2.000,00 − 1.002,00 = 998,00 € and the position 1.079,50 €.
  expect(p.depot.value).toBe('2077.50');
  expect(p.series.map((s) => s.value)).toEqual(['0.00', '1998.00', '2048.00', '2028.00', '2077.50']);
});
