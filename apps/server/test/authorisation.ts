import type { AuthorisationPayload, AuthorisationResult, TanChallenge } from '@kontor/domain/auth-contracts';
import { eq } from 'drizzle-orm';
import { tanHash } from '../src/authorisations/service.ts';
import { authorisationChallenges } from '../src/authorisations/tables.ts';
import { outboxStore, type OutboxMessage } from '../src/outbox/store.ts';
import type { SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';

/**
 * Asks for a TAN as the web app does and reads it from the outbox, as the customer reads the SMS.
 * The message is found by its TAN fitting the challenge (several may carry the same time).
 */
export async function requestTan(
  t: TestApp,
  customer: SignedInCustomer,
  payload: AuthorisationPayload,
  opts: { useSpeech?: boolean } = {},
): Promise<{ challenge: TanChallenge; tan: string; message: OutboxMessage }> {
  const res = await t.call({ method: 'POST', url: `/api/ticket/requesttan?useSpeech=${opts.useSpeech ? 'true' : 'false'}`, headers: customer.headers, payload });
  if (res.statusCode !== 200) throw new Error(`requesttan answered ${res.statusCode}: ${res.body}`);
  const challenge = res.json() as TanChallenge;
  const [row] = await t.database.db.select().from(authorisationChallenges).where(eq(authorisationChallenges.id, challenge.ticket));
  const message = (await outboxStore(t.database.db).latest(50)).find((m) => m.code && tanHash(t.config.tanHashKey!, challenge.ticket, m.code) === row?.tanHash);
  if (!message?.code) throw new Error('no TAN for this challenge in the outbox');
  return { challenge, tan: message.code, message };
}

/** POST /api/ticket/verify as the web app sends it. */
export const verifyTan = (t: TestApp, customer: SignedInCustomer, body: { ticket: string; tan: string; authorizationId?: string }) =>
  t.call({ method: 'POST', url: '/api/ticket/verify', headers: customer.headers, payload: body });

/** The whole SMS TAN flow: the result an action carries as its `authorisation`. */
export async function authorised(t: TestApp, customer: SignedInCustomer, payload: AuthorisationPayload): Promise<AuthorisationResult> {
  const { challenge, tan } = await requestTan(t, customer, payload);
  const res = await verifyTan(t, customer, { ticket: challenge.ticket, tan });
  if (res.statusCode !== 200) throw new Error(`verify answered ${res.statusCode}: ${res.body}`);
  return res.json() as AuthorisationResult;
}

/** A TAN that is not the right one (the right one with its last digit changed). */
export const wrongTan = (tan: string) => tan.slice(0, 5) + String((Number(tan[5]) + 1) % 10);
