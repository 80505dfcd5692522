import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { IDLE_GATED_PAYLOAD_TYPES } from '@kontor/domain/auth-contracts';
import type { IdentityStore } from '../identity/store.ts';
import type { Messenger } from '../outbox/service.ts';
import { sessionActivityService, sessionActivityStore } from '../platform/session-activity.ts';
import { authorisationRoutes } from './routes.ts';
import { type AuthorisationService, authorisationService, type AuthorisationDeps } from './service.ts';
import { stepUpRoutes } from './step-up-routes.ts';
import { stepUpService } from './step-up.ts';
import { authorisationStore } from './store.ts';
import { tanHashKeyOf } from './tan-hash-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Strong customer authentication: the money area redeems its results. */
    authorisations: AuthorisationService;
  }
}

/**
 * Strong customer authentication (SMS TAN or the Kontor app) and the step-up after inactivity.
 * Inactivity is enforced here, not only in the browser: money and authorisation calls of a
 * session idle for MONEY_IDLE_LIMIT_MS are refused until a step-up (sign-in time: the app's clock).
 */
export async function registerAuthorisations(
  app: FastifyInstance,
  ctx: AreaBase & {
    messenger: Messenger;
    idStore: IdentityStore | null;
    /** The customer's enrolled Kontor app (devices, registered later). */
    deviceOf: AuthorisationDeps['deviceOf'];
    hasApp: AuthorisationDeps['hasApp'];
  },
): Promise<{ authorisations: AuthorisationService }> {
  const { config, db, clock, idStore } = ctx;
  const activity = sessionActivityService({ store: sessionActivityStore(db), clock });
  const authorisations = authorisationService({
    store: authorisationStore(db),
    tanHashKey: tanHashKeyOf(config, app.log),
    log: app.log,
    gate: async (asker, type) => {
      if (!IDLE_GATED_PAYLOAD_TYPES.includes(type)) return;
      await activity.requireActive(asker);
      await activity.record(asker);
    },
    clock,
    messenger: ctx.messenger,
    mobileNumberOf: async (sub) => {
      const a = (idStore ? await idStore.userBySub(sub) : undefined)?.attributes ?? {};
      return a.phone_number && a.phone_number_verified === 'true' ? a.phone_number : null;
    },
    deviceOf: ctx.deviceOf,
    hasApp: ctx.hasApp,
  });
  app.decorate('authorisations', authorisations);
  // After validation, so a malformed call is still a 400; the refused call changes nothing.
  app.addHook('preHandler', async (req) => {
    if (!req.routeOptions.config.activeSession || !req.customer) return;
    await activity.requireActive(req.customer);
    await activity.record(req.customer);
  });
  await app.register(authorisationRoutes, { service: authorisations });
  await app.register(stepUpRoutes, { service: stepUpService({ db, authorisations, activity }) });
  return { authorisations };
}
