import type { SecurityEventKind } from '@kontor/domain/security-log-contracts';
import type { Messenger } from '../outbox/service.ts';
import type { Clock } from '../platform/clock.ts';
import { accessTokens } from './access-tokens.ts';
import { challengeSessions } from './challenge-sessions.ts';
import { idErr } from './errors.ts';
import { lockout } from './lockout.ts';
import { oneTimeCodes, smsCodeChallenge } from './one-time-codes.ts';
import { type PowModN, powModNHere } from './srp.ts';
import type { CustomAuthHook, PoolSettings } from './pool-settings.ts';
import { type Body, str } from './protocol.ts';
import type { IdentityStore } from './store.ts';
import { tokenGrants } from './token-grants.ts';
import type { TokenIssuer } from './tokens.ts';

export type IdentityDeps = {
  store: IdentityStore;
  clock: Clock;
  messenger: Messenger;
  tokens: TokenIssuer;
  pool: PoolSettings;
  customAuth?: CustomAuthHook;
  /** After a write that revoked tokens: the other processes forget the tokens they verified. */
  onRevoked?: () => void;
  /** The security log: sign-ins, failed attempts, lockouts, second-factor changes (none when not given). */
  events?: SecurityEvents;
  /** Whether a sign-in still waits for its approval in the Kontor app: it may change nothing of the account. */
  sessionWaiting?: (sub: string, session: string) => Promise<boolean>;
  /** Where SRP's modular powers run: this thread unless a worker pool is given (srp-workers.ts). */
  pow?: PowModN;
};

/** Where the pool reports what the customer's security log shows. */
export type SecurityEvents = { record(sub: string, kind: SecurityEventKind): Promise<void> };
const NO_EVENTS: SecurityEvents = { record: async () => {} };

/**
 * What the groups of actions share, built once per pool: its settings, the lockout, one-time
 * codes, challenge sessions, and the tokens handed out and checked.
 */
export function poolKit(deps: IdentityDeps) {
  const { store, clock, messenger, tokens, pool } = deps;
  const now = () => clock.now();
  const realm = pool.poolId.split('_')[1] ?? pool.poolId;
  const region = pool.poolId.split('_')[0] ?? 'eu-central-1';
  const events = deps.events ?? NO_EVENTS;
  const locks = lockout({ store, pool, now, events });

  function checkClient(body: Body): string {
    const clientId = str(body, 'ClientId');
    if (!pool.clientIds.includes(clientId)) throw idErr.resourceNotFound(`User pool client ${clientId} does not exist.`);
    return clientId;
  }

  const tokenChecks = accessTokens({ store, tokens, pool, now, onRevoked: deps.onRevoked });
  /**
   * A valid access token whose sign-in may change the account (password, attributes, second
   * factors, devices): one that still waits for its approval in the app may not.
   */
  async function authenticatedForChange(body: Body) {
    const verified = await tokenChecks.authenticated(body);
    if (deps.sessionWaiting && (await deps.sessionWaiting(verified.user.sub, verified.session))) {
      throw idErr.notAuthorized('This sign-in has not been approved in the Kontor app yet.');
    }
    return verified;
  }

  /** Tells the customer on the address they have now that something about their access changed. */
  async function tell(user: { attributes: Record<string, string> }, text: string) {
    if (user.attributes.email) await messenger.send({ recipient: user.attributes.email, channel: 'email', text });
  }

  return {
    store,
    messenger,
    tell,
    authenticatedForChange,
    pool,
    now,
    realm,
    pow: deps.pow ?? powModNHere,
    checkClient,
    events,
    customAuth: deps.customAuth ?? smsCodeChallenge(messenger),
    ...locks,
    ...oneTimeCodes({ store, messenger, pool, now, lockout: locks }),
    ...challengeSessions({ store, pool, now }),
    ...tokenGrants({ store, tokens, now, region, events }),
    ...tokenChecks,
  };
}
export type PoolKit = ReturnType<typeof poolKit>;
