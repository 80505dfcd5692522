import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster/cluster.ts';
import type { IdentityStore } from '../identity/store.ts';
import type { InstrumentService } from '../instruments/service.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { Messenger } from '../outbox/service.ts';
import { notificationDelivery, type NotificationDelivery } from './delivery.ts';
import { deliveryStore, preferenceStore } from './preference-store.ts';
import { notificationRoutes } from './routes.ts';
import { type AlertChange, notificationService } from './service.ts';
import { notificationStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** After a notification is committed: the bell's live count, e-mail and push. */
    notificationDelivery: NotificationDelivery;
  }
}

/** The bell, e-mail and push after a committed notification; price alerts on the live quotes. */
export async function registerNotifications(
  app: FastifyInstance,
  ctx: AreaBase & {
    messenger: Messenger;
    cluster: Cluster;
    idStore: IdentityStore | null;
    quotes: QuoteSource;
    instruments: InstrumentService;
    /** The Kontor app's devices a push goes to (registered later). */
    devicesOf: (sub: string) => Promise<string[]>;
    /** Marks a document read when its notification is (the documents area, registered later). */
    documentRead: (sub: string, documentId: string) => Promise<void>;
  },
): Promise<{ delivery: NotificationDelivery }> {
  const { db, clock, idStore, cluster, instruments } = ctx;
  const store = notificationStore(db);
  const delivery = notificationDelivery({
    db,
    store,
    preferences: preferenceStore(db),
    delivery: deliveryStore(db),
    clock,
    messenger: ctx.messenger,
    emailOf: async (sub) => (idStore ? await idStore.userBySub(sub) : undefined)?.attributes.email ?? null,
    devicesOf: ctx.devicesOf,
    log: app.log,
  });
  await delivery.start();
  app.addHook('onClose', async () => delivery.stop());
  app.decorate('notificationDelivery', delivery);
  const alerts = notificationService({
    store,
    clock,
    quotes: ctx.quotes,
    instrument: (isin) => instruments.get(isin),
    log: app.log,
    relay: (change) => cluster.bus.publish('alerts', [change]),
    documentRead: ctx.documentRead,
  });
  cluster.bus.subscribe('alerts', (changes) => changes.forEach((c) => alerts.relayed(c as AlertChange)));
  await alerts.start();
  app.addHook('onClose', async () => alerts.stop());
  await app.register(notificationRoutes, { service: alerts, delivery });
  return { delivery };
}
