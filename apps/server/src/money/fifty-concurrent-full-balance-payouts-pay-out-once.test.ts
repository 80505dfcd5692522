import { TAN_CHALLENGE_LIMITS } from '@kontor/domain/constants';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cash, customerWithCash, payout, payoutAuthorisation } from '../../test/money-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(async () => t.close());

it('50 payouts of the whole 750,00 € at once: exactly one is paid, and cash never goes below zero', async () => {
  const anna = await customerWithCash(t, '750.00');
  // As many TANs as a customer can be sent in ten minutes, each sent from five browser tabs at once.
  const authorisations: AuthorisationResult[] = [];
  for (let i = 0; i < TAN_CHALLENGE_LIMITS[0].max; i++) authorisations.push(await payoutAuthorisation(t, anna, '750.00'));

  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => payout(t, anna, '750.00', authorisations[i % authorisations.length]!)));
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(1);
  expect(codes.filter((c) => c === 422)).toHaveLength(49);
  expect(await cash(t, anna)).toMatchObject({ availableToBuy: '0.00', availableToPayout: '0.00', balance: '0.00' });
});
