import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Performance } from '@kontor/domain/performance-contracts';
import type { Depot } from '@kontor/domain/trading-contracts';
import { announce, buy } from '../../test/ca-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
quotes.pin(SAP, '200.00', '200.00');

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  // Monday 23 November 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-11-23T10:00:00Z', quotes });
  anna = await customerWithCash(t, '5000.00');
  // 10 × 200,00 € + 1,00 € fee = 2.001,00 €; 2.999,00 € stay.
  await buy(t, anna, SAP, '10');
}, 60_000);
afterAll(async () => t.close());

const performance = async () => (await t.call({ method: 'GET', url: '/api/depot/performance?range=MAX', headers: anna.headers })).json() as Performance;

it('depot-total-counts-the-pieces-a-corporate-action-delivered: after bonus shares 10 : 1 the total is cash plus 11 shares, not 10', async () => {
  const event = await announce(t, anna, SAP, 'KAP2');
  await clockTo(t, `${event.payDate}T12:00:00Z`);
  const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json() as Depot;
  expect(depot.positions.map((p) => [p.isin, p.quantity])).toEqual([[SAP, '11']]);
  // The pinned market stands still at 200,00 €: 11 shares are worth 2.200,00 €, and the depot
  // 2.999,00 + 2.200,00 = 5.199,00 € (counting the executions' 10 shares only it showed 4.999,00 €).
  expect((await cash(t, anna)).balance).toBe('2999.00');
  expect((await performance()).depot.value).toBe('5199.00');
});
