import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { AuthorisationService } from '../authorisations/service.ts';
import { embeddedEmailAddresses, type IdentityStore } from '../identity/store.ts';
import type { Messenger } from '../outbox/service.ts';
import { emailChangeRoutes } from './routes.ts';
import { emailChangeService } from './service.ts';
import { emailChangeStore } from './store.ts';

/** The e-mail address is the pool's sign-in name; its change runs on real time like the TAN that authorises it. */
export async function registerEmailChange(
  app: FastifyInstance,
  ctx: AreaBase & { messenger: Messenger; idStore: IdentityStore | null; authorisations: AuthorisationService },
): Promise<void> {
  const { db, clock, authorisations } = ctx;
  await app.register(emailChangeRoutes, {
    service: emailChangeService({
      db,
      clock,
      store: emailChangeStore,
      pool: ctx.idStore ? embeddedEmailAddresses(clock) : null,
      messenger: ctx.messenger,
      redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    }),
  });
}
