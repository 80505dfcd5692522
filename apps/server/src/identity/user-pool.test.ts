import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../onboarding/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../platform/auth.ts';
import { CLIENT_ID, poolCall, srpSignIn as signInBySrp } from '../../test/user-pool.ts';
import * as srp from './srp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
});
afterAll(() => t.close());

const id = (action: string, body: Record<string, unknown>) => poolCall(t, action, body);
const srpSignIn = (username: string, password: string) => signInBySrp(t, username, password);

async function lastCode() {
  const [m] = await outboxStore(t.database.db).latest(1);
  return m!.code!;
}

let n = 0;
async function customer(opts: { smsMfa?: boolean } = {}) {
  n += 1;
  const username = `kunde${n}@kontor.example`;
  const user = await t.app.identity!.createUser({
    username,
    password: 'Kontor!Test1',
    smsMfa: opts.smsMfa ?? true,
    attributes: { email: username, email_verified: 'true', phone_number: `+49151000000${n}`, phone_number_verified: 'true' },
  });
  await registerCustomer(t.database.db, user.sub, 'TEST', new Date());
  return username;
}

async function signedIn(username: string) {
  const challenge = await srpSignIn(username, 'Kontor!Test1');
  expect(challenge.body.ChallengeName).toBe('SMS_MFA');
  const done = await id('RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'SMS_MFA',
    Session: challenge.body.Session,
    ChallengeResponses: { USERNAME: username, SMS_MFA_CODE: await lastCode() },
  });
  expect(done.status).toBe(200);
  return done.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
}

describe('lockout after five wrong passwords', () => {
  it('warns before the last attempt, locks on the fifth, and refuses even the right password while locked', async () => {
    const user = await customer();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await srpSignIn(user, 'Falsch!Passwort9'));
    expect(answers.map((a) => a.body.__type)).toEqual(Array(5).fill('NotAuthorizedException'));
    expect(answers[2]!.body.message).toBe('Incorrect username or password.');
    expect(answers[3]!.body.message).toMatch(/1 attempt left before the account is temporarily locked/);
    expect(answers[4]!.body.message).toBe('Password attempts exceeded');
    expect((await srpSignIn(user, 'Kontor!Test1')).body.message).toBe('Password attempts exceeded');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await srpSignIn(user, 'Kontor!Test1')).body.ChallengeName).toBe('SMS_MFA');
  });

  it('counts wrong MFA codes the same way', async () => {
    const user = await customer();
    const challenge = await srpSignIn(user, 'Kontor!Test1');
    const tries = [];
    for (let i = 0; i < 5; i++) {
      tries.push(
        await id('RespondToAuthChallenge', {
          ClientId: CLIENT_ID,
          ChallengeName: 'SMS_MFA',
          Session: challenge.body.Session,
          ChallengeResponses: { USERNAME: user, SMS_MFA_CODE: '000000' },
        }),
      );
    }
    expect(tries[0]!.body.__type).toBe('CodeMismatchException');
    expect(tries[3]!.body.message).toMatch(/1 attempt left/);
    expect(tries[4]!.body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('gives an unknown user the same answer as a wrong password, without an SMS', async () => {
    const before = (await outboxStore(t.database.db).latest(100)).length;
    const unknown = await srpSignIn('niemand@kontor.example', 'Kontor!Test1');
    expect(unknown.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const plain = await id('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'niemand@kontor.example', PASSWORD: 'Kontor!Test1' },
    });
    expect(plain.body).toEqual(unknown.body);
    expect((await outboxStore(t.database.db).latest(100)).length).toBe(before);
  });
});

describe('one-time codes', () => {
  it('are single use', async () => {
    const user = await customer();
    const challenge = await srpSignIn(user, 'Kontor!Test1');
    const code = await lastCode();
    const first = await id('RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'SMS_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: user, SMS_MFA_CODE: code },
    });
    expect(first.body.AuthenticationResult.AccessToken).toBeTruthy();
    const again = await id('RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'SMS_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: user, SMS_MFA_CODE: code },
    });
    expect(again.body.__type).toBe('NotAuthorizedException');
  });

  it('stay usable after a wrong one: the wrong code counts, the right one still signs in', async () => {
    const user = await customer();
    const challenge = await srpSignIn(user, 'Kontor!Test1');
    const code = await lastCode();
    const answer = (c: string) =>
      id('RespondToAuthChallenge', { ClientId: CLIENT_ID, ChallengeName: 'SMS_MFA', Session: challenge.body.Session, ChallengeResponses: { USERNAME: user, SMS_MFA_CODE: c } });
    expect((await answer(code === '123456' ? '654321' : '123456')).body.__type).toBe('CodeMismatchException');
    expect((await answer(code)).body.AuthenticationResult.AccessToken).toBeTruthy();
  });

  it('expire: a password reset code by e-mail after fifteen minutes', async () => {
    const user = await customer();
    const forgot = await id('ForgotPassword', { ClientId: CLIENT_ID, Username: user });
    expect(forgot.body.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const [mail] = await outboxStore(t.database.db).latest(1);
    expect(mail).toMatchObject({ recipient: user, channel: 'email' });
    t.clock.advance(15 * 60_000 + 1);
    const late = await id('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: user, ConfirmationCode: mail!.code!, Password: 'Kontor!Neu99' });
    // An expired code answers like a wrong one: "expired" would say a code was ever sent.
    expect(late.body.__type).toBe('CodeMismatchException');
    await id('ForgotPassword', { ClientId: CLIENT_ID, Username: user });
    const ok = await id('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: user, ConfirmationCode: await lastCode(), Password: 'Kontor!Neu99' });
    expect(ok.status).toBe(200);
    expect((await srpSignIn(user, 'Kontor!Neu99')).body.ChallengeName).toBe('SMS_MFA');
  });

  it('never answer ForgotPassword differently for an unknown user', async () => {
    const res = await id('ForgotPassword', { ClientId: CLIENT_ID, Username: 'unbekannt@kontor.example' });
    expect(res.status).toBe(200);
    expect(res.body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
  });
});

describe('protocol errors', () => {
  it('answers an unknown action and an unknown client in the provider format', async () => {
    const unknown = await id('DescribeUserPool', {});
    expect(unknown.body.__type).toBe('UnknownOperationException');
    const client = await id('InitiateAuth', { ClientId: 'fremd', AuthFlow: 'USER_SRP_AUTH', AuthParameters: {} });
    expect(client.body.__type).toBe('ResourceNotFoundException');
    const policy = await id('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: 'neu@kontor.example', ConfirmationCode: '123456', Password: 'kurz' });
    expect(policy.body.__type).toBe('InvalidPasswordException');
    expect(policy.body.message).toMatch(/Mindestens 8 Zeichen/);
  });

  it('publishes the signing keys as a JWKS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/identity/eu-central-1_K0ntorPool/.well-known/jwks.json' });
    expect(res.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(res.json().keys[0].d).toBeUndefined();
  });
});

describe('API session', () => {
  it('opens an httpOnly session cookie from an access token and closes it again', async () => {
    const tokens = await signedIn(await customer());
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { accessToken: tokens.AccessToken } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const me = await t.call({ method: 'GET', url: '/api/user/me', cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toMatch(/^kunde\d+@kontor\.example$/);
    // Beside it, for the pages, the hint that this browser has a session (no token in it).
    const hint = login.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)!;
    expect(hint).toMatchObject({ value: '1', httpOnly: true, sameSite: 'Strict', path: '/' });
    const out = await t.call({ method: 'DELETE', url: '/api/auth', cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(out.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)?.value).toBe('');
  });

  it('refuses a forged or missing token with 401 and a German message', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Bitte melden Sie sich an, um fortzufahren.', status: 401, errors: [] });
    const forged = await t.call({ method: 'POST', url: '/api/auth/login', payload: { accessToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' } });
    expect(forged.statusCode).toBe(401);
  });

  it('rejects the access tokens of a revoked session at once', async () => {
    const tokens = await signedIn(await customer());
    const bearer = { authorization: `Bearer ${tokens.AccessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(200);
    await id('RevokeToken', { ClientId: CLIENT_ID, Token: tokens.RefreshToken });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(401);
  });

  // Each token is accepted once first, so the refusal after the action shows that the action
  // itself, not a cold start, made the API forget it.
  it('rejects every access token of a customer at once after GlobalSignOut, and only theirs', async () => {
    const user = await customer();
    const first = await signedIn(user);
    const second = await signedIn(user);
    const other = await signedIn(await customer());
    const status = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect([await status(first.AccessToken), await status(second.AccessToken), await status(other.AccessToken)]).toEqual([200, 200, 200]);
    expect(await id('GlobalSignOut', { AccessToken: second.AccessToken })).toEqual({ status: 200, body: {} });
    expect([await status(first.AccessToken), await status(second.AccessToken), await status(other.AccessToken)]).toEqual([401, 401, 200]);
    const refresh = await id('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: first.RefreshToken });
    expect(refresh.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  it('rejects the access token of a customer who deleted their account at once', async () => {
    const tokens = await signedIn(await customer());
    const bearer = { authorization: `Bearer ${tokens.AccessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(200);
    expect(await id('DeleteUser', { AccessToken: tokens.AccessToken })).toEqual({ status: 200, body: {} });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(401);
  });

  it('refuses a token that was accepted before once it has expired', async () => {
    const tokens = await signedIn(await customer());
    const bearer = { authorization: `Bearer ${tokens.AccessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(401);
    t.clock.advance(-61 * 60_000);
  });

  it('lets a Bearer-only script call state-changing routes without the XSRF pair, but not a cookie session', async () => {
    const tokens = await signedIn(await customer());
    const bearer = await t.app.inject({ method: 'DELETE', url: '/api/auth', headers: { authorization: `Bearer ${tokens.AccessToken}` } });
    expect(bearer.statusCode).toBe(204);
    const cookieOnly = await t.app.inject({ method: 'DELETE', url: '/api/auth', cookies: { [SESSION_COOKIE]: tokens.AccessToken } });
    expect(cookieOnly.statusCode).toBe(403);
  });
});

describe('customer data stays with its customer', () => {
  it('shows each customer only their own profile', async () => {
    const a = await signedIn(await customer());
    const b = await signedIn(await customer());
    const meA = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${a.AccessToken}` } });
    const meB = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${b.AccessToken}` } });
    expect(meA.json().sub).not.toBe(meB.json().sub);
    expect(meA.json().email).not.toBe(meB.json().email);
  });
});

describe('abandoned sign-ins', () => {
  it('leave no challenge state behind once it has expired', async () => {
    const count = async () =>
      ((await t.database.db.execute('select count(*)::int as n from identity_auth_sessions')) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const user = await customer();
    await srpSignIn(user, 'Kontor!Test1'); // stops at the SMS code: its challenge state stays
    expect(await count()).toBeGreaterThan(0);
    t.clock.advance(6 * 60_000);
    await id('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user, SRP_A: srp.clientSession().AHex } });
    expect(await count()).toBe(1); // only the challenge just started
  });
});
