import { IdentityError, idErr, LOCKED_MESSAGE, lastAttemptMessage } from './errors.ts';
import type { SecurityEvents } from './pool-kit.ts';
import type { PoolSettings } from './pool-settings.ts';
import type { IdentityStore, UserRow } from './store.ts';

/** Failed attempts: wrong passwords and codes count alike, and too many lock the account for a while. */
export function lockout(deps: { store: IdentityStore; pool: PoolSettings; now: () => Date; events: SecurityEvents }) {
  const { store, pool, now, events } = deps;
  function assertNotLocked(user: UserRow) {
    if (user.lockedUntil && user.lockedUntil > now()) throw idErr.notAuthorized(LOCKED_MESSAGE);
  }
  async function failed(user: UserRow, error: IdentityError): Promise<never> {
    const n = await store.countFailure(user.sub, now());
    // A wrong password or code, at sign-in or when proving oneself again, shows as a failed sign-in.
    await events.record(user.sub, 'SIGN_IN_FAILED');
    if (n >= pool.maxFailedAttempts) {
      await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: new Date(now().getTime() + pool.lockMs) });
      await events.record(user.sub, 'LOCKED_OUT');
      throw idErr.notAuthorized(LOCKED_MESSAGE);
    }
    if (n === pool.maxFailedAttempts - 1) throw new IdentityError(error.type, lastAttemptMessage(error.message));
    throw error;
  }
  async function succeeded(user: UserRow) {
    if (user.failedAttempts !== 0 || user.lockedUntil) await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: null });
  }
  // A name the pool does not know is counted and locked the same way, so the warning before the
  // lock and the lock itself tell nothing about who is a customer.
  async function assertNameNotLocked(username: string) {
    const row = await store.unknownAttempts(pool.poolId, username);
    if (row?.lockedUntil && row.lockedUntil > now()) throw idErr.notAuthorized(LOCKED_MESSAGE);
  }
  async function failedName(username: string, error: IdentityError): Promise<never> {
    const n = await store.countUnknownFailure(pool.poolId, username, now());
    if (n >= pool.maxFailedAttempts) {
      await store.lockUnknown(pool.poolId, username, new Date(now().getTime() + pool.lockMs), now());
      throw idErr.notAuthorized(LOCKED_MESSAGE);
    }
    if (n === pool.maxFailedAttempts - 1) throw new IdentityError(error.type, lastAttemptMessage(error.message));
    throw error;
  }
  return { assertNotLocked, failed, succeeded, assertNameNotLocked, failedName };
}
export type Lockout = ReturnType<typeof lockout>;
