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
import type { Db } from '../platform/db.ts';
import { identityStore } from './store.ts';

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
    forgetVerifiedTokens: kit.forgetVerified,
    /** Creates a confirmed user directly (seed, tests); the password is turned into a verifier. */
    createUser: async (p: NewPoolUser) => store.insertUser(await poolUserRow(pool.poolId, now(), p, kit.pow)),
  };
}
export type IdentityService = ReturnType<typeof identityService>;

export type NewPoolUser = { username: string; password: string; attributes: Record<string, string>; smsMfa?: boolean; status?: string };

/** The row of a new user; the password becomes an SRP verifier (the realm is the pool id's part after `_`). */
async function poolUserRow(poolId: string, at: Date, p: NewPoolUser, pow?: srp.PowModN) {
  const sub = randomUUID();
  return {
    sub,
    poolId,
    username: p.username.toLowerCase(),
    ...(await srp.createVerifier(poolId.split('_')[1] ?? poolId, sub, p.password, pow)),
    status: p.status ?? 'CONFIRMED',
    attributes: p.attributes,
    smsMfaEnabled: p.smsMfa ?? false,
    preferredMfa: p.smsMfa ? 'SMS_MFA' : null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Users of the embedded pool made inside the caller's transaction (account opening makes the user
 * with the rest of the customer at once). A provider's pool would take AdminCreateUser here.
 */
export type PoolUsers = {
  subOf(tx: Db, email: string): Promise<string | null>;
  create(tx: Db, p: NewPoolUser): Promise<string>;
};

export function embeddedPoolUsers(poolId: string, clock: { now(): Date }): PoolUsers {
  return {
    subOf: async (tx, email) => (await identityStore(tx).findUser(poolId, email))?.sub ?? null,
    create: async (tx, p) => (await identityStore(tx).insertUser(await poolUserRow(poolId, clock.now(), p))).sub,
  };
}
