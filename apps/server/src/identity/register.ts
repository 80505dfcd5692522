import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster/cluster.ts';
import type { Messenger } from '../outbox/service.ts';
import type { AccessTokenVerifier } from '../platform/auth.ts';
import { remotePoolVerifier } from '../platform/cognito-verifier.ts';
import type { Db } from '../platform/db.ts';
import type { SecurityEvents } from './pool-kit.ts';
import { type CustomAuthHook, DEFAULT_POOL_SETTINGS } from './pool-settings.ts';
import { identityRoutes } from './routes.ts';
import { identityService, type IdentityService } from './service.ts';
import { sessionRoutes } from './session-routes.ts';
import { srpWorkerPool } from './srp-workers.ts';
import { identityStore, type IdentityStore } from './store.ts';
import { loadSigningKeys, tokenIssuer } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded user pool (null when a real provider pool is configured); for seeding and tests. */
    identity: IdentityService | null;
    identityStore: IdentityStore | null;
  }
}

export type IdentityParts = {
  identity: IdentityService | null;
  /** The embedded pool's store; null with a provider pool. */
  idStore: IdentityStore | null;
  verify: AccessTokenVerifier;
  /** The customer's name for documents and letters (inside a transaction: read through it, PGlite has one connection). */
  customerName: (sub: string) => Promise<string>;
  customerNameIn: (tx: Db, sub: string) => Promise<string>;
};

/** Kontor's own user pool, or a real provider pool whose tokens are only verified; the session cookie's routes. */
export async function registerIdentity(
  app: FastifyInstance,
  ctx: AreaBase & {
    messenger: Messenger;
    cluster: Cluster;
    customAuth?: CustomAuthHook;
    events: SecurityEvents;
    /** The Kontor app's approval (devices, registered later): a sign-in waiting for it changes nothing. */
    sessionWaiting: (sub: string, session: string) => Promise<boolean>;
  },
): Promise<IdentityParts> {
  const { config, db, clock, cluster } = ctx;
  let identity: IdentityService | null = null;
  let idStore: IdentityStore | null = null;
  let verify: AccessTokenVerifier;
  if (config.identity.provider === 'embedded') {
    idStore = identityStore(db);
    const keys = await loadSigningKeys(idStore, config.identity.poolId, clock);
    const tokens = tokenIssuer({ issuer: config.identity.issuer, keys, clock });
    // SRP's big-number work on worker threads (started on the first sign-in), not the event loop.
    const srpWorkers = config.srpWorkers > 0 ? srpWorkerPool(config.srpWorkers, config.srpWorkerNice) : undefined;
    if (srpWorkers) app.addHook('onClose', () => srpWorkers.close());
    const service = identityService({
      store: idStore,
      clock,
      messenger: ctx.messenger,
      tokens,
      customAuth: ctx.customAuth,
      events: ctx.events,
      pow: srpWorkers?.pow,
      pool: { ...DEFAULT_POOL_SETTINGS, poolId: config.identity.poolId, clientIds: [config.identity.clientId] },
      onRevoked: () => cluster.bus.publish('tokens', [1]),
      sessionWaiting: ctx.sessionWaiting,
    });
    identity = service;
    cluster.bus.subscribe('tokens', () => service.forgetVerifiedTokens());
    verify = async (token) => {
      const found = await service.verifyAccessToken(token);
      // The session comes with the remembered verification: no second decode of the token per request.
      return found ? { sub: found.user.sub, session: found.session, signedInAt: found.signedInAt } : null;
    };
    await app.register(identityRoutes, { service, tokens, path: config.identity.path, poolId: config.identity.poolId, concurrency: config.identityConcurrency });
  } else {
    verify = remotePoolVerifier({ issuer: config.identity.issuer, clientId: config.identity.clientId });
  }
  app.decorate('identity', identity);
  app.decorate('identityStore', idStore);
  await app.register(sessionRoutes, { verify, clock, secure: config.secureCookies, store: idStore });
  const store = idStore;
  const customerNameIn = async (tx: Db, sub: string) => {
    const a = (store ? await identityStore(tx).userBySub(sub) : undefined)?.attributes ?? {};
    return [a.given_name, a.family_name].filter(Boolean).join(' ') || a.email || 'Kundin/Kunde';
  };
  return { identity, idStore, verify, customerName: (sub) => customerNameIn(db, sub), customerNameIn };
}
