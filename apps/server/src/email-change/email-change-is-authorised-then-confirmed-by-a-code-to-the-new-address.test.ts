import type { AddressInfo } from 'node:net';
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailChange, EmailSetting } from '@kontor/domain/customer-settings-contracts';
import { authorised, requestTan, verifyTan, wrongTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';
import { systemClock } from '../platform/clock.ts';

const poolId = 'eu-central-1_K0ntorPool';
const clientId = '4k0nt0rweb1c1ient0000000a';

let t: TestApp;
let endpoint: string;
let clara: SignedInCustomer;

const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.call({ method, url, headers: clara.headers, ...(payload ? { payload } : {}) });
const start = async (newEmail: string) => {
  const res = await as('POST', '/api/user/email', { newEmail });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EmailChange;
};
const authorise = async (change: EmailChange) => {
  const authorisation = await authorised(t, clara, { type: 'EMAIL', requestId: change.id });
  const res = await as('POST', `/api/user/email/${change.id}/authorise`, { authorisation });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EmailChange;
};
/** The newest e-mail to an address, as the customer reads it. */
const mailTo = async (address: string) => (await outboxStore(t.database.db).latest(20)).find((m) => m.recipient === address && m.channel === 'email');
const confirm = (change: EmailChange, code: string) => as('POST', `/api/user/email/${change.id}/confirm`, { code });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Signs in with the provider's official client over HTTP, answering the SMS code from the outbox. */
function officialSignIn(username: string, password: string): Promise<CognitoUserSession> {
  const storage = new Map<string, string>();
  const Storage = { setItem: (k: string, v: string) => void storage.set(k, v), getItem: (k: string) => storage.get(k) ?? null, removeItem: (k: string) => void storage.delete(k), clear: () => storage.clear() };
  const pool = new CognitoUserPool({ UserPoolId: poolId, ClientId: clientId, endpoint, Storage });
  const user = new CognitoUser({ Username: username, Pool: pool, Storage });
  return new Promise((resolve, reject) => {
    const done = { onSuccess: resolve, onFailure: reject };
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      ...done,
      mfaRequired: () => {
        void outboxStore(t.database.db)
          .latest(1)
          .then(([sms]) => user.sendMFACode(sms!.code!, done), reject);
      },
    });
  });
}

beforeAll(async () => {
  // Real time: the official client's SRP step carries a timestamp the pool checks.
  t = await createTestApp({ clock: systemClock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/identity/`;
  clara = await signedInCustomer(t.app, t.database.db, 'clara-mail');
  await signedInCustomer(t.app, t.database.db, 'david-mail');
}, 60_000);
afterAll(() => t?.close());

describe('asking for the change', () => {
  it.each([
    ['no e-mail address', { newEmail: 'clara at example' }, 400],
    ['the address in use', { newEmail: 'CLARA-MAIL@kontor.example' }, 400],
    ['another customer’s address', { newEmail: 'david-mail@kontor.example' }, 409],
    ['a field too many', { newEmail: 'clara@example.org', alsoPhone: '+49' }, 400],
  ])('%s is refused (%j → %i) and nothing waits', async (_name, body, status) => {
    const res = await as('POST', '/api/user/email', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting).pending).toBeNull();
  });
});

describe('authorising it (kind EMAIL)', () => {
  it('a wrong TAN is refused by the authorisation; a result for another request does not authorise this one; no code is sent', async () => {
    const change = await start('clara.neu@example.org');
    expect(change).toMatchObject({ newEmail: 'clara.neu@example.org', state: 'AUTHORISE', attemptsLeft: 5 });
    const { challenge, tan } = await requestTan(t, clara, { type: 'EMAIL', requestId: change.id });
    expect(challenge.summary).toBe('E-Mail-Adresse ändern');
    expect((await verifyTan(t, clara, { ticket: challenge.ticket, tan: wrongTan(tan) })).statusCode).toBe(422);
    // Verified, but for a different request id: it does not fit this one.
    const elsewhere = await authorised(t, clara, { type: 'EMAIL', requestId: '00000000-0000-4000-8000-000000000000' });
    const res = await as('POST', `/api/user/email/${change.id}/authorise`, { authorisation: elsewhere });
    expect(res.statusCode, res.body).toBe(422);
    expect(await mailTo('clara.neu@example.org')).toBeUndefined();
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting).pending).toMatchObject({ id: change.id, state: 'AUTHORISE' });
    // A code cannot be entered before the authorisation.
    expect((await confirm(change, '123456')).statusCode).toBe(409);
  });
});

describe('confirming it with the code sent to the new address', () => {
  it('five wrong codes void the change; then even the right code is refused and the address stays', async () => {
    const change = await authorise(await start('clara.tipp@example.org'));
    expect(change.state).toBe('CODE_SENT');
    const code = (await mailTo('clara.tipp@example.org'))!.code!;
    for (let left = 4; left >= 1; left--) {
      const res = await confirm(change, otherCode(code));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'code', message: expect.stringContaining(left === 1 ? 'einen Versuch' : `${left} Versuche`) }]);
    }
    const fifth = await confirm(change, otherCode(code));
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toMatch(/zu oft falsch/);
    expect((await confirm(change, code)).statusCode).toBe(410);
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting)).toEqual({ email: 'clara-mail@kontor.example', pending: null });
  });

  it('the right code changes the sign-in address: the old one is told, the official client signs in with the new one, the old one no longer works', async () => {
    const change = await authorise(await start('Clara.Kontor@Example.org'));
    const pending = (await as('GET', '/api/user/email')).json() as EmailSetting;
    expect(pending).toMatchObject({ email: 'clara-mail@kontor.example', pending: { id: change.id, newEmail: 'clara.kontor@example.org', state: 'CODE_SENT' } });
    const mail = await mailTo('clara.kontor@example.org');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail!.code!);
    // One wrong code first: it counts, the change stays.
    expect((await confirm(change, otherCode(mail!.code!))).statusCode).toBe(422);
    const res = await confirm(change, mail!.code!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'DONE' });
    expect((await confirm(change, mail!.code!)).statusCode).toBe(409);

    const notice = await mailTo('clara-mail@kontor.example');
    expect(notice?.text).toContain('E-Mail-Adresse Ihres Kontor-Kontos wurde geändert');
    expect(notice?.code).toBeNull();
    expect((await as('GET', '/api/user/me')).json()).toMatchObject({ email: 'clara.kontor@example.org' });
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting)).toEqual({ email: 'clara.kontor@example.org', pending: null });
    // The security log shows the change once (the wrong code before it changed nothing).
    const log = (await as('GET', '/api/security-log')).json() as { events: { kind: string; detail: string | null }[] };
    expect(log.events.filter((e) => e.kind === 'EMAIL_CHANGED')).toEqual([expect.objectContaining({ detail: 'clara.kontor@example.org' })]);

    const session = await officialSignIn('clara.kontor@example.org', 'Kontor!Test1');
    expect(session.getIdToken().payload).toMatchObject({ email: 'clara.kontor@example.org', sub: clara.sub });
    const old = await officialSignIn('clara-mail@kontor.example', 'Kontor!Test1').catch((e: unknown) => e);
    expect(old).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('a change can be cancelled while it waits; a newer request replaces an older one', async () => {
    const first = await start('clara.eins@example.org');
    const second = await start('clara.zwei@example.org');
    expect((await confirm(first, '123456')).statusCode).toBe(409);
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting).pending?.id).toBe(second.id);
    const res = await as('DELETE', `/api/user/email/${second.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'CANCELLED' });
    expect(((await as('GET', '/api/user/email')).json() as EmailSetting).pending).toBeNull();
  });
});
