import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type SignedInCustomer } from './customer.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Trading's own tests live with the order engine; this file holds the request bound on the RFQ's
// quantity (domain `decimalInputSchema`): refused at once, not only when the quote is accepted.
let t: TestApp;
let c: SignedInCustomer;
beforeAll(async () => {
  // Monday 10:00 in Frankfurt: the market is open.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  c = await signedInCustomer(t.app, t.database.db);
  expect((await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '10000.00' } })).statusCode).toBe(200);
});
afterAll(() => t.close());

const BOUND = 'Höchstens 12 Stellen vor und 12 nach dem Komma';
const orders = async () => (await t.call({ method: 'GET', url: '/api/trading/orders', headers: c.headers })).json().orders as unknown[];

describe('an RFQ quantity with more than 12 digits before the point', () => {
  it('is refused at the request (400 on quantity), and no quote is made', async () => {
    const before = await orders();
    const res = await t.call({
      method: 'POST',
      url: '/api/trading/rfq',
      headers: { ...c.headers, 'idempotency-key': randomUUID() },
      payload: { isin: 'DE0007164600', side: 'buy', quantity: '11111111111111111111' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field: 'quantity', message: BOUND }] });
    expect(await orders()).toEqual(before);
  });
});
