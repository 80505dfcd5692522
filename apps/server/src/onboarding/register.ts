import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { customerSettingsStore } from '../customer-settings/store.ts';
import type { DocumentRenderer } from '../documents/renderer.ts';
import type { DocumentStore } from '../documents/store.ts';
import { embeddedPoolUsers, type IdentityService, type PoolUsers } from '../identity/service.ts';
import type { IdentityStore } from '../identity/store.ts';
import { welcomeMessage } from '../messages/service.ts';
import { insertMessages } from '../messages/store.ts';
import { moneyStore } from '../money/store.ts';
import type { Messenger } from '../outbox/service.ts';
import { AppError } from '../platform/errors.ts';
import type { BotProtection } from './bot-protection.ts';
import { customerDevRoutes } from './dev-routes.ts';
import { onboardingDevRoutes, onboardingRoutes } from './routes.ts';
import { onboardingService } from './service.ts';
import { onboardingStore } from './store.ts';

/** Account opening: the new customer's parts are written where their areas keep them, in one transaction. */
export async function registerOnboarding(
  app: FastifyInstance,
  ctx: AreaBase & {
    messenger: Messenger;
    identity: IdentityService | null;
    idStore: IdentityStore | null;
    documents: DocumentStore;
    renderer: DocumentRenderer;
    bot: BotProtection;
  },
): Promise<void> {
  const { config, db, clock, idStore, documents, renderer } = ctx;
  const poolUsers: PoolUsers = idStore
    ? embeddedPoolUsers(config.identity.poolId, clock)
    : { subOf: async () => null, create: async () => Promise.reject(new AppError(503, 'Die Kontoeröffnung ist hier gerade nicht möglich. Bitte versuchen Sie es später noch einmal.')) };
  const onboarding = onboardingService({
    db,
    store: onboardingStore,
    clock: ctx.marketClock,
    messenger: ctx.messenger,
    accountExists: async (email) => !!(idStore && (await idStore.findUser(config.identity.poolId, email))),
    records: {
      poolUsers,
      setAddress: (tx, sub, address, at) => customerSettingsStore(tx).setAddress(sub, address, at),
      setTaxResidences: (tx, sub, residences, at) => customerSettingsStore(tx).setTaxResidences(sub, residences, at),
      addReferenceAccount: (tx, row) => moneyStore(tx).addReferenceAccount(row),
      setAdvertisingConsent: (tx, sub, value, at) => customerSettingsStore(tx).setAdvertisingConsent(sub, value, at),
      issueAccountOpeningDocument: async (tx, sub, at, data) => {
        await documents.issue(tx, sub, at, { kind: 'account_opening', dedupeKey: 'account_opening', title: 'Kontoeröffnungsunterlagen', pdfTitle: null, pdfIsin: null, data, notify: true });
      },
      sendWelcome: (tx, sub, at) => insertMessages(tx, [welcomeMessage(sub, at.toISOString())]),
    },
    documentPdf: async (sub) => {
      const id = (await documents.byKeys(sub, ['account_opening'])).get('account_opening');
      return id ? (await renderer.pdf(sub, id))?.pdf : undefined;
    },
  });
  await app.register(onboardingRoutes, { service: onboarding, bot: ctx.bot });
  if (config.devTools) await app.register(onboardingDevRoutes, { service: onboarding });
  if (config.devTools && ctx.identity) await app.register(customerDevRoutes, { db, identity: ctx.identity, clock });
}
