import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MoneyOverview } from '@kontor/domain/money-contracts';
import type { SavingsPlan, SavingsPlanDetail, SavingsPlanInput } from '@kontor/domain/savings-plan-contracts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { executeBlock } from './block.ts';

const FUNDSMITH = 'LU0690375182'; // a fund: pieces to 3 decimals
const CORE_DAX = 'DE0005933931'; // an ETF: pieces to 6 decimals
const quotes = new PinnedQuotes();
let t: TestApp;
beforeAll(async () => {
  quotes.pin(FUNDSMITH, '101.17', '101.37');
  quotes.pin(CORE_DAX, '200.00', '200.10');
  // Wednesday 9 December 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-12-09T10:00:00Z', quotes });
});
afterAll(async () => t.close());

const base = { interval: 'monthly', day: 15, firstDate: '2026-12-10', dynamicPercent: 0, payment: 'CASH' } as const;

async function createPlan(c: SignedInCustomer, input: Partial<SavingsPlanInput> & { isin: string; amount: string }): Promise<SavingsPlan> {
  const res = await t.call({ method: 'POST', url: '/api/savingsplan', headers: c.headers, payload: { ...base, ...input } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const detail = async (c: SignedInCustomer, id: string): Promise<SavingsPlanDetail> => (await t.call({ method: 'GET', url: `/api/savingsplan/${id}`, headers: c.headers })).json();
const cashOf = async (c: SignedInCustomer) => ((await t.call({ method: 'GET', url: '/api/moneytransaction', headers: c.headers })).json() as MoneyOverview).cash.availableToBuy;

it('fractions-rounded-down-to-qty-scale-rest-stays-cash: 50,00 € at 101,37 € buys 0,493 pieces for 49,98 €, booked, ordered and confirmed', async () => {
  const anna = await customerWithCash(t, '100.00');
  const plan = await createPlan(anna, { isin: FUNDSMITH, amount: '50.00' });
  expect(plan).toMatchObject({ state: 'active', stateLabel: 'Aktiv', nextExecution: '2026-12-15', monthlyRate: '50.00' });

  // Tuesday 15 December, 09:05 in Berlin: the day's block order has run.
  await clockTo(t, '2026-12-15T08:05:00Z');
  const d = await detail(anna, plan.id);
  // 50 ÷ 101.37 = 0.4932…, down to 0.493 pieces; 0.493 × 101.37 = 49.97541 → 49,98 €; 0,02 € stays.
  expect(d.history).toEqual([expect.objectContaining({ date: '2026-12-15', state: 'executed', amount: '50.00', quantity: '0.493', price: '101.37', value: '49.98', fee: '0.00' })]);
  expect(await cashOf(anna)).toBe('50.02');
  expect(d.plan).toMatchObject({ nextExecution: '2027-01-15', executions: 1, invested: '49.98', quantity: '0.493' });
  // Valued at the bid: 0.493 × 101.17 = 49.87681 → 49,88 €.
  expect(d.plan).toMatchObject({ value: '49.88', gain: '-0.10' });

  const orders = (await t.call({ method: 'GET', url: '/api/trading/orders?state=done', headers: anna.headers })).json().orders;
  expect(orders).toEqual([expect.objectContaining({ id: d.history[0]!.orderId, kind: 'savings', side: 'buy', status: 'Filled', filledQuantity: '0.493', averagePrice: '101.37' })]);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${d.history[0]!.orderId}`, headers: anna.headers })).json();
  expect(order.executions).toEqual([expect.objectContaining({ value: '49.98', fee: '0.00', documentId: d.history[0]!.documentId })]);

  const history = (await t.call({ method: 'GET', url: '/api/moneytransaction/history?kind=buy', headers: anna.headers })).json();
  expect(history.entries).toEqual([expect.objectContaining({ date: '2026-12-15', text: 'Sparplan 0,493 Fundsmith Equity Fund T EUR Acc', amount: '-49.98', balance: '50.02' })]);

  const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json();
  expect(JSON.stringify(depot)).toContain(FUNDSMITH);

  const inbox = (await t.call({ method: 'GET', url: '/api/posteingang?mode=SAVINGS_PLAN', headers: anna.headers })).json();
  expect(inbox.documents).toEqual([expect.objectContaining({ id: d.history[0]!.documentId, kind: 'savings_plan_execution', category: 'SPARPLAENE', savingsPlan: true })]);
  // Rendered when it is first opened.
  const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${d.history[0]!.documentId}/pdf`, headers: anna.headers });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toMatch(/pdf/);

  const bell = (await t.call({ method: 'GET', url: '/api/notification', headers: anna.headers })).json();
  expect(JSON.stringify(bell)).toContain('Sparplan ausgeführt');
});

it('plan-without-cash-fails-and-tells-the-customer: nothing bought, a message and a notification, the plan goes on', async () => {
  const ben = await customerWithCash(t, '30.00');
  const plan = await createPlan(ben, { isin: CORE_DAX, amount: '50.00', interval: 'weekly', day: 3, firstDate: '2026-12-16' });
  // Wednesday 16 December, 09:05 in Berlin.
  await clockTo(t, '2026-12-16T08:05:00Z');
  const d = await detail(ben, plan.id);
  expect(d.history).toEqual([expect.objectContaining({ date: '2026-12-16', state: 'failed', quantity: null, orderId: null, reason: 'Ihr verfügbares Guthaben reichte für die Sparrate nicht aus.' })]);
  expect(await cashOf(ben)).toBe('30.00');
  expect(d.plan).toMatchObject({ state: 'active', nextExecution: '2026-12-23', executions: 0 });
  const messages = (await t.call({ method: 'GET', url: '/api/posteingang/messages', headers: ben.headers })).json().messages;
  expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Sparplan nicht ausgeführt: iShares Core DAX UCITS ETF (DE)' })]));
  const bell = (await t.call({ method: 'GET', url: '/api/notification', headers: ben.headers })).json();
  expect(JSON.stringify(bell)).toContain('SAVINGS_PLAN_FAILED');
});

it('change-after-cut-off-is-atwork-until-next-execution: the day runs on the old rate, the next on the new', async () => {
  const carla = await customerWithCash(t, '500.00');
  const plan = await createPlan(carla, { isin: CORE_DAX, amount: '20.00', interval: 'weekly', day: 3, firstDate: '2026-12-20' });
  expect(plan.nextExecution).toBe('2026-12-23');
  // Wednesday 23 December, 07:00 in Berlin: the execution day has begun.
  await clockTo(t, '2026-12-23T06:00:00Z');
  const changed = await t.call({ method: 'PATCH', url: `/api/savingsplan/${plan.id}`, headers: carla.headers, payload: { amount: '40.00', interval: 'weekly', day: 3 } });
  expect(changed.json()).toMatchObject({
    state: 'atwork',
    stateLabel: 'In Bearbeitung',
    amount: '20.00',
    pending: { action: 'change', amount: '40.00', after: '2026-12-23', effectiveFrom: '2026-12-30' },
  });
  await clockTo(t, '2026-12-23T08:05:00Z');
  const d = await detail(carla, plan.id);
  expect(d.history.map((h) => [h.date, h.amount])).toEqual([['2026-12-23', '20.00']]);
  expect(d.plan).toMatchObject({ state: 'active', amount: '40.00', pending: null, nextExecution: '2026-12-30' });
  // A change before the cut-off takes effect at once.
  const again = await t.call({ method: 'PATCH', url: `/api/savingsplan/${plan.id}`, headers: carla.headers, payload: { amount: '45.00', interval: 'weekly', day: 3 } });
  expect(again.json()).toMatchObject({ state: 'active', amount: '45.00', pending: null });
});

it('restart-mid-day-executes-each-plan-once: a block that fails is rolled back whole and run again; a block that ran is not run twice', async () => {
  const dora = await customerWithCash(t, '300.00');
  const dax = await createPlan(dora, { isin: CORE_DAX, amount: '100.00', interval: 'weekly', day: 3, firstDate: '2026-12-28' });
  const fund = await createPlan(dora, { isin: FUNDSMITH, amount: '100.00', interval: 'weekly', day: 3, firstDate: '2026-12-28' });
  // The fund has no price at 09:00: its block fails (the scheduler retries it), the ETF's block commits.
  quotes.unpin(FUNDSMITH);
  await clockTo(t, '2026-12-30T08:05:00Z');
  expect((await detail(dora, dax.id)).history).toHaveLength(1);
  expect((await detail(dora, fund.id)).history).toHaveLength(0);
  quotes.pin(FUNDSMITH, '101.17', '101.37');
  // The retry is due a minute later; the ETF's block is not run again.
  await clockTo(t, '2026-12-30T08:10:00Z');
  await t.app.scheduler.runDue();
  expect((await detail(dora, fund.id)).history).toEqual([expect.objectContaining({ state: 'executed', date: '2026-12-30' })]);
  expect((await detail(dora, dax.id)).history).toHaveLength(1);
  // Running a block of that day again by hand books nothing.
  const rerun = await t.database.db.transaction((tx) =>
    executeBlock(tx, { date: '2026-12-30', isin: CORE_DAX, price: '1', fxRate: '1', qtyScale: 6, at: new Date(), instrument: { name: 'x', wkn: null, currency: 'EUR' } }),
  );
  expect(rerun).toBeNull();
  const daxRun = (await detail(dora, dax.id)).history[0]!;
  const fundRun = (await detail(dora, fund.id)).history[0]!;
  // 100 ÷ 200.10 = 0.499750…, × 200.10 = 99.999975 → 100,00 €; 100 ÷ 101.37 = 0.986… → 0.986 × 101.37 = 99.95082 → 99,95 €.
  expect([daxRun.quantity, daxRun.value, fundRun.quantity, fundRun.value]).toEqual(['0.49975', '100.00', '0.986', '99.95']);
  expect(await cashOf(dora)).toBe('100.05');
});
