import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SavingsPlan, SavingsPlanDetail, SavingsPlanList, SavingsPlanPreview } from '@kontor/domain/savings-plan-contracts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo, customerWithCash, customerWithMandate, overview } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { savingsPlanStore } from './store.ts';

const CORE_DAX = 'DE0005933931';
const EURO_STOXX = 'DE0005933956';
const NO_PLAN = 'DE000A0HN5C6'; // Deutsche Wohnen: no savings plan
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  quotes.pin(CORE_DAX, '199.90', '200.10');
  quotes.pin(EURO_STOXX, '49.95', '50.05');
  // Wednesday 9 December 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-12-09T10:00:00Z', quotes });
  anna = await customerWithCash(t, '1000.00');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.call({ method, url, headers: anna.headers, ...(payload ? { payload } : {}) });
const input = { isin: CORE_DAX, amount: '100.00', interval: 'monthly', day: 1, firstDate: '2026-12-10', dynamicPercent: 0, payment: 'CASH' };

it('before setting up: the first execution (1 January is a holiday: Monday 4 January), the costs and the calendar', async () => {
  const preview = (await call('POST', '/api/savingsplan/preview', input)).json() as SavingsPlanPreview;
  expect(preview.firstExecution).toBe('2027-01-04');
  // Spread share (200.10 − 200.00) ÷ 200.10 on 12 × 100 € = 0.5997… → 0,60 €, no fees: 0,05 % a year.
  expect(preview.costs).toMatchObject({ feePerExecution: '0.00', feesPerYear: '0.00', spreadPerYear: '0.60', totalPerYear: '0.60', totalPercent: '0.05' });
  expect(preview.calendar).toHaveLength(12);
  expect(preview.calendar.slice(0, 3).map((c) => c.date)).toEqual(['2027-01-04', '2027-02-01', '2027-03-01']);
});

it('refuses an instrument without savings plans, a first date in the past, and a second plan on the same instrument', async () => {
  const noPlan = await call('POST', '/api/savingsplan', { ...input, isin: NO_PLAN });
  expect(noPlan.statusCode).toBe(422);
  expect(noPlan.json().errors).toEqual([{ field: 'isin', message: 'Für dieses Wertpapier ist kein Sparplan möglich.' }]);
  const past = await call('POST', '/api/savingsplan', { ...input, firstDate: '2026-12-09' });
  expect(past.json().errors).toEqual([{ field: 'firstDate', message: 'Die erste Ausführung kann frühestens morgen sein.' }]);
  const tooSmall = await call('POST', '/api/savingsplan', { ...input, amount: '0.50' });
  expect(tooSmall.statusCode).toBe(400);
  expect(JSON.stringify(tooSmall.json())).toContain('Sparrate von 1,00 € bis 25.000,00 €');
});

it('a repeat with the same Idempotency-Key sets up one plan; pause, resume and delete change its state; a deleted plan stays in the list', async () => {
  const key = randomUUID();
  const first = await t.call({ method: 'POST', url: '/api/savingsplan', headers: { ...anna.headers, 'idempotency-key': key }, payload: input });
  const again = await t.call({ method: 'POST', url: '/api/savingsplan', headers: { ...anna.headers, 'idempotency-key': key }, payload: input });
  expect(first.statusCode).toBe(201);
  expect(again.json().id).toBe(first.json().id);
  const id = (first.json() as SavingsPlan).id;
  const second = await call('POST', '/api/savingsplan', input);
  expect(second.statusCode).toBe(409);

  expect((await call('POST', `/api/savingsplan/${id}/pause`)).json()).toMatchObject({ state: 'inactive', stateLabel: 'Inaktiv', nextExecution: null, monthlyRate: '0.00' });
  expect((await call('GET', `/api/savingsplan/${id}`)).json().calendar).toEqual([]);
  expect((await call('POST', `/api/savingsplan/${id}/resume`)).json()).toMatchObject({ state: 'active', nextExecution: '2027-01-04' });
  const deleted = (await call('DELETE', `/api/savingsplan/${id}`)).json() as SavingsPlan;
  expect(deleted).toMatchObject({ state: 'deleted', stateLabel: 'Gelöscht', nextExecution: null });
  expect((await call('POST', `/api/savingsplan/${id}/resume`)).statusCode).toBe(409);
  const list = (await call('GET', '/api/savingsplan')).json() as SavingsPlanList;
  expect(list.plans.find((p) => p.id === id)?.state).toBe('deleted');
  // Nothing runs on 4 January for a deleted plan, and a new plan on the instrument is possible again.
  expect((await call('POST', '/api/savingsplan', input)).statusCode).toBe(201);
});

it('yearly-increase-applies-on-the-anniversary: a plan set up a year ago saves 5 % more from its first execution after it', async () => {
  // A plan that first ran on 15 December 2025 with 33,33 €: 15 December 2026 is its anniversary.
  const id = randomUUID();
  const at = new Date('2025-12-01T09:00:00Z');
  await savingsPlanStore(t.database.db).insert({
    id, sub: anna.sub, isin: EURO_STOXX, amount: '33.33', interval: 'monthly', day: 15, dynamicPercent: 5, payment: 'CASH',
    firstDate: '2025-12-15', nextNominal: '2026-12-15', nextDate: '2026-12-15', state: 'active', createdAt: at, updatedAt: at,
  });
  // The calendar shows the raised rate already: 33,33 × 1,05 = 34,9965 → 35,00 €.
  const before = (await call('GET', `/api/savingsplan/${id}`)).json() as SavingsPlanDetail;
  expect(before.calendar[0]).toEqual({ nominal: '2026-12-15', date: '2026-12-15', amount: '35.00' });
  await clockTo(t, '2026-12-15T08:05:00Z');
  const after = (await call('GET', `/api/savingsplan/${id}`)).json() as SavingsPlanDetail;
  // 35 ÷ 50.05 = 0.699300…; × 50.05 = 34.99996… → 35,00 €.
  expect(after.history).toEqual([expect.objectContaining({ date: '2026-12-15', amount: '35.00', quantity: '0.6993', value: '35.00' })]);
  expect(after.plan).toMatchObject({ amount: '35.00', nextExecution: '2027-01-15' });
  // The next raise is a year later: January's rate stays 35,00 €.
  expect(after.calendar[0]).toEqual({ nominal: '2027-01-15', date: '2027-01-15', amount: '35.00' });
});

it('a plan paid by direct debit collects its rate from the reference account and buys with it; without a mandate it is refused', async () => {
  const ben = await customerWithCash(t, '0');
  const refused = await t.call({ method: 'POST', url: '/api/savingsplan', headers: ben.headers, payload: { ...input, firstDate: '2026-12-16', payment: 'DIRECT_DEBIT' } });
  expect(refused.json(), refused.body).toMatchObject({ errors: [{ field: 'payment', message: expect.stringMatching(/Lastschriftmandat/) }] });

  const carla = await customerWithMandate(t);
  expect((await t.call({ method: 'GET', url: '/api/savingsplan', headers: carla.headers })).json().directDebitAvailable).toBe(true);
  const plan = await t.call({ method: 'POST', url: '/api/savingsplan', headers: carla.headers, payload: { ...input, amount: '80.00', interval: 'weekly', day: 3, firstDate: '2026-12-16', payment: 'DIRECT_DEBIT' } });
  expect(plan.statusCode).toBe(201);
  // Wednesday 16 December, 09:05 in Berlin.
  await clockTo(t, '2026-12-16T08:05:00Z');
  const d = (await t.call({ method: 'GET', url: `/api/savingsplan/${plan.json().id}`, headers: carla.headers })).json() as SavingsPlanDetail;
  // 80 ÷ 200.10 = 0.399800…; × 200.10 = 79.99998 → 80,00 €.
  expect(d.history).toEqual([expect.objectContaining({ state: 'executed', amount: '80.00', value: '80.00' })]);
  expect((await overview(t, carla)).debits).toEqual([expect.objectContaining({ amount: '80.00', creditedAtOnce: '80.00', state: 'PENDING' })]);
  expect((await cash(t, carla)).availableToBuy).toBe('0.00');
});
