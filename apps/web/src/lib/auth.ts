import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { decodeJwt } from 'jose';
import { sessionEndpoints as apiSession } from '@kontor/domain/endpoints/session';
import type { IdentityClientConfig, RuntimeConfig } from '@kontor/domain/runtime-config';
import { api as appApi, callEndpoint, setAccessTokenSource, setUnauthorizedHandler, type ApiClient } from './api-client';
import { createTokenStorage, type TokenStorage } from './auth-storage';
import { isNetworkError, isNotAuthorized, withRetry } from './retry';

/**
 * App-wide sign-in state (spec §4) and the API session that goes with it.
 *
 * The identity client (aws-amplify) holds the tokens; the API never sees them in a header
 * (spec §9). After a sign-in and after every token refresh the access token is handed to
 * POST /api/auth/login or /api/auth/tokenrefresh, which keeps it in an httpOnly cookie.
 *
 *   const { status, user } = useAuthState();       // 'loading' | 'signedIn' | 'signedOut'
 *   const auth = useAuth(); await auth.signOut();
 */

export type AuthUser = {
  sub: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  phoneNumber: string | null;
};

export type SignedOutReason = 'signedOut' | 'expired' | 'unavailable' | 'network';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'signedOut'; reason?: SignedOutReason };

export interface AuthStore {
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  set(state: AuthState): void;
}

export function createAuthStore(initial: AuthState = { status: 'loading' }): AuthStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

export type SignOutResult = {
  /** False when the server could not be told (offline): the tokens are gone here all the same. */
  complete: boolean;
};

export interface Auth {
  readonly store: AuthStore;
  readonly identity: IdentityClientConfig | null;
  /** At start: signedIn when the identity client has a user and the API session is (made) valid. */
  start(): Promise<void>;
  /** Before a new sign-in: drops tokens left from an earlier session the API no longer accepts. */
  prepareSignIn(): Promise<void>;
  /** Loads and configures the identity client; a screen that calls the pool itself (password reset) waits for it. */
  identityReady(): Promise<void>;
  /** After the sign-in flow reached DONE: opens the API session and loads the customer. */
  completeSignIn(): Promise<AuthUser>;
  /** Revokes the refresh token (retried), clears the tokens and the API session cookie. */
  signOut(): Promise<SignOutResult>;
  /** Fresh tokens (retried on network errors); false and signed out when the pool refuses. */
  refreshSession(): Promise<boolean>;
  /** The key of this browser in the pool's device list, when it has one. */
  currentDeviceKey(): string | null;
  /** Loads the signed-in customer again, e.g. after an attribute such as the mobile number changed. */
  reloadCustomer(): Promise<void>;
}

/** What lib/auth needs from the identity client; aws-amplify in the app, a fake in tests. */
export interface IdentityClient {
  getCurrentUser(): Promise<unknown>;
  fetchAuthSession(options?: { forceRefresh?: boolean }): Promise<{ tokens?: { accessToken: { toString(): string; payload: { exp?: number } } } }>;
  signOut(): Promise<void>;
  /** Subscribes to the client's auth events (Hub 'auth' channel). */
  listen(handler: (event: string, data?: unknown) => void): () => void;
  /** Resolves once the client is loaded and configured (lazyIdentityClient); absent: it always is. */
  ready?(): Promise<void>;
}

export type AuthDeps = {
  identity: IdentityClientConfig | null;
  client: IdentityClient | null;
  storage: TokenStorage;
  api?: ApiClient;
  store?: AuthStore;
  fetch?: typeof fetch;
  /** How long before the access token expires it is refreshed. */
  refreshLeadMs?: number;
  retry?: Parameters<typeof withRetry>[1];
};

const REVOKE_TARGET = 'AWSCognitoIdentityProviderService.RevokeToken';

/** The pool's endpoint: Kontor's own (configured) or the provider's regional one. */
export function identityEndpoint(identity: IdentityClientConfig): string {
  return identity.userPoolEndpoint ?? `https://cognito-idp.${identity.region}.amazonaws.com/`;
}

/**
 * RevokeToken in the provider's wire format. The identity client's own sign-out swallows a failed
 * revoke, so Kontor revokes first, where it can retry (spec §7), then lets the client clean up.
 */
async function revokeToken(identity: IdentityClientConfig, token: string, fetchFn: typeof fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetchFn(identityEndpoint(identity), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': REVOKE_TARGET },
      body: JSON.stringify({ ClientId: identity.userPoolClientId, Token: token }),
      cache: 'no-store',
    });
  } catch (cause) {
    throw Object.assign(new Error('Network error', { cause }), { name: 'NetworkError' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
    throw Object.assign(new Error(body.message ?? `RevokeToken answered ${response.status}`), { name: body.__type ?? 'RevokeTokenError' });
  }
}

/** When the stored access token expires (seconds since 1970), if there is a readable one. */
function storedExpiry(storage: TokenStorage, clientId: string): number | undefined {
  const token = storage.accessToken(clientId);
  if (!token) return undefined;
  try {
    return decodeJwt(token).exp;
  } catch {
    return undefined;
  }
}

export function createAuth(deps: AuthDeps): Auth {
  const { identity, client, storage } = deps;
  const api = deps.api ?? appApi;
  const store = deps.store ?? createAuthStore();
  const fetchFn = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const refreshLeadMs = deps.refreshLeadMs ?? 120_000;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshing: Promise<boolean> | null = null;
  /** The API session update the client's tokenRefresh event started. */
  let syncing: Promise<void> | null = null;

  const signedIn = () => store.getSnapshot().status === 'signedIn';

  const cancelRefresh = () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
  };

  const scheduleRefresh = (exp: number | undefined) => {
    cancelRefresh();
    if (!exp) return;
    const delay = Math.max(5_000, exp * 1000 - Date.now() - refreshLeadMs);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void auth.refreshSession().catch((error: unknown) => console.warn('Token refresh failed', error));
    }, delay);
  };

  const openApiSession = (e: typeof apiSession.login | typeof apiSession.tokenRefresh, accessToken: string) =>
    withRetry(() => callEndpoint(api, e, { body: { accessToken }, skipGlobalErrorHandler: true }), deps.retry);

  const loadUser = (): Promise<AuthUser> => callEndpoint(api, apiSession.me, { skipGlobalErrorHandler: true });

  /** Spec §8: on a not-authorised refresh the cached user is cleared; the guard then shows the sign-in. */
  const expire = () => {
    cancelRefresh();
    const wasSignedIn = signedIn();
    store.set({ status: 'signedOut', reason: 'expired' });
    if (!wasSignedIn) return;
    void client?.signOut().catch(() => {});
    void callEndpoint(api, apiSession.logout, { skipGlobalErrorHandler: true }).catch(() => {});
  };

  /** The tokenRefresh event of the identity client: hand the new access token to the API. */
  const syncAfterRefresh = async () => {
    const session = await client!.fetchAuthSession();
    const token = session.tokens?.accessToken;
    if (!token) return;
    try {
      await openApiSession(apiSession.tokenRefresh, token.toString());
      scheduleRefresh(token.payload.exp);
    } catch (error) {
      if (!isNetworkError(error)) expire();
      throw error;
    }
  };

  client?.listen((event, data) => {
    if (event === 'tokenRefresh') {
      syncing = syncAfterRefresh();
      syncing.catch((error: unknown) => console.warn('API session could not be renewed', error));
    } else if (event === 'tokenRefresh_failure') {
      const error = (data as { error?: unknown } | undefined)?.error;
      if (isNotAuthorized(error) && signedIn()) expire();
    }
  });

  const auth: Auth = {
    store,
    identity,

    async start() {
      if (!identity || !client) {
        store.set({ status: 'signedOut', reason: 'unavailable' });
        return;
      }
      // Without a refresh token there is no session to resume (and no reason to load the client).
      if (!storage.refreshToken(identity.userPoolClientId)) {
        store.set({ status: 'signedOut' });
        return;
      }
      try {
        // The customer, when the API session cookie is still good (the API answers 401 when not).
        const current = await loadUser().catch((error: unknown) => {
          if (isNetworkError(error)) throw error;
          return null;
        });
        if (current) {
          // The customer shows without the identity client. It loads when the refresh is due,
          // whose time the stored access token tells.
          const user = current;
          const exp = storedExpiry(storage, identity.userPoolClientId);
          if (exp) scheduleRefresh(exp);
          else void client.fetchAuthSession().then((session) => scheduleRefresh(session.tokens?.accessToken.payload.exp), () => {});
          store.set({ status: 'signedIn', user });
          return;
        }
        const hasUser = await client.getCurrentUser().then(
          () => true,
          () => false,
        );
        if (!hasUser) {
          store.set({ status: 'signedOut' });
          return;
        }
        if (!(await auth.refreshSession())) {
          if (!signedIn()) store.set({ status: 'signedOut', reason: 'expired' });
          return;
        }
        const [session, user] = await Promise.all([client.fetchAuthSession(), loadUser()]);
        scheduleRefresh(session.tokens?.accessToken.payload.exp);
        store.set({ status: 'signedIn', user });
      } catch (error) {
        console.warn('Sign-in state could not be determined', error);
        store.set({ status: 'signedOut', reason: isNetworkError(error) ? 'network' : 'expired' });
      }
    },

    async identityReady() {
      await client?.ready?.();
    },

    async prepareSignIn() {
      if (!client) return;
      const hasUser = await client.getCurrentUser().then(
        () => true,
        () => false,
      );
      if (hasUser) await client.signOut().catch(() => {});
    },

    async completeSignIn() {
      if (!client) throw new Error('No user pool in configuration');
      const session = await client.fetchAuthSession();
      const token = session.tokens?.accessToken;
      if (!token) throw new Error('Id token and Access Token must be present.');
      await openApiSession(apiSession.login, token.toString());
      const user = await loadUser();
      scheduleRefresh(token.payload.exp);
      store.set({ status: 'signedIn', user });
      return user;
    },

    async signOut() {
      cancelRefresh();
      let complete = true;
      const refreshToken = identity ? storage.refreshToken(identity.userPoolClientId) : null;
      if (identity && refreshToken) {
        try {
          await withRetry(() => revokeToken(identity, refreshToken, fetchFn), deps.retry);
        } catch (error) {
          console.warn('The refresh token could not be revoked', error);
          complete = false;
        }
      }
      // Clears the tokens (its own revoke of the same token is harmless).
      await client?.signOut().catch((error: unknown) => console.warn('Identity client sign-out failed', error));
      try {
        await withRetry(() => callEndpoint(api, apiSession.logout, { skipGlobalErrorHandler: true }), deps.retry);
      } catch (error) {
        console.warn('The API session cookie could not be cleared', error);
        complete = false;
      }
      store.set({ status: 'signedOut', reason: 'signedOut' });
      return { complete };
    },

    refreshSession() {
      if (!client) return Promise.resolve(false);
      refreshing ??= (async () => {
        syncing = null;
        try {
          const session = await withRetry(() => client.fetchAuthSession({ forceRefresh: true }), deps.retry);
          const token = session.tokens?.accessToken;
          // No tokens after a forced refresh: the pool refused the refresh token (and the client cleared it).
          if (!token) {
            expire();
            return false;
          }
          if (syncing) await syncing;
          else await openApiSession(apiSession.tokenRefresh, token.toString());
          scheduleRefresh(token.payload.exp);
          return true;
        } catch (error) {
          if (isNetworkError(error)) throw error;
          expire();
          return false;
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },

    currentDeviceKey() {
      return identity ? storage.currentDeviceKey(identity.userPoolClientId) : null;
    },

    async reloadCustomer() {
      if (!signedIn()) return;
      const user = await loadUser();
      // Signed out while it loaded: the sign-out wins.
      if (signedIn()) store.set({ status: 'signedIn', user });
    },
  };

  return auth;
}

let appAuth: Auth | null = null;

/** The signed-in customer's access token for the Authorization header; null when signed out. */
export async function currentAccessToken(auth: Pick<Auth, 'store'>, client: Pick<IdentityClient, 'fetchAuthSession'>): Promise<string | null> {
  if (auth.store.getSnapshot().status !== 'signedIn') return null;
  const session = await client.fetchAuthSession().catch(() => null);
  return session?.tokens?.accessToken.toString() ?? null;
}

/**
 * The identity client loads when it is first asked something, not with the app: on the sign-in
 * screen of a customer who is not signed in, nobody asks before the form is used (issue 22's
 * first-load budget). Its events reach the handlers registered before it loaded.
 */
export function lazyIdentityClient(
  identity: IdentityClientConfig,
  storage: TokenStorage,
  load: () => Promise<IdentityClient> = async () => (await import('./identity-client')).amplifyClient(identity, storage),
): IdentityClient {
  let loading: Promise<IdentityClient> | null = null;
  const handlers = new Set<(event: string, data?: unknown) => void>();
  const client = (): Promise<IdentityClient> => {
    loading ??= load().then(
      (loaded) => {
        loaded.listen((event, data) => {
          for (const handler of handlers) handler(event, data);
        });
        return loaded;
      },
      (error: unknown) => {
        loading = null; // offline: the next call tries again
        throw error;
      },
    );
    return loading;
  };
  return {
    getCurrentUser: async () => (await client()).getCurrentUser(),
    fetchAuthSession: async (options) => (await client()).fetchAuthSession(options),
    signOut: async () => (await client()).signOut(),
    listen(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    ready: async () => {
      await client();
    },
  };
}

/**
 * Boot: configures the identity client for the runtime configuration and creates the app's
 * auth. API answers 401 while signed in trigger one refresh; when that fails, the customer is
 * signed out and the guard asks for a new sign-in.
 */
export async function configureAuth(config: Pick<RuntimeConfig, 'identity' | 'featureFlags'>): Promise<Auth> {
  const storage = createTokenStorage({ tokensInLocalStorage: config.featureFlags.tokensInLocalStorage });
  const client = config.identity ? lazyIdentityClient(config.identity, storage) : null;
  const auth = createAuth({ identity: config.identity, client, storage });
  // Read only when the sendAuthHeaderToApi flag made the API client ask for it.
  setAccessTokenSource(client ? () => currentAccessToken(auth, client) : null);
  setUnauthorizedHandler((error) => {
    if (auth.store.getSnapshot().status !== 'signedIn' || new URL(error.url, 'http://x').pathname.startsWith('/api/auth')) return;
    void auth.refreshSession().catch(() => {});
  });
  appAuth = auth;
  return auth;
}

/** The app's auth once boot configured it; a signed-out one without identity before. */
export function getAuth(): Auth {
  appAuth ??= createAuth({ identity: null, client: null, storage: createTokenStorage(), store: createAuthStore({ status: 'signedOut', reason: 'unavailable' }) });
  return appAuth;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ auth, children }: { auth?: Auth; children: ReactNode }) {
  return createElement(AuthContext.Provider, { value: auth ?? getAuth() }, children);
}

export function useAuth(): Auth {
  return useContext(AuthContext) ?? getAuth();
}

export function useAuthState(): AuthState {
  const { store } = useAuth();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The signed-in customer; only inside the guard. */
export function useCustomer(): AuthUser {
  const state = useAuthState();
  if (state.status !== 'signedIn') throw new Error('useCustomer() needs a signed-in customer');
  return state.user;
}
