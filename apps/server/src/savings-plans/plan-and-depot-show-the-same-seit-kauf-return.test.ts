import { afterAll, beforeAll, expect, it } from 'vitest';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { SavingsPlan, SavingsPlanDetail } from '@kontor/domain/savings-plan-contracts';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const WORLD = 'IE00B4L5Y983'; // an ETF quoted in dollars: pieces to 6 decimals
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;
let plan: SavingsPlan;

beforeAll(async () => {
  // EUR/USD mid 1,25 $: 0,80 € per dollar. The ETF at 99,90 $ bid / 100,10 $ ask.
  quotes.pin(EUR_USD_ISIN, '1.2499', '1.2501');
  quotes.pin(WORLD, '99.90', '100.10');
  // Monday 23 November 2026, 10:00 in Berlin.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z', quotes });
  anna = await customerWithCash(t, '500.00');
  const res = await t.call({
    method: 'POST',
    url: '/api/savingsplan',
    headers: anna.headers,
    payload: { isin: WORLD, amount: '100.00', interval: 'weekly', day: 3, firstDate: '2026-11-24', dynamicPercent: 0, payment: 'CASH' },
  });
  expect(res.statusCode, res.body).toBe(201);
  plan = res.json();
  // Wednesday 25 November, 09:05: 100,00 € at 100,10 $ × 0,80 = 80,08 € a piece buys 1,248751 pieces
  // (100 / 80,08 = 1,2487512…, down to 6 places) for 1,248751 × 80,08 = 99,99998… → 100,00 €.
  await clockTo(t, '2026-11-25T08:05:00Z');
  // Wednesday 2 December, 09:05: the ask is 110,10 $, 88,08 € a piece: 1,135331 pieces (1,1353315…)
  // for 1,135331 × 88,08 = 99,99995… → 100,00 €.
  quotes.pin(WORLD, '109.90', '110.10');
  await clockTo(t, '2026-12-02T08:05:00Z');
});
afterAll(async () => t.close());

it('the plan’s page and the depot give its holding the same value and gain since purchase', async () => {
  const detail = (await t.call({ method: 'GET', url: `/api/savingsplan/${plan.id}`, headers: anna.headers })).json() as SavingsPlanDetail;
  const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json() as Depot;
  // 2,384082 pieces for 200,00 € (no fee on a savings plan execution), at the bid 109,90 $ × 0,80 = 87,92 €:
  //   2,384082 × 87,92 = 209,6084… → 209,61 €; gain 9,61 €; 9,61 / 200,00 = 4,805 % → +4,81 % (half up).
  const figures = { quantity: '2.384082', value: '209.61', gain: '9.61', gainPercent: '4.81' };
  expect(detail.plan).toMatchObject({ executions: 2, invested: '200.00', ...figures });
  expect(depot.positions).toEqual([expect.objectContaining({ isin: WORLD, cost: '200.00', ...figures })]);
  expect(depot.totals).toEqual({ cost: '200.00', value: '209.61', gain: '9.61', gainPercent: '4.81' });
  // The list shows the plan with the same figures.
  const list = (await t.call({ method: 'GET', url: '/api/savingsplan', headers: anna.headers })).json() as { plans: SavingsPlan[] };
  expect(list.plans).toEqual([expect.objectContaining({ id: plan.id, value: '209.61', gain: '9.61', gainPercent: '4.81' })]);
});

it('without a dollar rate neither values the holding: no figure on one page that the other cannot show', async () => {
  quotes.unpin(EUR_USD_ISIN);
  const detail = (await t.call({ method: 'GET', url: `/api/savingsplan/${plan.id}`, headers: anna.headers })).json() as SavingsPlanDetail;
  const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json() as Depot;
  expect(detail.plan).toMatchObject({ value: null, gain: null, gainPercent: null });
  expect(depot.positions).toEqual([expect.objectContaining({ isin: WORLD, value: null, gain: null, gainPercent: null })]);
  expect(depot.totals).toEqual({ cost: '200.00', value: null, gain: null, gainPercent: null });
  quotes.pin(EUR_USD_ISIN, '1.2499', '1.2501');
});
