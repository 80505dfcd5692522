import { idErr } from './errors.ts';
import type { PoolSettings } from './pool-settings.ts';
import { type Body, str } from './protocol.ts';
import type { IdentityStore, UserRow } from './store.ts';
import type { TokenIssuer } from './tokens.ts';

/** `session`: the sign-in the token belongs to (its family's origin_jti, kept across refreshes); `signedInAt`: its auth_time. */
type Verified = { user: UserRow; deviceKey?: string; session: string; signedInAt?: Date };

/**
 * The check of an access token: signature and claims, an unrevoked refresh-token family, an
 * existing and enabled user. The API guard runs it on every request and remembers a token that
 * passed until it expires. Only a revoked family or a deleted (or disabled) user can make it fail
 * sooner, so each action that writes one of those runs the write through `revoking`, which makes
 * this process forget every remembered token at once, and tells the other processes to do the
 * same (`onRevoked`, through the bus). A password change or a forgotten device
 * leaves issued tokens valid, as with the provider, and needs no call.
 */
export function accessTokens(deps: { store: IdentityStore; tokens: TokenIssuer; pool: PoolSettings; now: () => Date; onRevoked?: () => void }) {
  const { store, tokens, pool, now } = deps;
  let generation = 0;
  const verified = new Map<string, { result: Verified; generation: number; expiresMs: number }>();

  /** A valid, unrevoked access token of an existing user (for actions that take AccessToken). */
  async function authenticated(body: Body): Promise<Verified & { expiresMs: number }> {
    const claims = await tokens.verifyAccess(str(body, 'AccessToken', { max: 8192 }), pool.clientIds);
    if (!claims) throw idErr.notAuthorized('Invalid Access Token');
    const found = await store.familyWithUser(claims.origin_jti);
    if (!found || found.family.revokedAt || found.family.sub !== claims.sub) throw idErr.notAuthorized('Access Token has been revoked');
    const { user } = found;
    if (!user.enabled) throw idErr.notAuthorized('Invalid Access Token');
    const signedInAt = typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : undefined;
    return { user, deviceKey: claims.device_key, session: claims.origin_jti, signedInAt, expiresMs: (claims.exp ?? 0) * 1000 };
  }

  return {
    authenticated,
    /** For the API guard: a valid, unrevoked access token of an enabled user, or null. */
    async verifyAccessToken(token: string): Promise<Verified | null> {
      const hit = verified.get(token);
      if (hit && hit.generation === generation && hit.expiresMs > now().getTime()) return hit.result;
      const before = generation;
      try {
        const { expiresMs, ...result } = await authenticated({ AccessToken: token });
        if (before === generation) {
          if (verified.size >= 10_000) verified.clear();
          verified.set(token, { result, generation: before, expiresMs });
        }
        return result;
      } catch {
        return null;
      }
    },
    /**
     * Runs a write that revokes tokens. The generation moves before and after it, so neither the
     * tokens remembered so far nor a check that overlaps the write is trusted afterwards.
     */
    async revoking(write: () => Promise<void>): Promise<void> {
      generation++;
      try {
        await write();
      } finally {
        generation++;
        deps.onRevoked?.();
      }
    },
    /** Another process revoked tokens: nothing verified so far is trusted any longer. */
    forgetVerified(): void {
      generation++;
    },
  };
}
