import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountHistory, Payout } from '@kontor/domain/money-contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cash, clockTo, customerWithCash, overview, payout, payoutAuthorisation } from '../../test/money-kit.ts';

let t: TestApp;
beforeAll(async () => {
  // Wednesday 25 November 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(async () => t.close());

const history = async (who: { headers: object }): Promise<AccountHistory> =>
  (await t.call({ method: 'GET', url: '/api/moneytransaction/history', headers: who.headers as Record<string, string> })).json();

describe('a payout of 200,00 € from 1.000,00 €', () => {
  it('leaves "available" at once, is executed on Thursday, and cannot be cancelled then', async () => {
    const anna = await customerWithCash(t, '1000.00');
    const key = randomUUID();
    const authorisation = await payoutAuthorisation(t, anna, '200.00');
    const res = await payout(t, anna, '200.00', authorisation, key);
    expect(res.statusCode).toBe(201);
    const ordered = res.json() as Payout;
    expect(ordered).toMatchObject({ amount: '200.00', ibanMasked: 'DE89 •••• 3000', state: 'ORDERED', executionDate: '2026-11-26', cancellable: true });

    // 1.000,00 − 200,00 = 800,00 at once, and the Kontoumsätze show it with Thursday's value date.
    expect(await cash(t, anna)).toMatchObject({ availableToBuy: '800.00', availableToPayout: '800.00', balance: '800.00' });
    const [latest] = (await history(anna)).entries;
    expect(latest).toMatchObject({ kind: 'payout', date: '2026-11-25', valueDate: '2026-11-26', text: 'Auszahlung an DE89 •••• 3000 (beauftragt)', amount: '-200.00', balance: '800.00' });

    // A retry with the same Idempotency-Key answers the first payout and books nothing more.
    const repeat = await payout(t, anna, '200.00', authorisation, key);
    expect(repeat.json().id).toBe(ordered.id);
    expect((await cash(t, anna)).availableToBuy).toBe('800.00');

    // Still Wednesday night: not yet executed.
    await clockTo(t, '2026-11-25T22:59:00Z');
    expect((await overview(t, anna)).payouts[0]!.state).toBe('ORDERED');
    // Thursday 00:00 in Berlin is Wednesday 23:00 UTC.
    await clockTo(t, '2026-11-25T23:00:00Z');
    const executed = (await overview(t, anna)).payouts[0]!;
    expect(executed).toMatchObject({ state: 'EXECUTED', cancellable: false });
    expect((await history(anna)).entries[0]!.text).toBe('Auszahlung an DE89 •••• 3000 (ausgeführt)');
    const cancel = await t.call({ method: 'DELETE', url: `/api/moneytransaction/payouts/${ordered.id}`, headers: anna.headers });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/nicht mehr storniert/);
    // The customer's account did not move a second time; a notification says it went out.
    expect((await cash(t, anna)).balance).toBe('800.00');
    const notes = (await t.call({ method: 'GET', url: '/api/notification', headers: anna.headers })).json();
    expect(JSON.stringify(notes)).toContain('Auszahlung ausgeführt');
  });

  it('cancelled before its day, the money is free again and nothing is sent', async () => {
    await clockTo(t, '2026-11-26T10:00:00Z'); // Thursday: executed on Friday
    const ben = await customerWithCash(t, '1000.00');
    const ordered = (await payout(t, ben, '200.00', await payoutAuthorisation(t, ben, '200.00'))).json() as Payout;
    const cancel = await t.call({ method: 'DELETE', url: `/api/moneytransaction/payouts/${ordered.id}`, headers: ben.headers });
    expect(cancel.json()).toMatchObject({ state: 'CANCELLED', cancellable: false });
    expect((await cash(t, ben)).availableToPayout).toBe('1000.00');
    expect(ordered.executionDate).toBe('2026-11-27');
    await clockTo(t, '2026-11-27T08:00:00Z');
    expect((await overview(t, ben)).payouts[0]!.state).toBe('CANCELLED');
    const [storno, out] = (await history(ben)).entries;
    expect(storno).toMatchObject({ text: 'Storno Auszahlung', amount: '200.00', balance: '1000.00' });
    expect(out).toMatchObject({ text: 'Auszahlung an DE89 •••• 3000 (storniert)', amount: '-200.00', balance: '800.00' });
  });
});

it('a payout ordered on Christmas Eve is executed on Monday 28 December (25 and 26 December are no TARGET2 days)', async () => {
  await clockTo(t, '2026-12-24T09:00:00Z');
  const cara = await customerWithCash(t, '300.00');
  const ordered = (await payout(t, cara, '300.00', await payoutAuthorisation(t, cara, '300.00'))).json() as Payout;
  expect(ordered.executionDate).toBe('2026-12-28');
});
