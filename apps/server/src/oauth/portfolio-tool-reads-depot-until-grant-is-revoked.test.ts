import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_REDIRECT_PATH } from '@kontor/domain/oauth-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { OAUTH_AUDIENCE } from './service.ts';

let t: TestApp;
let anna: SignedInCustomer;
let redirectUri: string;

beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-oauth');
  redirectUri = new URL(DEMO_OAUTH_REDIRECT_PATH, t.config.publicUrl).toString();
});
afterAll(async () => t.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The browser part: authorize → consent page (the customer allows) → back at the client with the code. */
async function authorize(customer: SignedInCustomer, scope: string, challenge: string) {
  const query = { response_type: 'code', client_id: DEMO_OAUTH_CLIENT_ID, redirect_uri: redirectUri, scope, state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256' };
  const start = await t.call({ method: 'GET', url: '/api/oauth2/authorize', query });
  expect(start.statusCode).toBe(302);
  const consent = new URL(start.headers.location as string, 'http://x');
  expect(consent.pathname).toBe('/oauth/zustimmung');
  const params = Object.fromEntries(consent.searchParams);
  const info = await t.call({ method: 'GET', url: '/api/oauth2/authenticate', query: params, headers: customer.headers });
  expect(info.statusCode).toBe(200);
  const answer = await t.call({ method: 'POST', url: '/api/oauth2/authenticate', payload: { ...params, decision: 'allow' }, headers: customer.headers });
  expect(answer.statusCode).toBe(200);
  const back = new URL(answer.json().redirectTo);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe('st-1');
  return { info: info.json(), code: back.searchParams.get('code')! };
}

/** The tool's server part: form-encoded, no cookie, no XSRF token. */
function exchange(code: string, verifier: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: DEMO_OAUTH_CLIENT_ID, code_verifier: verifier }).toString(),
  });
}

async function grantedToken(scope: string) {
  const { verifier, challenge } = pkce();
  const { code } = await authorize(anna, scope, challenge);
  const res = await exchange(code, verifier);
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a portfolio tool connected by the customer (OAuth 2, code flow with PKCE)', () => {
  it('reads positions and orders with the token after consent, and the JWKS verifies the token', async () => {
    const { verifier, challenge } = pkce();
    const { info, code } = await authorize(anna, 'depot:read orders:read', challenge);
    expect(info).toEqual({ clientId: DEMO_OAUTH_CLIENT_ID, clientName: 'Depotanalyse (Demo)', scopes: ['depot:read', 'orders:read'] });
    const res = await exchange(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { access_token: token, token_type, scope } = res.json();
    expect({ token_type, scope }).toEqual({ token_type: 'Bearer', scope: 'depot:read orders:read' });

    const jwks = (await t.app.inject({ method: 'GET', url: '/api/oauth2/key' })).json();
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { audience: OAUTH_AUDIENCE, currentDate: t.clock.now() });
    expect(payload.sub).toBe(anna.sub);

    expect((await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/trading/orders', headers: bearer(token) })).statusCode).toBe(200);
    // The code is spent: a second exchange is refused (and ends the grant, as it was seen twice).
    expect((await exchange(code, verifier)).json().error).toBe('invalid_grant');
    expect((await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses a code with the wrong code_verifier, and plain PKCE or none at all', async () => {
    const { challenge } = pkce();
    const { code } = await authorize(anna, 'depot:read', challenge);
    const res = await exchange(code, pkce().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('Code-Verifier') });
    // A code lives a minute.
    const late = pkce();
    const { code: lateCode } = await authorize(anna, 'depot:read', late.challenge);
    t.clock.advance(61_000);
    expect((await exchange(lateCode, late.verifier)).json().error).toBe('invalid_grant');

    const plain = await t.call({
      method: 'GET',
      url: '/api/oauth2/authorize',
      query: { response_type: 'code', client_id: DEMO_OAUTH_CLIENT_ID, redirect_uri: redirectUri, scope: 'depot:read', code_challenge: challenge, code_challenge_method: 'plain' },
    });
    expect(new URL(plain.headers.location as string).searchParams.get('error')).toBe('invalid_request');
    // An unknown redirect URI is never redirected to.
    const foreign = await t.call({
      method: 'GET',
      url: '/api/oauth2/authorize',
      query: { response_type: 'code', client_id: DEMO_OAUTH_CLIENT_ID, redirect_uri: 'https://evil.example/cb', scope: 'depot:read', code_challenge: challenge, code_challenge_method: 'S256' },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('lets a depot:read token read positions but not orders, and no token writes or reads anything else', async () => {
    const token = await grantedToken('depot:read');
    expect((await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) })).statusCode).toBe(200);
    const orders = await t.app.inject({ method: 'GET', url: '/api/trading/orders', headers: bearer(token) });
    expect(orders.statusCode).toBe(403);
    expect(orders.json().message).toMatch(/keine Freigabe/);

    const full = await grantedToken('depot:read orders:read');
    const write = await t.app.inject({ method: 'POST', url: '/api/trading', headers: bearer(full), payload: { isin: 'DE0007164600', side: 'BUY', quantity: '1' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/nur Depot und Orders lesen/);
    for (const url of ['/api/wl', '/api/oauthsession', '/api/usersettings']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(full) })).statusCode).toBe(403);
    }
  });

  it('lists the grant under the customer and ends its token at once when revoked; another customer gets 404', async () => {
    const token = await grantedToken('depot:read orders:read');
    await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) });
    const grants = (await t.call({ method: 'GET', url: '/api/oauthsession', headers: anna.headers })).json();
    // A new consent of the same application replaced the earlier ones.
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ clientName: 'Depotanalyse (Demo)', scopes: ['depot:read', 'orders:read'], lastUsedAt: expect.any(String) });

    const bert = await signedInCustomer(t.app, t.database.db, 'bert-oauth');
    expect((await t.call({ method: 'DELETE', url: `/api/oauthsession/${grants[0].id}`, headers: bert.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) })).statusCode).toBe(200);

    expect((await t.call({ method: 'DELETE', url: `/api/oauthsession/${grants[0].id}`, headers: anna.headers })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/trading/positions', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/oauthsession', headers: anna.headers })).json()).toEqual([]);
  });

  it('sends a denied consent back to the application with access_denied and grants nothing', async () => {
    const { challenge } = pkce();
    const params = { response_type: 'code', client_id: DEMO_OAUTH_CLIENT_ID, redirect_uri: redirectUri, scope: 'orders:read', state: 's', code_challenge: challenge, code_challenge_method: 'S256' };
    const answer = await t.call({ method: 'POST', url: '/api/oauth2/authenticate', payload: { ...params, decision: 'deny' }, headers: anna.headers });
    expect(new URL(answer.json().redirectTo).searchParams.get('error')).toBe('access_denied');
    expect((await t.call({ method: 'GET', url: '/api/oauthsession', headers: anna.headers })).json()).toEqual([]);
  });
});
