import { randomUUID } from 'node:crypto';
import { accountActions } from './account-actions.ts';
import { deviceActions } from './device-actions.ts';
import { IdentityError } from './errors.ts';
import { mfaActions } from './mfa-actions.ts';
import { type IdentityDeps, poolKit } from './pool-kit.ts';
import type { Action, Body, Ctx } from './protocol.ts';
import { signInActions } from './sign-in-actions.ts';
import * as srp from './srp.ts';
import { tokenActions } from './token-actions.ts';
import { userActions } from './user-actions.ts';

/** Kontor's user pool: the provider's wire protocol, one action per X-Amz-Target, grouped by job. */
export function identityService(deps: IdentityDeps) {
  const kit = poolKit(deps);
  const { store, pool, realm, now } = kit;
  const actions: Record<string, Action> = {
    ...signInActions(kit),
    ...mfaActions(kit),
    ...deviceActions(kit),
    ...tokenActions(kit),
    ...accountActions(kit),
    ...userActions(kit),
  };

  return {
    actions,
    realm,
    async dispatch(action: string, body: Body, ctx: Ctx): Promise<unknown> {
      const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
      if (!handler) throw new IdentityError('UnknownOperationException', `Unknown operation ${action}`);
      return handler(body, ctx);
    },
    verifyAccessToken: kit.verifyAccessToken,
    /** Creates a confirmed user directly (seed, tests); the password is turned into a verifier. */
    async createUser(p: { username: string; password: string; attributes: Record<string, string>; smsMfa?: boolean; status?: string }) {
      const sub = randomUUID();
      return store.insertUser({
        sub,
        poolId: pool.poolId,
        username: p.username.toLowerCase(),
        ...srp.createVerifier(realm, sub, p.password),
        status: p.status ?? 'CONFIRMED',
        attributes: p.attributes,
        smsMfaEnabled: p.smsMfa ?? false,
        preferredMfa: p.smsMfa ? 'SMS_MFA' : null,
        createdAt: now(),
        updatedAt: now(),
      });
    },
  };
}
export type IdentityService = ReturnType<typeof identityService>;
