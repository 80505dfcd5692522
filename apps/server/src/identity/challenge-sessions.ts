import { randomBytes } from 'node:crypto';
import { idErr } from './errors.ts';
import type { PoolSettings } from './pool-settings.ts';
import type { IdentityStore, UserRow } from './store.ts';

/** The state of a sign-in between two challenges, named by the opaque Session the client sends back. */
export function challengeSessions(deps: { store: IdentityStore; pool: PoolSettings; now: () => Date }) {
  const { store, pool, now } = deps;
  // Abandoned sign-ins leave challenge state behind; it is cleared at most once a minute, by
  // whichever process signs someone in (the delete is idempotent).
  let lastPurge = 0;
  async function purgeExpiredSessions() {
    if (now().getTime() - lastPurge < 60_000) return;
    lastPurge = now().getTime();
    await store.purgeSessions(now());
    await store.purgeUnknownAttempts(new Date(now().getTime() - 24 * 60 * 60_000));
  }
  async function newSession(user: UserRow, challenge: string, data: Record<string, unknown>) {
    const id = randomBytes(48).toString('base64');
    await store.insertSession({ id, sub: user.sub, challenge, data, expiresAt: new Date(now().getTime() + pool.challengeTtlMs) });
    return id;
  }
  async function sessionFor(id: string, challenge: string) {
    const found = await store.sessionWithUser(id, now());
    if (!found || found.session.challenge !== challenge || !found.user) throw idErr.notAuthorized('Invalid session for the user, session is expired.');
    return { session: found.session, user: found.user };
  }
  return { purgeExpiredSessions, newSession, sessionFor };
}
