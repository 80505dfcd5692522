import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCustomer, testIdentity } from '../test/fixtures';
import { ApiError, type ApiClient } from './api-client';
import { createAuth, createAuthStore, currentAccessToken, lazyIdentityClient, type IdentityClient } from './auth';
import { createTokenStorage } from './auth-storage';

const accessToken = (name: string, exp = Math.floor(Date.now() / 1000) + 3600) => ({ toString: () => name, payload: { exp } });
const networkError = () => Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
const unauthorized = (url: string) => new ApiError({ message: 'Bitte melden Sie sich an, um fortzufahren.', status: 401, errors: [] } as never, 'GET', url);

/** The identity client with a user and tokens; forceRefresh yields a new token and the tokenRefresh event. */
function fakeClient(options: { hasUser?: boolean; refresh?: () => Promise<unknown> } = {}) {
  let handler: (event: string, data?: unknown) => void = () => {};
  let token = accessToken('access-1');
  const client = {
    getCurrentUser: vi.fn(async () => {
      if (options.hasUser === false) throw Object.assign(new Error('User needs to be authenticated'), { name: 'UserUnAuthenticatedException' });
      return { username: testCustomer.sub };
    }),
    fetchAuthSession: vi.fn(async (opts?: { forceRefresh?: boolean }) => {
      if (opts?.forceRefresh) {
        const result = options.refresh ? await options.refresh() : undefined;
        if (result === 'refused') {
          handler('tokenRefresh_failure', { error: Object.assign(new Error('Invalid Refresh Token'), { name: 'NotAuthorizedException' }) });
          return {};
        }
        token = accessToken('access-2');
        handler('tokenRefresh');
      }
      return { tokens: { accessToken: token } };
    }),
    signOut: vi.fn(async () => {}),
    listen: vi.fn((h: typeof handler) => {
      handler = h;
      return () => {};
    }),
  } satisfies IdentityClient;
  return { client, emit: (event: string, data?: unknown) => handler(event, data) };
}

function fakeApi(routes: Record<string, (body?: unknown) => unknown>) {
  const request = vi.fn(async (method: string, url: string, options?: { body?: unknown }) => {
    const route = routes[`${method} ${url}`];
    if (!route) throw new Error(`unexpected ${method} ${url}`);
    return route(options?.body);
  });
  return { api: { request } as unknown as ApiClient, request };
}

const noWait = { sleep: async () => {} };
/** The server's answer to /api/auth/login and /api/auth/tokenrefresh. */
const apiSession = () => ({ sub: testCustomer.sub, expiresAt: '2030-01-01T00:00:00.000Z' });

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`;

/** The token storage of a browser where the customer signed in before (the identity client wrote it). */
function storedSession(accessToken?: string) {
  const storage = createTokenStorage();
  const prefix = `CognitoIdentityServiceProvider.${testIdentity.userPoolClientId}`;
  void storage.setItem(`${prefix}.LastAuthUser`, testCustomer.sub);
  void storage.setItem(`${prefix}.${testCustomer.sub}.refreshToken`, 'the-refresh-token');
  if (accessToken) void storage.setItem(`${prefix}.${testCustomer.sub}.accessToken`, accessToken);
  return storage;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('auth at start', () => {
  it('signedIn when the identity client has a user and the API session is valid', async () => {
    const { client } = fakeClient();
    const { api } = fakeApi({ 'GET /api/user/me': () => testCustomer });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api });
    expect(auth.store.getSnapshot().status).toBe('loading');
    await auth.start();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedIn', user: testCustomer });
  });

  it('signedOut when the API session is gone and the identity client has no user (the API is asked first, nothing more)', async () => {
    const { client } = fakeClient({ hasUser: false });
    const { api, request } = fakeApi({
      'GET /api/user/me': () => {
        throw unauthorized('/api/user/me');
      },
    });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api });
    await auth.start();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut' });
    expect(request.mock.calls.map(([method, url]) => `${method} ${url}`)).toEqual(['GET /api/user/me']);
  });

  it('an expired API session is renewed with a refresh, and the new token goes to /api/auth/tokenrefresh', async () => {
    const { client } = fakeClient();
    let session = false;
    const { api, request } = fakeApi({
      'POST /api/auth/tokenrefresh': () => {
        session = true;
        return apiSession();
      },
      'GET /api/user/me': () => {
        if (!session) throw unauthorized('/api/user/me');
        return testCustomer;
      },
    });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api });
    await auth.start();
    expect(auth.store.getSnapshot().status).toBe('signedIn');
    const refreshes = request.mock.calls.filter(([m, u]) => m === 'POST' && u === '/api/auth/tokenrefresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]![2]).toMatchObject({ body: { accessToken: 'access-2' } });
  });

  it('without a user pool in the configuration: signed out, sign-in unavailable', async () => {
    const auth = createAuth({ identity: null, client: null, storage: createTokenStorage() });
    await auth.start();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut', reason: 'unavailable' });
  });
});

describe('the customer after an attribute changed', () => {
  it('reloadCustomer shows the customer as the API now has it (e.g. a new mobile number)', async () => {
    const { client } = fakeClient();
    let me = { ...testCustomer, phoneNumber: null as string | null };
    const { api } = fakeApi({ 'GET /api/user/me': () => me });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api });
    await auth.start();
    me = { ...testCustomer, phoneNumber: '+4915799990000' };
    await auth.reloadCustomer();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedIn', user: me });
  });

  it('reloadCustomer does not sign anybody in', async () => {
    const { api, request } = fakeApi({});
    const auth = createAuth({ identity: testIdentity, client: fakeClient({ hasUser: false }).client, storage: createTokenStorage(), api });
    await auth.start();
    await auth.reloadCustomer();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut' });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('refresh', () => {
  it('network errors are retried with backoff; then the session is renewed', async () => {
    let attempts = 0;
    const { client } = fakeClient({
      refresh: async () => {
        attempts++;
        if (attempts < 3) throw networkError();
      },
    });
    const { api } = fakeApi({ 'POST /api/auth/tokenrefresh': apiSession, 'POST /api/auth/login': apiSession, 'GET /api/user/me': () => testCustomer });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api, retry: noWait });
    await auth.completeSignIn();
    await expect(auth.refreshSession()).resolves.toBe(true);
    expect(attempts).toBe(3);
  });

  it('a refused refresh token (NotAuthorized) clears the cached user: signed out, session expired', async () => {
    const { client } = fakeClient({ refresh: async () => 'refused' });
    const { api, request } = fakeApi({ 'POST /api/auth/login': apiSession, 'GET /api/user/me': () => testCustomer, 'DELETE /api/auth': () => undefined });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api, retry: noWait });
    await auth.completeSignIn();
    expect(auth.store.getSnapshot().status).toBe('signedIn');
    await expect(auth.refreshSession()).resolves.toBe(false);
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut', reason: 'expired' });
    expect(client.fetchAuthSession.mock.calls.filter(([o]) => o?.forceRefresh)).toHaveLength(1);
    expect(client.signOut).toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith('DELETE', '/api/auth', expect.anything());
  });

  it("the client's own tokenRefresh event (a lazy refresh) renews the API session", async () => {
    const { client, emit } = fakeClient();
    const { api, request } = fakeApi({ 'POST /api/auth/login': apiSession, 'GET /api/user/me': () => testCustomer, 'POST /api/auth/tokenrefresh': apiSession });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api });
    await auth.completeSignIn();
    emit('tokenRefresh');
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/api/auth/tokenrefresh', expect.objectContaining({ body: { accessToken: 'access-1' } })));
  });

  it('is scheduled before the access token expires', async () => {
    vi.useFakeTimers();
    const { client } = fakeClient();
    const { api, request } = fakeApi({ 'POST /api/auth/login': apiSession, 'GET /api/user/me': () => testCustomer, 'POST /api/auth/tokenrefresh': apiSession });
    const auth = createAuth({ identity: testIdentity, client, storage: storedSession(), api, refreshLeadMs: 120_000 });
    await auth.completeSignIn();
    await vi.advanceTimersByTimeAsync(3600_000 - 121_000);
    expect(client.fetchAuthSession).not.toHaveBeenCalledWith({ forceRefresh: true });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/api/auth/tokenrefresh', expect.anything()));
  });
});

describe('the identity client loads on demand', () => {
  it('a browser without a stored session is signed out without loading it', async () => {
    const load = vi.fn(async () => fakeClient().client);
    const storage = createTokenStorage();
    const auth = createAuth({ identity: testIdentity, client: lazyIdentityClient(testIdentity, storage, load), storage, api: fakeApi({}).api });
    await auth.start();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut' });
    expect(load).not.toHaveBeenCalled();
  });

  it('a valid API session shows the customer without it; it loads when the refresh is due by the stored token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { client } = fakeClient();
    const load = vi.fn(async () => client);
    const { api } = fakeApi({
      'GET /api/user/me': () => testCustomer,
      'POST /api/auth/tokenrefresh': apiSession,
    });
    // The access token runs out in 10 minutes; the refresh comes 2 minutes before.
    const storage = storedSession(jwt({ sub: testCustomer.sub, exp: Math.floor(Date.now() / 1000) + 600 }));
    const auth = createAuth({ identity: testIdentity, client: lazyIdentityClient(testIdentity, storage, load), storage, api, refreshLeadMs: 120_000 });
    await auth.start();
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedIn', user: testCustomer });
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(479_000);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('loads once when first asked; its events reach the handlers registered before', async () => {
    const { client, emit } = fakeClient();
    const load = vi.fn(async () => client);
    const lazy = lazyIdentityClient(testIdentity, createTokenStorage(), load);
    const events: string[] = [];
    lazy.listen((event) => events.push(event));
    await Promise.all([lazy.getCurrentUser(), lazy.fetchAuthSession()]);
    emit('tokenRefresh');
    expect(load).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['tokenRefresh']);
  });
});

describe('sign-out', () => {
  async function signedIn(fetchFn: typeof fetch, routes: Record<string, (body?: unknown) => unknown> = {}) {
    const storage = createTokenStorage();
    const prefix = `CognitoIdentityServiceProvider.${testIdentity.userPoolClientId}`;
    await storage.setItem(`${prefix}.LastAuthUser`, testCustomer.sub);
    await storage.setItem(`${prefix}.${testCustomer.sub}.refreshToken`, 'the-refresh-token');
    const { client } = fakeClient();
    const { api, request } = fakeApi({
      'POST /api/auth/login': apiSession,
      'GET /api/user/me': () => testCustomer,
      'DELETE /api/auth': () => undefined,
      ...routes,
    });
    const auth = createAuth({ identity: testIdentity, client, storage, api, fetch: fetchFn, retry: noWait });
    await auth.completeSignIn();
    return { auth, client, request };
  }

  it('revokes the refresh token, clears the tokens and the API session', async () => {
    const fetchFn = vi.fn(async () => new Response('{}', { status: 200 }));
    const { auth, client, request } = await signedIn(fetchFn as unknown as typeof fetch);
    await expect(auth.signOut()).resolves.toEqual({ complete: true });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(testIdentity.userPoolEndpoint);
    expect((init.headers as Record<string, string>)['X-Amz-Target']).toBe('AWSCognitoIdentityProviderService.RevokeToken');
    expect(JSON.parse(String(init.body))).toEqual({ ClientId: testIdentity.userPoolClientId, Token: 'the-refresh-token' });
    expect(client.signOut).toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith('DELETE', '/api/auth', expect.anything());
    expect(auth.store.getSnapshot()).toEqual({ status: 'signedOut', reason: 'signedOut' });
  });

  it('retries the revoke on network errors', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{}', { status: 200 }));
    const { auth } = await signedIn(fetchFn);
    await expect(auth.signOut()).resolves.toEqual({ complete: true });
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refused revoke, and still signs out here', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid token' }), { status: 400 }));
    const { auth, client } = await signedIn(fetchFn as unknown as typeof fetch);
    await expect(auth.signOut()).resolves.toEqual({ complete: false });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(client.signOut).toHaveBeenCalled();
    expect(auth.store.getSnapshot().status).toBe('signedOut');
  });
});

describe('the identity client with Kontor storage', () => {
  it('after configureAuth the tokens it stores are never in localStorage; device keys are', async () => {
    const { configureAuth } = await import('./auth');
    const { testConfig } = await import('../test/fixtures');
    const auth = await configureAuth({ ...testConfig(), identity: testIdentity });
    // The client loads when first asked: the sign-in screen asks it before a sign-in.
    await auth.prepareSignIn();
    const { cognitoUserPoolsTokenProvider } = await import('aws-amplify/auth/cognito');
    const { decodeJWT } = await import('aws-amplify/auth');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
      tokens: {
        accessToken: decodeJWT(jwt({ sub: testCustomer.sub, exp, origin_jti: 'o' })),
        idToken: decodeJWT(jwt({ sub: testCustomer.sub, exp })),
        refreshToken: 'the-refresh-token',
        clockDrift: 0,
        username: testCustomer.sub,
        deviceMetadata: { deviceKey: 'eu-central-1_dev', deviceGroupKey: '-grp', randomPassword: 'rnd' },
      },
    });
    const local = Object.keys(localStorage);
    expect(local.length).toBe(3);
    expect(local.every((key) => /\.(deviceKey|deviceGroupKey|randomPasswordKey)$/.test(key))).toBe(true);
    expect(Object.keys(sessionStorage).some((key) => key.endsWith('.refreshToken'))).toBe(true);
    expect(JSON.stringify(localStorage)).not.toContain('the-refresh-token');
  });
});

describe('the access token for the Authorization header (sendAuthHeaderToApi)', () => {
  const client = { fetchAuthSession: vi.fn(async () => ({ tokens: { accessToken: { toString: () => 'access-token-1', payload: {} } } })) };

  it('is the identity client\'s current access token while signed in', async () => {
    const auth = { store: createAuthStore({ status: 'signedIn', user: testCustomer }) };
    expect(await currentAccessToken(auth, client)).toBe('access-token-1');
  });

  it('is none while signed out, or when the client has no session', async () => {
    expect(await currentAccessToken({ store: createAuthStore({ status: 'signedOut', reason: 'signedOut' }) }, client)).toBeNull();
    const failing = { fetchAuthSession: vi.fn(async () => Promise.reject(new Error('No current user'))) };
    expect(await currentAccessToken({ store: createAuthStore({ status: 'signedIn', user: testCustomer }) }, failing)).toBeNull();
  });
});
