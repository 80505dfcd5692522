import type { AddressInfo } from 'node:net';
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, rememberDevice, signIn, signOut } from 'aws-amplify/auth';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';
import { systemClock } from '../platform/clock.ts';
import { registerCustomer } from '../onboarding/customers.ts';
import { DEMO_CUSTOMER, seedDemoData } from '../seed.ts';
import type { NewPoolUser } from './service.ts';

/**
 * The acceptance test of the user pool: the provider's official client libraries, unmodified,
 * pointed at Kontor's endpoint over real HTTP.
 */
let t: TestApp;
let endpoint: string;
let api: string;
const poolId = 'eu-central-1_K0ntorPool';
const clientId = '4k0nt0rweb1c1ient0000000a';

beforeAll(async () => {
  // SRP's powers on worker threads, as the server runs them.
  t = await createTestApp({ clock: systemClock, env: { SRP_WORKERS: '2' } });
  await seedDemoData({ identity: t.app.identity!, identityStore: t.app.identityStore!, poolId });
  const demo = await t.app.identityStore!.findUser(poolId, DEMO_CUSTOMER.username);
  await registerCustomer(t.database.db, demo!.sub, 'SEED', new Date());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  api = `http://127.0.0.1:${port}`;
  endpoint = `${api}/identity/`;
});
afterAll(() => t.close());

async function latestCode(recipient: string): Promise<string> {
  const [msg] = await outboxStore(t.database.db).latest(1);
  expect(msg?.recipient).toBe(recipient);
  return msg!.code!;
}
/** A customer as the account opening makes one: the pool's user (its admin call) and Kontor's register. */
async function poolCustomer(p: NewPoolUser) {
  const user = await t.app.identity!.createUser(p);
  await registerCustomer(t.database.db, user.sub, 'TEST', new Date());
  return user;
}
const totpNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const apiStatus = async (token: string) => (await fetch(`${api}/api/auth`, { headers: { authorization: `Bearer ${token}` } })).status;

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    setItem: (k: string, v: string) => void m.set(k, v),
    getItem: (k: string) => m.get(k) ?? null,
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  };
}

describe('amazon-cognito-identity-js', () => {
  const storage = memoryStorage();
  const pool = () => new CognitoUserPool({ UserPoolId: poolId, ClientId: clientId, endpoint, Storage: storage });

  /** Signs in; answers an SMS MFA challenge from the outbox when one comes (and reports it). */
  function login(password: string) {
    const user = new CognitoUser({ Username: DEMO_CUSTOMER.username, Pool: pool(), Storage: storage });
    return new Promise<{ session: CognitoUserSession; user: CognitoUser; mfaAsked: boolean }>((resolve, reject) => {
      let mfaAsked = false;
      const done = { onSuccess: (session: CognitoUserSession) => resolve({ session, user, mfaAsked }), onFailure: reject };
      user.authenticateUser(new AuthenticationDetails({ Username: DEMO_CUSTOMER.username, Password: password }), {
        ...done,
        mfaRequired: () => {
          mfaAsked = true;
          latestCode(DEMO_CUSTOMER.phone).then((code) => user.sendMFACode(code, done), reject);
        },
      });
    });
  }

  it('signs in by SRP with SMS MFA, refreshes, and remembers the device so the next sign-in skips MFA', async () => {
    const first = await login(DEMO_CUSTOMER.password);
    expect(first.mfaAsked).toBe(true);
    expect(first.session.isValid()).toBe(true);
    expect(first.session.getIdToken().payload.email).toBe(DEMO_CUSTOMER.username);
    expect(await apiStatus(first.session.getAccessToken().getJwtToken())).toBe(200);

    const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
      first.user.refreshSession(first.session.getRefreshToken(), (err: Error | null, s: CognitoUserSession) => (err ? reject(err) : resolve(s))),
    );
    expect(refreshed.getAccessToken().getJwtToken()).not.toBe(first.session.getAccessToken().getJwtToken());
    expect(await apiStatus(refreshed.getAccessToken().getJwtToken())).toBe(200);

    await new Promise((resolve, reject) => first.user.setDeviceStatusRemembered({ onSuccess: resolve, onFailure: reject }));
    const second = await login(DEMO_CUSTOMER.password);
    expect(second.mfaAsked).toBe(false);
    expect(second.session.getAccessToken().payload.device_key).toMatch(/^eu-central-1_/);
  });

  it('signs in again after the remembered device was forgotten (the client drops its device and retries)', async () => {
    const first = await login(DEMO_CUSTOMER.password);
    const deviceKey = first.session.getAccessToken().payload.device_key as string;
    expect(deviceKey).toBeTruthy();
    await new Promise((resolve, reject) => first.user.forgetSpecificDevice(deviceKey, { onSuccess: resolve, onFailure: reject }));
    // The client still holds the forgotten device's keys, as a second browser would.
    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.${first.user.getUsername()}.deviceKey`, deviceKey);
    const again = await login(DEMO_CUSTOMER.password);
    expect(again.mfaAsked).toBe(true);
    expect(again.session.isValid()).toBe(true);
  });

  it('refuses a wrong password with the same answer as an unknown user', async () => {
    const wrong = await login('Falsch!Passwort1').catch((e) => e);
    const unknownUser = new CognitoUser({ Username: 'niemand@kontor.example', Pool: pool(), Storage: storage });
    const unknown = await new Promise<Error>((resolve) =>
      unknownUser.authenticateUser(new AuthenticationDetails({ Username: 'niemand@kontor.example', Password: 'Falsch!Passwort1' }), {
        onSuccess: () => resolve(new Error('unexpected success')),
        onFailure: resolve,
      }),
    );
    expect(wrong.code).toBe('NotAuthorizedException');
    expect(unknown).toMatchObject({ code: 'NotAuthorizedException', message: wrong.message });
  });
});

describe('aws-amplify v6', () => {
  beforeAll(() => {
    // amplify names a new device from navigator.userAgent, which browsers and Node 21+ have but
    // Node 20 lacks; without it amplify silently skips device confirmation.
    if (!('navigator' in globalThis)) Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js' }, configurable: true });
    Amplify.configure({ Auth: { Cognito: { userPoolId: poolId, userPoolClientId: clientId, userPoolEndpoint: endpoint } } });
  });

  it('signs in with SMS MFA, refreshes, and sign-out revokes the session at once', async () => {
    const step = await signIn({ username: DEMO_CUSTOMER.username, password: DEMO_CUSTOMER.password });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const done = await confirmSignIn({ challengeResponse: await latestCode(DEMO_CUSTOMER.phone) });
    expect(done.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    const access = session.tokens!.accessToken.toString();
    expect(await apiStatus(access)).toBe(200);

    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const access2 = refreshed.tokens!.accessToken.toString();
    expect(access2).not.toBe(access);
    expect(await apiStatus(access2)).toBe(200);

    await signOut();
    expect(await apiStatus(access2)).toBe(401);
  });

  it('sets up TOTP at the first sign-in of a customer without a second factor, then signs in with it', async () => {
    await poolCustomer({
      username: 'totp@kontor.example',
      password: 'Kontor!Totp3',
      attributes: { email: 'totp@kontor.example', email_verified: 'true' },
    });
    const step = await signIn({ username: 'totp@kontor.example', password: 'Kontor!Totp3' });
    expect(step.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = (step.nextStep as { totpSetupDetails: { sharedSecret: string; getSetupUri(a: string): URL } }).totpSetupDetails;
    expect(secret.getSetupUri('Kontor').toString()).toMatch(/^otpauth:\/\/totp\//);
    const done = await confirmSignIn({ challengeResponse: totpNow(secret.sharedSecret) });
    expect(done.isSignedIn).toBe(true);
    await signOut();

    // The device was not remembered, so the second sign-in asks for the app's code.
    const again = await signIn({ username: 'totp@kontor.example', password: 'Kontor!Totp3' });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const wrong = await confirmSignIn({ challengeResponse: '000000' }).catch((e) => e);
    expect(wrong.name).toBe('CodeMismatchException');
    expect((await confirmSignIn({ challengeResponse: totpNow(secret.sharedSecret) })).isSignedIn).toBe(true);

    // Remembering the device lets the next sign-in through on device SRP, without a code.
    await rememberDevice();
    await signOut();
    const remembered = await signIn({ username: 'totp@kontor.example', password: 'Kontor!Totp3' });
    expect(remembered.nextStep.signInStep).toBe('DONE');
    await signOut();
  });
});

describe('aws-amplify v6: the other challenges', () => {
  it('asks for a new password (NEW_PASSWORD_REQUIRED), then the second factor', async () => {
    await poolCustomer({
      username: 'neupasswort@kontor.example',
      password: 'Kontor!Start1',
      smsMfa: true,
      status: 'FORCE_CHANGE_PASSWORD',
      attributes: { email: 'neupasswort@kontor.example', phone_number: '+4915100000071', phone_number_verified: 'true' },
    });
    const step = await signIn({ username: 'neupasswort@kontor.example', password: 'Kontor!Start1' });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const weak = await confirmSignIn({ challengeResponse: 'kurz' }).catch((e) => e);
    expect(weak.name).toBe('InvalidPasswordException');
    const sms = await confirmSignIn({ challengeResponse: 'Kontor!Neu55' });
    expect(sms.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    expect((await confirmSignIn({ challengeResponse: await latestCode('+4915100000071') })).isSignedIn).toBe(true);
    await signOut();
    // The new password is the one that counts now.
    expect((await signIn({ username: 'neupasswort@kontor.example', password: 'Kontor!Neu55' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    await confirmSignIn({ challengeResponse: await latestCode('+4915100000071') });
    await signOut();
  });

  it('lets a customer with SMS and app but no preference choose (SELECT_MFA_TYPE)', async () => {
    const user = await poolCustomer({
      username: 'beides@kontor.example',
      password: 'Kontor!Beide1',
      smsMfa: true,
      attributes: { email: 'beides@kontor.example', phone_number: '+4915100000072', phone_number_verified: 'true' },
    });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.app.identityStore!.updateUser(user.sub, { totpSecret: secret, totpMfaEnabled: true, preferredMfa: null });
    const step = await signIn({ username: 'beides@kontor.example', password: 'Kontor!Beide1' });
    expect(step.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SELECTION');
    expect((step.nextStep as { allowedMFATypes?: string[] }).allowedMFATypes).toEqual(['SMS', 'TOTP']);
    const totp = await confirmSignIn({ challengeResponse: 'TOTP' });
    expect(totp.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: totpNow(secret) })).isSignedIn).toBe(true);
    await signOut();
  });

  it('refuses a sign-in by a one-time SMS code alone (CUSTOM_AUTH is not a flow of the web client)', async () => {
    await poolCustomer({
      username: 'ohnepasswort@kontor.example',
      password: 'Kontor!Egal1',
      smsMfa: true,
      attributes: { email: 'ohnepasswort@kontor.example', phone_number: '+4915100000073', phone_number_verified: 'true' },
    });
    const mark = (await outboxStore(t.database.db).latest(1))[0]?.id;
    const refused = await signIn({ username: 'ohnepasswort@kontor.example', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }).catch((e) => e);
    expect(refused.name).toBe('InvalidParameterException');
    expect(refused.message).toMatch(/CUSTOM_AUTH flow not enabled/);
    // No code went out.
    expect((await outboxStore(t.database.db).latest(1))[0]?.id).toBe(mark);
  });
});

describe('@aws-sdk/client-cognito-identity-provider', () => {
  it('SignUp is refused; a customer made by the account opening: InitiateAuth (with MFA setup) → GetUser → ChangePassword → GlobalSignOut voids the token', async () => {
    const client = new CognitoIdentityProviderClient({
      region: 'eu-central-1',
      endpoint,
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    });
    const email = 'neu@kontor.example';
    const up = await client
      .send(new SignUpCommand({ ClientId: clientId, Username: email, Password: 'Kontor!Neu12', UserAttributes: [{ Name: 'email', Value: email }] }))
      .catch((e) => e);
    expect(up.name).toBe('NotAuthorizedException');
    expect(up.message).toBe('SignUp is not permitted for this user pool');
    const confirm = await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: '123456' })).catch((e) => e);
    expect(confirm.name).toBe('CodeMismatchException');
    await poolCustomer({ username: email, password: 'Kontor!Neu12', attributes: { email, email_verified: 'true' } });

    const init = await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Kontor!Neu12' } }),
    );
    expect(init.ChallengeName).toBe('MFA_SETUP');
    const assoc = await client.send(new AssociateSoftwareTokenCommand({ Session: init.Session }));
    const verified = await client.send(new VerifySoftwareTokenCommand({ Session: assoc.Session, UserCode: totpNow(assoc.SecretCode!) }));
    expect(verified.Status).toBe('SUCCESS');
    const tokens = await client.send(
      new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: email } }),
    );
    const access = tokens.AuthenticationResult!.AccessToken!;

    const me = await client.send(new GetUserCommand({ AccessToken: access }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);
    expect(me.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    expect(me.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);

    await client.send(new ChangePasswordCommand({ AccessToken: access, PreviousPassword: 'Kontor!Neu12', ProposedPassword: 'Kontor!Neu34' }));
    const weak = await client.send(new ChangePasswordCommand({ AccessToken: access, PreviousPassword: 'Kontor!Neu34', ProposedPassword: 'schwach' })).catch((e) => e);
    expect(weak.name).toBe('InvalidPasswordException');

    expect(await apiStatus(access)).toBe(200);
    await client.send(new GlobalSignOutCommand({ AccessToken: access }));
    expect(await apiStatus(access)).toBe(401);
    const after = await client.send(new GetUserCommand({ AccessToken: access })).catch((e) => e);
    expect(after.name).toBe('NotAuthorizedException');
  });
});
