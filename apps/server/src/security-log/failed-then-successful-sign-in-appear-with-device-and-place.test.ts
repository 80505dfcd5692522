import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '@kontor/domain/security-log-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';

const CLIENT_ID = '4k0nt0rweb1c1ient0000000a';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** An address of a German hosting provider (Strato, Berlin). */
const BERLIN = '85.214.132.117';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  // One proxy in front (as behind a load balancer): it names the client in X-Forwarded-For.
  t = await createTestApp({ env: { TRUST_PROXY_HOPS: '1' } });
  anna = await signedInCustomer(t.app, t.database.db, 'anna-seclog');
});
afterAll(() => t?.close());

/** The user pool as a browser in Berlin calls it. */
async function fromBerlin(action: string, body: object) {
  return t.call({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      'x-forwarded-for': BERLIN,
      'user-agent': FIREFOX_ON_WINDOWS,
    },
    payload: JSON.stringify(body),
  });
}
const log = async (who: SignedInCustomer): Promise<SecurityLogPage> => {
  const res = await t.call({ method: 'GET', url: '/api/security-log', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a wrong password, then the right one with the SMS code, from Firefox in Berlin', () => {
  it('shows a failed sign-in and a sign-in, newest first, each with browser, country and a shortened address', async () => {
    t.clock.advance(60_000);
    const wrong = await fromBerlin('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: anna.username, PASSWORD: 'Falsch!Passwort9' } });
    expect(wrong.statusCode).toBe(400);

    t.clock.advance(60_000);
    const init = await fromBerlin('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: anna.username, PASSWORD: 'Kontor!Test1' } });
    expect(init.statusCode, init.body).toBe(200);
    const [sms] = await outboxStore(t.database.db).latest(1);
    const done = await fromBerlin('RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'SMS_MFA',
      Session: init.json().Session,
      ChallengeResponses: { USERNAME: anna.sub, SMS_MFA_CODE: sms!.code },
    });
    expect(done.statusCode, done.body).toBe(200);

    const { events, nextCursor } = await log(anna);
    expect(nextCursor).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(['SIGN_IN', 'SIGN_IN_FAILED', 'SIGN_IN']);
    const berlin = { device: 'Firefox 133 · Windows', network: 'PUBLIC', country: 'DE', address: '85.214.132.x' };
    expect(events[0]).toMatchObject({ ...berlin, at: '2026-11-23T09:02:00.000Z' });
    expect(events[1]).toMatchObject({ ...berlin, at: '2026-11-23T09:01:00.000Z' });
    // The first sign-in came from the test itself: the local network, no browser named.
    expect(events[2]).toMatchObject({ network: 'LOCAL', country: null, device: null, address: '127.0.0.x' });
    // Neither the password nor the code is anywhere in the log.
    expect(JSON.stringify(events)).not.toMatch(/Falsch|Kontor!Test1|${sms!.code}/);
  });

  it('shows the lockout after the fifth wrong password', async () => {
    for (let i = 0; i < 5; i++) {
      await fromBerlin('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: anna.username, PASSWORD: 'Falsch!Passwort9' } });
    }
    const kinds = (await log(anna)).events.map((e) => e.kind);
    expect(kinds.slice(0, 6)).toEqual(['LOCKED_OUT', 'SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN_FAILED']);
  });

  it('is another customer’s to read only: a second customer sees only their own sign-in', async () => {
    const ben = await signedInCustomer(t.app, t.database.db, 'ben-seclog');
    const { events } = await log(ben);
    expect(events.map((e) => e.kind)).toEqual(['SIGN_IN']);
  });
});
