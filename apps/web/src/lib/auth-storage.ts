import type { KeyValueStorageInterface } from 'aws-amplify/utils';

/**
 * Where the identity client keeps its state (spec §9; decision docs/decisions/002-token-storage.md).
 *
 * - Tokens (access, id, refresh), the last user and the clock drift live in sessionStorage: they
 *   end with the tab, and they are not in localStorage (feature flag tokensInLocalStorage=false).
 * - The remembered-device keys (deviceKey, deviceGroupKey, randomPasswordKey) live in
 *   localStorage, so a device the customer chose to remember is still known after the tab closes.
 *   They prove "this browser", not "this customer": without the password they sign in nobody.
 * - When a storage is unavailable (private mode, blocked cookies, quota) the value is kept in
 *   memory instead (spec §9 "falls back to memory"); a reload then signs the customer out.
 */

export const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';
const DEVICE_KEY_SUFFIXES = ['.deviceKey', '.deviceGroupKey', '.randomPasswordKey'] as const;

export function isDeviceKey(key: string): boolean {
  return DEVICE_KEY_SUFFIXES.some((suffix) => key.endsWith(suffix));
}

type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** A Web Storage that works right now, or null (access can throw, writes can throw). */
export function usableStorage(get: () => SyncStorage | null | undefined): SyncStorage | null {
  try {
    const storage = get();
    if (!storage) return null;
    const probe = '__kontor_storage_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function createMemoryStorage(): SyncStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** One storage with a memory fallback for the writes it refuses. */
function withMemoryFallback(primary: SyncStorage | null) {
  const memory = createMemoryStorage();
  return {
    get(key: string): string | null {
      if (primary) {
        try {
          const value = primary.getItem(key);
          if (value !== null) return value;
        } catch {
          // fall through to memory
        }
      }
      return memory.getItem(key);
    },
    set(key: string, value: string) {
      if (primary) {
        try {
          primary.setItem(key, value);
          memory.removeItem(key);
          return;
        } catch {
          // quota or access denied: keep it for this page's life
        }
      }
      memory.setItem(key, value);
    },
    remove(key: string) {
      memory.removeItem(key);
      try {
        primary?.removeItem(key);
      } catch {
        // nothing to remove where we cannot reach
      }
    },
    keys(): string[] {
      const found = new Set<string>();
      for (const store of [primary, memory]) {
        if (!store) continue;
        try {
          for (let i = 0; i < store.length; i++) {
            const key = store.key(i);
            if (key) found.add(key);
          }
        } catch {
          // unreachable storage has no keys for us
        }
      }
      return [...found];
    },
  };
}

export type TokenStorage = KeyValueStorageInterface & {
  /** The device key of the browser for the last signed-in user, if it has one. */
  currentDeviceKey(clientId: string): string | null;
  /** The refresh token of the last signed-in user (to revoke it at sign-out). */
  refreshToken(clientId: string): string | null;
  /** The access token of the last signed-in user (its expiry decides when to refresh). */
  accessToken(clientId: string): string | null;
};

export type TokenStorageOptions = {
  /** Defaults to window.sessionStorage when usable. */
  session?: SyncStorage | null;
  /** Defaults to window.localStorage when usable. */
  local?: SyncStorage | null;
  /** Feature flag tokensInLocalStorage (spec §9): false keeps tokens out of localStorage. */
  tokensInLocalStorage?: boolean;
};

const browserStorage = (name: 'sessionStorage' | 'localStorage') => () =>
  typeof window === 'undefined' ? null : (window[name] as SyncStorage | undefined);

export function createTokenStorage(options: TokenStorageOptions = {}): TokenStorage {
  const local = withMemoryFallback(options.local !== undefined ? options.local : usableStorage(browserStorage('localStorage')));
  const session = options.tokensInLocalStorage
    ? local
    : withMemoryFallback(options.session !== undefined ? options.session : usableStorage(browserStorage('sessionStorage')));
  const place = (key: string) => (isDeviceKey(key) ? local : session);

  const storage: TokenStorage = {
    async setItem(key, value) {
      place(key).set(key, value);
    },
    async getItem(key) {
      return place(key).get(key);
    },
    async removeItem(key) {
      place(key).remove(key);
    },
    /** Removes only the identity client's keys, never anything else the app keeps there. */
    async clear() {
      for (const store of new Set([session, local])) {
        for (const key of store.keys()) if (key.startsWith(`${AUTH_KEY_PREFIX}.`)) store.remove(key);
      }
    },
    currentDeviceKey(clientId) {
      const user = session.get(`${AUTH_KEY_PREFIX}.${clientId}.LastAuthUser`);
      return user ? local.get(`${AUTH_KEY_PREFIX}.${clientId}.${user}.deviceKey`) : null;
    },
    refreshToken(clientId) {
      const user = session.get(`${AUTH_KEY_PREFIX}.${clientId}.LastAuthUser`);
      return user ? session.get(`${AUTH_KEY_PREFIX}.${clientId}.${user}.refreshToken`) : null;
    },
    accessToken(clientId) {
      const user = session.get(`${AUTH_KEY_PREFIX}.${clientId}.LastAuthUser`);
      return user ? session.get(`${AUTH_KEY_PREFIX}.${clientId}.${user}.accessToken`) : null;
    },
  };
  return storage;
}
