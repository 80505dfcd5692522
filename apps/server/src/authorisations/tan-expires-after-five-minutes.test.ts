import { TAN_VALIDITY_MS } from '@kontor/domain/auth-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTan, verifyTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-expiry');
});
afterAll(() => t?.close());

const enrol = { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' } as const;

describe('a TAN is valid for five minutes (PSD2 RTS Art. 4(3)(d))', () => {
  it('is accepted a second before the five minutes are up', async () => {
    const { challenge, tan } = await requestTan(t, anna, enrol);
    expect(new Date(challenge.expiresAt).getTime() - t.clock.now().getTime()).toBe(TAN_VALIDITY_MS);
    t.clock.advance(TAN_VALIDITY_MS - 1000);
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
  });

  it('is refused with its own message once they are up, and the challenge shows as expired', async () => {
    const { challenge, tan } = await requestTan(t, anna, enrol);
    t.clock.advance(TAN_VALIDITY_MS);
    const late = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Die TAN ist abgelaufen. Bitte fordern Sie eine neue TAN an.');
    const status = await t.call({ method: 'GET', url: `/api/ticket/challenges/${challenge.ticket}`, headers: anna.headers });
    expect(status.json().state).toBe('EXPIRED');
  });

  it('a verified result must be used within the five minutes too', async () => {
    const { challenge, tan } = await requestTan(t, anna, enrol);
    const verified = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    t.clock.advance(TAN_VALIDITY_MS);
    const res = await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation: verified.json() } });
    expect(res.statusCode).toBe(422);
  });
});
