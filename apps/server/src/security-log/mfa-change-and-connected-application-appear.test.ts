import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_REDIRECT_PATH } from '@kontor/domain/oauth-contracts';
import type { SecurityLogPage } from '@kontor/domain/security-log-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-seclog-access');
});
afterAll(() => t?.close());

const events = async () => ((await t.call({ method: 'GET', url: '/api/security-log', headers: anna.headers })).json() as SecurityLogPage).events;

describe('changes to the way in, in the security log', () => {
  it('shows a change of the second factor made through the user pool', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SetUserMFAPreference' },
      payload: JSON.stringify({ AccessToken: anna.accessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await events())[0]).toMatchObject({ kind: 'MFA_CHANGED', detail: null });
  });

  it('shows an application connected on the consent page and disconnected in the settings, by its name', async () => {
    const verifier = 'annas-verifier-0123456789abcdef0123456789abcdef';
    const allowed = await t.call({
      method: 'POST',
      url: '/api/oauth2/authenticate',
      headers: anna.headers,
      payload: {
        response_type: 'code',
        client_id: DEMO_OAUTH_CLIENT_ID,
        redirect_uri: new URL(DEMO_OAUTH_REDIRECT_PATH, t.config.publicUrl).toString(),
        scope: 'depot:read',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        decision: 'allow',
      },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await events())[0]).toMatchObject({ kind: 'OAUTH_GRANTED', detail: 'Depotanalyse (Demo)' });

    const [grant] = (await t.call({ method: 'GET', url: '/api/oauthsession', headers: anna.headers })).json() as { id: string }[];
    expect((await t.call({ method: 'DELETE', url: `/api/oauthsession/${grant!.id}`, headers: anna.headers })).statusCode).toBe(204);
    expect((await events()).slice(0, 2).map((e) => [e.kind, e.detail])).toEqual([
      ['OAUTH_REVOKED', 'Depotanalyse (Demo)'],
      ['OAUTH_GRANTED', 'Depotanalyse (Demo)'],
    ]);
  });
});
