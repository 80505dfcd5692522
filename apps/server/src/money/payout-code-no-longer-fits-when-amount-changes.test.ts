import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cash, customerWithCash, payout, payoutAuthorisation } from '../../test/money-kit.ts';

// PSD2 dynamic linking (RTS Art. 5): the code authorises exactly the amount and the payee.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(async () => t.close());

it('a TAN for a payout of 100,00 € does not pay out 101,00 €, and nothing moves', async () => {
  const anna = await customerWithCash(t, '500.00');
  const forHundred = await payoutAuthorisation(t, anna, '100.00');

  const changed = await payout(t, anna, '101.00', forHundred);
  expect(changed.statusCode).toBe(422);
  // The answer does not say which element did not fit.
  expect(changed.json().message).not.toMatch(/Betrag|IBAN|101/);
  expect((await cash(t, anna)).availableToPayout).toBe('500.00');

  const asAuthorised = await payout(t, anna, '100.00', forHundred);
  expect(asAuthorised.statusCode).toBe(201);
  expect((await cash(t, anna)).availableToPayout).toBe('400.00');
});

it('the same authorisation does not pay out twice (single use)', async () => {
  const ben = await customerWithCash(t, '500.00');
  const once = await payoutAuthorisation(t, ben, '50.00');
  expect((await payout(t, ben, '50.00', once)).statusCode).toBe(201);
  const again = await payout(t, ben, '50.00', once);
  expect(again.statusCode).toBe(422);
  expect((await cash(t, ben)).availableToPayout).toBe('450.00');
});
