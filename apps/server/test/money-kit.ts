import { randomUUID } from 'node:crypto';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import type { CashFigures, MoneyOverview } from '@kontor/domain/money-contracts';
import { authorised } from './authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';

/** Anna's reference account (a valid German IBAN). */
export const ANNAS_IBAN = 'DE89370400440532013000';

/** A customer with a reference account and `cash` euros booked. */
export async function customerWithCash(t: TestApp, cash: string): Promise<SignedInCustomer> {
  const c = await signedInCustomer(t.app, t.database.db);
  const ref = await t.call({ method: 'PUT', url: '/api/user/account/iban', headers: c.headers, payload: { iban: ANNAS_IBAN } });
  if (ref.statusCode !== 200) throw new Error(`PUT iban answered ${ref.statusCode}: ${ref.body}`);
  if (cash !== '0') {
    const dep = await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: cash } });
    if (dep.statusCode !== 200) throw new Error(`deposit answered ${dep.statusCode}: ${dep.body}`);
  }
  return c;
}

export async function overview(t: TestApp, c: SignedInCustomer): Promise<MoneyOverview> {
  return (await t.call({ method: 'GET', url: '/api/moneytransaction', headers: c.headers })).json();
}
export async function cash(t: TestApp, c: SignedInCustomer): Promise<CashFigures> {
  return (await overview(t, c)).cash;
}

export function payoutAuthorisation(t: TestApp, c: SignedInCustomer, amount: string): Promise<AuthorisationResult> {
  return authorised(t, c, { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount, iban: ANNAS_IBAN } });
}

export function payout(t: TestApp, c: SignedInCustomer, amount: string, authorisation: AuthorisationResult, key = randomUUID()) {
  return t.call({ method: 'POST', url: '/api/moneytransaction/payouts', headers: { ...c.headers, 'idempotency-key': key }, payload: { amount, authorisation } });
}

/**
 * Moves the simulated time (market, money, scheduler) forward to `iso`, as "Zeit vorspulen" does,
 * and runs the jobs due by then. Sign-in keeps the real clock, so the customer stays signed in.
 */
export async function clockTo(t: TestApp, iso: string): Promise<number> {
  const ahead = new Date(iso).getTime() - t.app.simulatedClock.now().getTime();
  if (ahead < 0) throw new Error(`the simulated clock is past ${iso} already`);
  t.app.simulatedClock.advance(ahead);
  return t.app.scheduler.runDue();
}

/** A customer without cash who has signed a SEPA direct-debit mandate by TAN. */
export async function customerWithMandate(t: TestApp): Promise<SignedInCustomer> {
  const c = await customerWithCash(t, '0');
  const authorisation = await authorised(t, c, { type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: ANNAS_IBAN } });
  const signed = await t.call({ method: 'POST', url: '/api/moneytransaction/mandate', headers: c.headers, payload: { authorisation } });
  if (signed.statusCode !== 201) throw new Error(`mandate answered ${signed.statusCode}: ${signed.body}`);
  return c;
}
