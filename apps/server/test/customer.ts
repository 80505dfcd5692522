import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { registerCustomer } from '../src/onboarding/customers.ts';
import { outboxStore } from '../src/outbox/store.ts';
import { SESSION_COOKIE } from '../src/platform/auth.ts';
import type { Db } from '../src/platform/db.ts';
import type { TestApp } from './test-app.ts';

const CLIENT_ID = '4k0nt0rweb1c1ient0000000a';

async function identity(app: FastifyInstance, action: string, body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    payload: JSON.stringify(body),
  });
  const json = res.json();
  if (res.statusCode !== 200) throw new Error(`${action}: ${json.__type} ${json.message}`);
  return json;
}

export type SignedInCustomer = { sub: string; username: string; phone: string; accessToken: string; headers: { authorization: string } };

/**
 * A new customer of the embedded pool, signed in the way the app does it (password, then the SMS
 * code from the outbox). Use `headers` on guarded routes.
 */
export async function signedInCustomer(app: FastifyInstance, db: Db, name = `kunde-${randomBytes(4).toString('hex')}`): Promise<SignedInCustomer> {
  const username = `${name}@kontor.example`;
  const phone = `+4915${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0').slice(0, 9)}`;
  const password = 'Kontor!Test1';
  const user = await app.identity!.createUser({
    username,
    password,
    smsMfa: true,
    attributes: { email: username, email_verified: 'true', phone_number: phone, phone_number_verified: 'true' },
  });
  await registerCustomer(db, user.sub, 'TEST', new Date());
  return { ...(await signIn(app, db, username, phone)), sub: user.sub };
}

/** A new sign-in (a new token family, so a new session) of a customer made by signedInCustomer. */
export async function signIn(app: FastifyInstance, db: Db, username: string, phone: string): Promise<SignedInCustomer> {
  const password = 'Kontor!Test1';
  const init = await identity(app, 'InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
  const [sms] = await outboxStore(db).latest(1);
  if (sms?.recipient !== phone || !sms.code) throw new Error('no SMS code in the outbox');
  const done = await identity(app, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'SMS_MFA',
    Session: init.Session,
    ChallengeResponses: { USERNAME: init.ChallengeParameters.USER_ID_FOR_SRP ?? username, SMS_MFA_CODE: sms.code },
  });
  const accessToken = done.AuthenticationResult.AccessToken as string;
  return { sub: decodeJwt(accessToken).sub!, username, phone, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** The session cookie the web app gets after sign-in (POST /api/auth/login), for cookie-borne calls. */
export async function sessionCookie(t: TestApp, customer: SignedInCustomer): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { accessToken: customer.accessToken } });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`POST /api/auth/login answered ${res.statusCode}`);
  return cookie.value;
}
