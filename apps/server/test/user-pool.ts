import * as srp from '../src/identity/srp.ts';
import type { TestApp } from './test-app.ts';

export const CLIENT_ID = '4k0nt0rweb1c1ient0000000a';
export const REALM = 'K0ntorPool';

/** One call of the user pool's wire protocol, as a client sends it; the status and the JSON answer. */
export async function poolCall(t: TestApp, action: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    payload: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- protocol answers are checked field by field
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** The client's timestamp format: "Mon Nov 23 9:00:00 UTC 2026". */
export function clientTimestamp(d: Date) {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${d.getUTCDate()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

/** An SRP sign-in up to the answer of PASSWORD_VERIFIER, with the native test client. */
export async function srpSignIn(t: TestApp, username: string, password: string) {
  const client = srp.clientSession();
  const init = await srpStart(t, username, client);
  if (init.status !== 200) throw new Error(`InitiateAuth answered ${init.status}: ${JSON.stringify(init.body)}`);
  return srpProve(t, init.body.ChallengeParameters, password, client);
}

/** InitiateAuth with USER_SRP_AUTH: the first step of an SRP sign-in. */
export const srpStart = (t: TestApp, username: string, client: ReturnType<typeof srp.clientSession>) =>
  poolCall(t, 'InitiateAuth', { ClientId: CLIENT_ID, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username, SRP_A: client.AHex } });

/** PASSWORD_VERIFIER: the client's proof of the password, for the challenge InitiateAuth answered. */
export async function srpProve(t: TestApp, p: Record<string, string>, password: string, client: ReturnType<typeof srp.clientSession>) {
  const key = client.key({ realm: REALM, userId: p.USER_ID_FOR_SRP!, password, saltHex: p.SALT!, BHex: p.SRP_B! });
  const ts = clientTimestamp(t.clock.now());
  return poolCall(t, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: p.USERNAME,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
      TIMESTAMP: ts,
      PASSWORD_CLAIM_SIGNATURE: srp.passwordClaimSignature(key, REALM, p.USER_ID_FOR_SRP!, p.SECRET_BLOCK!, ts),
    },
  });
}
