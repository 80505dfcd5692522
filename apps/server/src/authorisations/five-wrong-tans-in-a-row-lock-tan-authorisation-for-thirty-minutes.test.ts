import { TAN_LOCK_AFTER_WRONG_ANSWERS, TAN_LOCK_MS } from '@kontor/domain/constants';
import type { SecurityLogPage } from '@kontor/domain/security-log-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxStore } from '../outbox/store.ts';
import { requestTan, verifyTan, wrongTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
});
afterAll(() => t?.close());

const enrol = { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' } as const;
const askTan = (c: SignedInCustomer) => t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: c.headers, payload: enrol });
const smsTo = async (c: SignedInCustomer) => (await outboxStore(t.database.db).latest(500)).filter((m) => m.recipient === c.phone);
const tanLockedEntries = async (c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/security-log', headers: c.headers })).json() as SecurityLogPage).events.filter((e) => e.kind === 'TAN_LOCKED');

/** One wrong answer on each of `n` new challenges: what an attacker does to dodge a per-challenge limit. */
async function wrongOnFreshChallenges(c: SignedInCustomer, n: number) {
  const answers = [];
  for (let i = 0; i < n; i++) {
    const { challenge, tan } = await requestTan(t, c, enrol);
    answers.push(await verifyTan(t, c, { ticket: challenge.ticket, tan: wrongTan(tan) }));
  }
  return answers;
}

const lockMessage =
  'Sie haben 5-mal in Folge eine falsche TAN eingegeben. Zu Ihrem Schutz ist die Bestätigung per TAN für 30 Minuten gesperrt, bis 23.11.2026, 10:30 Uhr. Danach können Sie wieder eine TAN anfordern.';

describe('five wrong TANs in a row, across challenges, lock TAN authorisation for the customer (PSD2 RTS Art. 4(3)(b))', () => {
  it('a new challenge does not start a fresh five: the fifth wrong answer locks, says until when, and refuses asking and answering', async () => {
    t.clock.set('2026-11-23T10:00:00+01:00');
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-lock');
    const open = await requestTan(t, anna, enrol);
    const answers = await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS);
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 422, 423]);
    expect(answers[4]!.json()).toEqual({ message: lockMessage, status: 423, errors: [], code: 'TAN_CUSTOMER_LOCKED' });

    const smsBefore = (await smsTo(anna)).length;
    const asked = await askTan(anna);
    expect({ status: asked.statusCode, body: asked.json() }).toEqual({ status: 423, body: answers[4]!.json() });
    expect(await smsTo(anna)).toHaveLength(smsBefore);
    // Even the right TAN of a challenge sent before the lock is refused, and that challenge is dead.
    const right = await verifyTan(t, anna, { ticket: open.challenge.ticket, tan: open.tan });
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe(lockMessage);
    const status = await t.call({ method: 'GET', url: `/api/ticket/challenges/${open.challenge.ticket}`, headers: anna.headers });
    expect(status.json().state).toBe('LOCKED');
  });

  it('writes the lock to the security log and tells the customer by SMS, once', async () => {
    t.clock.set('2026-11-23T10:00:00+01:00');
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-lock-told');
    await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS);
    await askTan(anna);
    const entries = await tanLockedEntries(anna);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'TAN_LOCKED', at: '2026-11-23T09:00:00.000Z', detail: '2026-11-23T09:30:00.000Z' });
    const told = (await smsTo(anna)).filter((m) => m.code === null);
    expect(told.map((m) => m.text)).toEqual([
      'Kontor: Nach 5 falschen TAN-Eingaben ist die Bestätigung per TAN für Ihr Konto bis 23.11.2026, 10:30 Uhr gesperrt. Waren Sie das nicht, ändern Sie bitte Ihr Passwort und rufen Sie uns an.',
    ]);
  });

  it('unlocks after 30 minutes with a new count of five', async () => {
    t.clock.set('2026-11-23T10:00:00+01:00');
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-unlock');
    await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS);
    t.clock.advance(TAN_LOCK_MS - 1000);
    expect((await askTan(anna)).statusCode).toBe(423);
    t.clock.advance(1000);
    const { challenge, tan } = await requestTan(t, anna, enrol);
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
    expect((await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS)).map((a) => a.statusCode)).toEqual([422, 422, 422, 422, 423]);
  });

  it('a right TAN starts the count afresh', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-reset');
    await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS - 1);
    const { challenge, tan } = await requestTan(t, anna, enrol);
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
    expect((await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS - 1)).every((a) => a.statusCode === 422)).toBe(true);
    expect((await askTan(anna)).statusCode).toBe(200);
  });

  it('parallel wrong answers on several challenges count five at most and lock once', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-lock-parallel');
    const challenges = await Promise.all(Array.from({ length: 4 }, () => requestTan(t, anna, enrol)));
    const guesses = await Promise.all(
      challenges.flatMap(({ challenge, tan }) => Array.from({ length: 3 }, () => verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) }))),
    );
    expect(guesses.filter((g) => g.statusCode === 422)).toHaveLength(TAN_LOCK_AFTER_WRONG_ANSWERS - 1);
    expect(guesses.filter((g) => g.statusCode === 423)).toHaveLength(12 - (TAN_LOCK_AFTER_WRONG_ANSWERS - 1));
    for (const { challenge, tan } of challenges) expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(423);
    expect(await tanLockedEntries(anna)).toHaveLength(1);
    expect((await smsTo(anna)).filter((m) => m.code === null)).toHaveLength(1);
  });

  it('locks only that customer', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-lock-alone');
    const ben = await signedInCustomer(t.app, t.database.db, 'ben-not-locked');
    await wrongOnFreshChallenges(anna, TAN_LOCK_AFTER_WRONG_ANSWERS);
    const { challenge, tan } = await requestTan(t, ben, enrol);
    expect((await verifyTan(t, ben, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
  });
});
