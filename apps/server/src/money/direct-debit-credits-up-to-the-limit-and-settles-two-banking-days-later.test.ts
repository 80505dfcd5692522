import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { SimulatedMarket } from '../market/feed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cash, clockTo, customerWithCash, customerWithMandate, overview } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';

let t: TestApp;
beforeAll(async () => {
  // Wednesday 25 November 2026, 11:00 in Berlin: the market is open.
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(async () => t.close());

async function withMandate(): Promise<SignedInCustomer> {
  const c = await customerWithMandate(t);
  const mandate = (await overview(t, c)).directDebit.mandate;
  expect(mandate).toMatchObject({ creditorId: 'DE98ZZZ09999999999', ibanMasked: 'DE89 •••• 3000' });
  return c;
}
const debit = (c: SignedInCustomer, amount: string) =>
  t.call({ method: 'POST', url: '/api/moneytransaction/debits', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { amount } });

describe('a direct debit of 1.500,00 €', () => {
  it('needs a mandate signed by TAN first', async () => {
    const c = await customerWithCash(t, '0');
    expect((await debit(c, '100.00')).statusCode).toBe(409);
  });

  it('gives 1.000,00 € buying power at once, none to pay out, and the rest on Friday when it settles', async () => {
    const anna = await withMandate();
    const res = await debit(anna, '1500.00');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: '1500.00', creditedAtOnce: '1000.00', state: 'PENDING', settlementDate: '2026-11-27' });
    expect(await cash(t, anna)).toMatchObject({ availableToBuy: '1000.00', availableToPayout: '0.00', notYetSettled: '1000.00' });

    await clockTo(t, '2026-11-26T23:00:00Z'); // Friday 00:00 in Berlin
    expect(await cash(t, anna)).toMatchObject({ availableToBuy: '1500.00', availableToPayout: '1500.00', notYetSettled: '0.00' });
    expect((await overview(t, anna)).debits[0]!.state).toBe('SETTLED');
  });
});

it('a returned debit whose money bought shares: the purchase stays, the account goes into the red, and a message says so', async () => {
  await clockTo(t, '2026-11-27T10:00:00Z'); // Friday 11:00: the market is open
  const ben = await withMandate();
  const id = (await debit(ben, '500.00')).json().id as string;
  // Ben buys SAP for most of the money at once (a small order: he confirms the notes on those once).
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: ben.headers });
  const q = (t.app.quotes as SimulatedMarket).current('DE0007164600')!;
  const qty = new Decimal(400).div(q.ask).floor().toFixed();
  const order = await t.call({
    method: 'POST',
    url: '/api/trading',
    headers: { ...ben.headers, 'idempotency-key': randomUUID() },
    payload: { isin: 'DE0007164600', side: 'buy', kind: 'market', quantity: qty, validity: { type: 'day' } },
  });
  expect(order.json().status, order.body).toBe('Filled');
  const spent = new Decimal(500).minus((await cash(t, ben)).availableToBuy);

  const returned = await t.call({ method: 'POST', url: `/api/dev/money/debits/${id}/return`, headers: ben.headers });
  expect(returned.json().state).toBe('RETURNED');
  // What was left is taken back; what was spent is owed: Kontostand = −spent.
  expect(await cash(t, ben)).toMatchObject({ availableToBuy: '0.00', balance: spent.neg().toFixed(2) });
  const positions = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: ben.headers })).json();
  expect(positions.positions.map((p: { isin: string }) => p.isin)).toContain('DE0007164600');
  const notes = JSON.stringify((await t.call({ method: 'GET', url: '/api/notification', headers: ben.headers })).json());
  expect(notes).toContain('Lastschrift zurückgegeben');

  // Money coming in pays what is owed first.
  await t.call({ method: 'POST', url: '/api/dev/deposit', headers: ben.headers, payload: { amount: '1000.00' } });
  expect((await cash(t, ben)).availableToBuy).toBe(new Decimal(1000).minus(spent).toFixed(2));
  expect((await cash(t, ben)).balance).toBe(new Decimal(1000).minus(spent).toFixed(2));
});
