import { TAN_CHALLENGE_LIMITS } from '@kontor/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxStore } from '../outbox/store.ts';
import { signedInCustomer, signIn, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const [TEN_MINUTES, HOUR] = TAN_CHALLENGE_LIMITS;
const enrol = { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' } as const;
let address = 0;
/** requesttan, each from another client address: the per-address limit is not what stops it. */
const askTan = (c: SignedInCustomer) =>
  t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: c.headers, payload: enrol, remoteAddress: `203.0.113.${(address++ % 250) + 1}` });
const tansTo = async (c: SignedInCustomer) => (await outboxStore(t.database.db).latest(500)).filter((m) => m.recipient === c.phone && m.code !== null && m.text.startsWith('Kontor-TAN'));
const statuses = async (c: SignedInCustomer, n: number) => {
  const out = [];
  for (let i = 0; i < n; i++) out.push((await askTan(c)).statusCode);
  return out;
};

describe('TANs a customer can be sent, whichever address asks', () => {
  it('the eleventh request within ten minutes is refused with a 429 that says from when, and sends nothing', async () => {
    t.clock.set('2026-11-23T10:00:00+01:00');
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-flood');
    expect(await statuses(anna, TEN_MINUTES.max)).toEqual(Array(TEN_MINUTES.max).fill(200));
    t.clock.advance(60_000);
    const refused = await askTan(anna);
    expect(refused.json()).toEqual({
      message:
        'Sie haben in kurzer Zeit zu viele TANs angefordert (höchstens 10 in 10 Minuten und 30 in 60 Minuten). Zum Schutz Ihres Kontos können Sie ab 23.11.2026, 10:10 Uhr wieder eine TAN anfordern.',
      status: 429,
      errors: [],
    });
    expect(await tansTo(anna)).toHaveLength(TEN_MINUTES.max);
    t.clock.set('2026-11-23T10:10:00+01:00');
    expect((await askTan(anna)).statusCode).toBe(200);
  });

  it('at most thirty in an hour', async () => {
    t.clock.set('2026-11-23T12:00:00+01:00');
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-hour');
    for (let round = 0; round < HOUR.max / TEN_MINUTES.max; round++) {
      expect(await statuses(anna, TEN_MINUTES.max)).toEqual(Array(TEN_MINUTES.max).fill(200));
      t.clock.advance(TEN_MINUTES.windowMs);
    }
    const refused = await askTan(anna);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('ab 23.11.2026, 13:00 Uhr wieder eine TAN anfordern');
    t.clock.set('2026-11-23T13:00:00+01:00');
    // An hour on, the access token has run out too: Anna signs in again.
    expect((await askTan(await signIn(t.app, t.database.db, anna.username, anna.phone))).statusCode).toBe(200);
  });

  it('parallel requests get no more than ten through', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-flood-parallel');
    const answers = await Promise.all(Array.from({ length: 16 }, () => askTan(anna)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(TEN_MINUTES.max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(16 - TEN_MINUTES.max);
    expect(await tansTo(anna)).toHaveLength(TEN_MINUTES.max);
  });

  it('another customer is not held up', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-flood-other');
    const ben = await signedInCustomer(t.app, t.database.db, 'ben-not-flooded');
    await statuses(anna, TEN_MINUTES.max + 1);
    expect((await askTan(ben)).statusCode).toBe(200);
  });
});
