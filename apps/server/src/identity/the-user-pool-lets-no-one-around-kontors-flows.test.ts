import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, signIn, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';
import { CLIENT_ID, poolCall, srpSignIn } from '../../test/user-pool.ts';

/**
 * The ways into an account a probe found, each tried with only what an attacker has: a
 * customer's access token, an e-mail address, the web client's id. Each must be refused with
 * nothing changed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
});
afterAll(() => t?.close());

const pool = (action: string, body: Record<string, unknown>) => poolCall(t, action, body);
const attributesOf = async (c: SignedInCustomer) =>
  Object.fromEntries(((await pool('GetUser', { AccessToken: c.accessToken })).body.UserAttributes as { Name: string; Value: string }[]).map((a) => [a.Name, a.Value]));
const outboxCount = async () => (await outboxStore(t.database.db).latest(10_000)).length;

/** A wrong password by SRP, as the web app sends it: the answer of PASSWORD_VERIFIER. */
const wrongSrpPassword = (username: string) => srpSignIn(t, username, 'Falsch!Passwort1');

describe('an access token alone', () => {
  it('cannot change the mobile number or the e-mail address, nor delete them: refused, nothing changed, no code sent', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const before = await attributesOf(anna);
    const sent = await outboxCount();
    for (const attributes of [[{ Name: 'phone_number', Value: '+4915799999986' }], [{ Name: 'email', Value: 'angreifer@example.com' }], [{ Name: 'given_name', Value: 'Mallory' }]]) {
      const res = await pool('UpdateUserAttributes', { AccessToken: anna.accessToken, UserAttributes: attributes });
      expect(res.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
    }
    const deleted = await pool('DeleteUserAttributes', { AccessToken: anna.accessToken, UserAttributeNames: ['phone_number'] });
    expect(deleted.body.__type).toBe('NotAuthorizedException');
    expect(await attributesOf(anna)).toEqual(before);
    expect(await outboxCount()).toBe(sent);
    // The payout TAN still goes to her own number.
    const tan = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: anna.headers, payload: { type: 'ENROLL_DEVICE', deviceName: 'Test' } });
    expect(tan.json().sentTo).toMatch(new RegExp(`${anna.phone.slice(-2)}$`));
  });

  it('cannot sign in by an SMS code alone (CUSTOM_AUTH), which would skip the password', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const sent = await outboxCount();
    const res = await pool('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: anna.username } });
    expect(res.body.__type).toBe('InvalidParameterException');
    expect(await outboxCount()).toBe(sent);
  });
});

describe('nobody becomes a customer without the account opening', () => {
  it('refuses SignUp from the web client, for a new and for a known address alike, and makes no user', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const sent = await outboxCount();
    for (const username of ['neu-angreifer@kontor.example', anna.username]) {
      const res = await pool('SignUp', { ClientId: CLIENT_ID, Username: username, Password: 'Kontor!Neu12', UserAttributes: [{ Name: 'email', Value: username }] });
      expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    }
    expect(await t.app.identityStore!.findUser('eu-central-1_K0ntorPool', 'neu-angreifer@kontor.example')).toBeUndefined();
    expect(await outboxCount()).toBe(sent);
  });

  it('serves no broker API to a user of the pool the account opening did not make (second wall)', async () => {
    const user = await t.app.identity!.createUser({
      username: 'nur-im-pool@kontor.example',
      password: 'Kontor!Test1',
      smsMfa: true,
      attributes: { email: 'nur-im-pool@kontor.example', email_verified: 'true', phone_number: '+4915100009999', phone_number_verified: 'true' },
    });
    const signedIn = await signIn(t.app, t.database.db, 'nur-im-pool@kontor.example', '+4915100009999');
    expect(signedIn.sub).toBe(user.sub);
    for (const [method, url] of [['GET', '/api/wl'], ['GET', '/api/user/me'], ['PUT', '/api/user/account/iban']] as const) {
      const res = await t.call({ method, url, headers: signedIn.headers, ...(method === 'PUT' ? { payload: { iban: 'DE02120300000000202051' } } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/kein Kontor-Konto/);
    }
  });
});

describe('the pool tells no one who is a customer', () => {
  it('answers ForgotPassword, ResendConfirmationCode and ConfirmSignUp the same for a customer and an unknown address', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const shape = async (username: string) => {
      const forgot = await pool('ForgotPassword', { ClientId: CLIENT_ID, Username: username });
      const resend = await pool('ResendConfirmationCode', { ClientId: CLIENT_ID, Username: username });
      const confirm = await pool('ConfirmSignUp', { ClientId: CLIENT_ID, Username: username, ConfirmationCode: '123456' });
      const mask = (s: string) => s.replace(/^.\*\*\*@.\*\*\*$/, 'x***@y***');
      return [forgot.status, mask(forgot.body.CodeDeliveryDetails.Destination), forgot.body.CodeDeliveryDetails.DeliveryMedium, resend.status, JSON.stringify(resend.body).replace(/"Destination":"[^"]+"/, ''), confirm.body];
    };
    expect(await shape(anna.username)).toEqual(await shape('niemand@kontor.example'));
  });

  it('warns before the last attempt and locks on the fifth for an unknown address exactly as for a customer', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const answers = async (username: string) => {
      const list = [];
      for (let i = 0; i < 6; i++) list.push((await wrongSrpPassword(username)).body);
      return list;
    };
    const known = await answers(anna.username);
    expect(known[3]!.message).toMatch(/1 attempt left/);
    expect(known[4]!.message).toBe('Password attempts exceeded');
    expect(await answers('niemand-da@kontor.example')).toEqual(known);
  });
});

describe('a sign-in waiting for its approval in the Kontor app', () => {
  it('changes nothing of the account through the pool: password, attributes, second factor, devices', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const authorisation = await authorised(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    expect((await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation } })).statusCode).toBe(201);
    expect((await t.call({ method: 'PUT', url: '/api/appauth', headers: anna.headers, payload: { defaultFactor: 'SMS', approveSignIns: true } })).statusCode).toBe(200);
    t.clock.advance(1000);
    const waiting = await signIn(t.app, t.database.db, anna.username, anna.phone);
    expect((await t.call({ method: 'GET', url: '/api/wl', headers: waiting.headers })).statusCode).toBe(403);

    const calls: [string, Record<string, unknown>][] = [
      ['ChangePassword', { PreviousPassword: 'Kontor!Test1', ProposedPassword: 'Kontor!Neu123' }],
      ['UpdateUserAttributes', { UserAttributes: [{ Name: 'locale', Value: 'en' }] }],
      ['SetUserMFAPreference', { SMSMfaSettings: { Enabled: true, PreferredMfa: true } }],
      ['AssociateSoftwareToken', {}],
      ['GetUserAttributeVerificationCode', { AttributeName: 'phone_number' }],
      ['DeleteUser', {}],
    ];
    for (const [action, body] of calls) {
      const res = await pool(action, { AccessToken: waiting.accessToken, ...body });
      expect(res.body.__type, action).toBe('NotAuthorizedException');
    }
    // The password is unchanged: the approved session still signs in with the old one.
    const again = await signIn(t.app, t.database.db, anna.username, anna.phone);
    expect(again.sub).toBe(anna.sub);
    // The approved session itself may.
    expect((await pool('UpdateUserAttributes', { AccessToken: anna.accessToken, UserAttributes: [{ Name: 'locale', Value: 'en' }] })).status).toBe(200);
  });
});

describe('an authenticator code', () => {
  it('signs in once: the same code within its window is refused the second time', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    const secret = new Secret({ size: 20 }).base32;
    await t.app.identityStore!.updateUser(anna.sub, { totpSecret: secret, totpMfaEnabled: true, smsMfaEnabled: false, preferredMfa: 'SOFTWARE_TOKEN_MFA' });
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
    const answer = async () => {
      const init = await pool('InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: anna.username, PASSWORD: 'Kontor!Test1' } });
      expect(init.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      return pool('RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: init.body.Session,
        ChallengeResponses: { USERNAME: anna.username, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    };
    expect((await answer()).body.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await answer()).body.__type).toBe('CodeMismatchException');
  });
});

describe('a password change', () => {
  it('ends every other sign-in at once, keeps the one that changed it, logs it and tells the customer', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    t.clock.advance(1000);
    const other = await signIn(t.app, t.database.db, anna.username, anna.phone);
    expect((await t.call({ method: 'GET', url: '/api/wl', headers: other.headers })).statusCode).toBe(200);
    const changed = await pool('ChangePassword', { AccessToken: anna.accessToken, PreviousPassword: 'Kontor!Test1', ProposedPassword: 'Kontor!Neu123' });
    expect(changed.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/wl', headers: other.headers })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/wl', headers: anna.headers })).statusCode).toBe(200);
    const [mail] = await outboxStore(t.database.db).latest(1);
    expect(mail).toMatchObject({ recipient: anna.username, channel: 'email', text: expect.stringContaining('Passwort Ihres Kontor-Kontos wurde geändert') });
    const log = (await t.call({ method: 'GET', url: '/api/security-log', headers: anna.headers })).json();
    expect(log.events.map((e: { kind: string }) => e.kind)).toContain('PASSWORD_CHANGED');
  });

  it('by reset ends every sign-in', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    await pool('ForgotPassword', { ClientId: CLIENT_ID, Username: anna.username });
    const [mail] = await outboxStore(t.database.db).latest(1);
    expect(mail).toMatchObject({ recipient: anna.username, channel: 'email' });
    const reset = await pool('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: anna.username, ConfirmationCode: mail!.code!, Password: 'Kontor!Neu456' });
    expect(reset.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/wl', headers: anna.headers })).statusCode).toBe(401);
  });
});
