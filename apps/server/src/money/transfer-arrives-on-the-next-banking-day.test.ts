import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountHistory } from '@kontor/domain/money-contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';

let t: TestApp;
beforeAll(async () => {
  // Friday 27 November 2026, 15:00 in Berlin.
  t = await createTestApp({ now: '2026-11-27T14:00:00Z' });
});
afterAll(async () => t.close());

it('a transfer sent on Friday is booked on Monday, not over the weekend', async () => {
  const anna = await customerWithCash(t, '0');
  const sent = await t.call({ method: 'POST', url: '/api/dev/money/incoming-transfer', headers: anna.headers, payload: { amount: '2500.00' } });
  expect(sent.statusCode).toBe(202);
  expect(sent.json().bookingDate).toBe('2026-11-30');

  await clockTo(t, '2026-11-29T12:00:00Z');
  expect((await cash(t, anna)).availableToBuy).toBe('0.00');

  await clockTo(t, '2026-11-30T07:00:00Z');
  expect(await cash(t, anna)).toMatchObject({ availableToBuy: '2500.00', availableToPayout: '2500.00', balance: '2500.00' });
  const history = (await t.call({ method: 'GET', url: '/api/moneytransaction/history?kind=deposit', headers: anna.headers })).json() as AccountHistory;
  expect(history.entries).toEqual([
    expect.objectContaining({ kind: 'deposit', date: '2026-11-30', valueDate: '2026-11-30', text: 'Einzahlung (Überweisung)', amount: '2500.00', balance: '2500.00' }),
  ]);
  // Running the due jobs again books nothing twice.
  await t.app.scheduler.runDue();
  expect((await cash(t, anna)).balance).toBe('2500.00');
});

it('exports the Kontoumsätze as CSV with German dates and decimal commas', async () => {
  const ben = await customerWithCash(t, '1234.50');
  const res = await t.call({ method: 'GET', url: '/api/moneytransaction/history.csv', headers: ben.headers });
  expect(res.headers['content-type']).toMatch(/text\/csv/);
  const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Buchungstag;Valuta;Buchungstext;Betrag (EUR);Saldo (EUR)');
  expect(lines[1]).toBe('30.11.2026;30.11.2026;Einzahlung (Überweisung);1234,50;1234,50');
});
