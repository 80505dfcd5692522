import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_KEY_PREFIX, createMemoryStorage, createTokenStorage, usableStorage } from './auth-storage';

const CLIENT = '4k0nt0rweb1c1ient0000000a';
const USER = '6d1c7f0e-user';
const key = (name: string) => `${AUTH_KEY_PREFIX}.${CLIENT}.${USER}.${name}`;
const LAST_USER = `${AUTH_KEY_PREFIX}.${CLIENT}.LastAuthUser`;

/** What the identity client writes after a sign-in on a new device. */
async function signInWrites(storage: ReturnType<typeof createTokenStorage>) {
  await storage.setItem(LAST_USER, USER);
  await storage.setItem(key('accessToken'), 'eyJ.access.token');
  await storage.setItem(key('idToken'), 'eyJ.id.token');
  await storage.setItem(key('refreshToken'), 'refresh-token');
  await storage.setItem(key('clockDrift'), '0');
  await storage.setItem(key('signInDetails'), '{"loginId":"demo@kontor.example"}');
  await storage.setItem(key('deviceKey'), 'eu-central-1_device');
  await storage.setItem(key('deviceGroupKey'), '-group');
  await storage.setItem(key('randomPasswordKey'), 'random-password');
}

/** A storage that exists but refuses every access, like Safari's private mode used to. */
const brokenStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  key: () => null,
  length: 0,
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('token storage', () => {
  it('never puts a token into localStorage; tokens go to sessionStorage', async () => {
    const storage = createTokenStorage();
    await signInWrites(storage);
    const localKeys = Object.keys(localStorage);
    expect(localKeys.sort()).toEqual([key('deviceGroupKey'), key('deviceKey'), key('randomPasswordKey')].sort());
    for (const value of Object.values(localStorage)) expect(value).not.toMatch(/token/);
    expect(sessionStorage.getItem(key('accessToken'))).toBe('eyJ.access.token');
    expect(sessionStorage.getItem(key('refreshToken'))).toBe('refresh-token');
    expect(await storage.getItem(key('idToken'))).toBe('eyJ.id.token');
  });

  it('a remembered device survives a closed tab; the tokens do not', async () => {
    await signInWrites(createTokenStorage());
    sessionStorage.clear(); // the tab is closed
    const next = createTokenStorage();
    expect(await next.getItem(key('accessToken'))).toBeNull();
    expect(await next.getItem(key('deviceKey'))).toBe('eu-central-1_device');
    expect(await next.getItem(key('randomPasswordKey'))).toBe('random-password');
  });

  it('removes device keys from localStorage (the client clears them when the pool no longer knows the device)', async () => {
    const storage = createTokenStorage();
    await signInWrites(storage);
    await storage.removeItem(key('deviceKey'));
    await storage.removeItem(key('deviceGroupKey'));
    await storage.removeItem(key('randomPasswordKey'));
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('falls back to memory when sessionStorage and localStorage are unavailable', async () => {
    const storage = createTokenStorage({ session: usableStorage(() => brokenStorage), local: usableStorage(() => brokenStorage) });
    await signInWrites(storage);
    expect(await storage.getItem(key('accessToken'))).toBe('eyJ.access.token');
    expect(await storage.getItem(key('deviceKey'))).toBe('eu-central-1_device');
    expect(storage.currentDeviceKey(CLIENT)).toBe('eu-central-1_device');
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('falls back to memory for a write the storage refuses (quota), and reads it back', async () => {
    const session = createMemoryStorage();
    session.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const storage = createTokenStorage({ session });
    await storage.setItem(key('accessToken'), 'kept-in-memory');
    expect(await storage.getItem(key('accessToken'))).toBe('kept-in-memory');
    await storage.removeItem(key('accessToken'));
    expect(await storage.getItem(key('accessToken'))).toBeNull();
  });

  it('with the feature flag tokensInLocalStorage on, tokens go to localStorage', async () => {
    const storage = createTokenStorage({ tokensInLocalStorage: true });
    await signInWrites(storage);
    expect(localStorage.getItem(key('accessToken'))).toBe('eyJ.access.token');
  });

  it('clear() removes only identity keys', async () => {
    localStorage.setItem('kontor-theme', 'dark');
    sessionStorage.setItem('aorefid', '/orders');
    const storage = createTokenStorage();
    await signInWrites(storage);
    await storage.clear();
    expect(Object.keys(localStorage)).toEqual(['kontor-theme']);
    expect(Object.keys(sessionStorage)).toEqual(['aorefid']);
  });

  it('knows the current device key and refresh token of the last user', async () => {
    const storage = createTokenStorage();
    expect(storage.currentDeviceKey(CLIENT)).toBeNull();
    await signInWrites(storage);
    expect(storage.currentDeviceKey(CLIENT)).toBe('eu-central-1_device');
    expect(storage.refreshToken(CLIENT)).toBe('refresh-token');
  });
});
