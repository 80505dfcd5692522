import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind, NotificationPreferences, NotificationsStreamEvent } from '@kontor/domain/notifications';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { listenTo } from '../platform/listen.ts';
import type { Messenger } from '../outbox/service.ts';
import type { DeliveryStore, PreferenceStore, Undelivered } from './preference-store.ts';
import { NOTIFICATIONS_CHANNEL, type NotificationStore } from './store.ts';

export type NotificationDeliveryDeps = {
  db: Db;
  store: NotificationStore;
  preferences: PreferenceStore;
  delivery: DeliveryStore;
  clock: Clock;
  /** The mail gateway (the embedded outbox). */
  messenger: Messenger;
  emailOf: (sub: string) => Promise<string | null>;
  /** Serials of the customer's enrolled app devices. */
  devicesOf: (sub: string) => Promise<string[]>;
  log?: FastifyBaseLogger;
};

/**
 * What happens once a notification is committed, wherever it was written (an execution, a price
 * alert, a payment, a document): the customer's open streams get the bell's new unread count, and
 * its e-mail and pushes go out. Both follow the database's signal (`NOTIFICATIONS_CHANNEL`), never
 * the transaction that wrote it, so the order path only writes rows.
 */
/** Customers whose signal one process handles at once. */
const SIGNALS_AT_ONCE = 2;

export function notificationDelivery(d: NotificationDeliveryDeps) {
  const listeners = new Map<string, Set<(e: NotificationsStreamEvent) => void>>();
  const running = new Set<Promise<unknown>>();
  let stopListening: (() => Promise<void>) | null = null;

  function track(p: Promise<unknown>): void {
    const tracked = p.catch((err: unknown) => d.log?.error({ err }, 'notification delivery failed')).finally(() => running.delete(tracked));
    running.add(tracked);
  }

  async function tellBell(sub: string): Promise<void> {
    const set = listeners.get(sub);
    if (!set || set.size === 0) return;
    const event: NotificationsStreamEvent = { type: 'notifications', unread: await d.store.unread(sub) };
    for (const l of set) l(event);
  }

  async function send(n: Undelivered, at: Date): Promise<void> {
    if (n.email) {
      const address = await d.emailOf(n.sub);
      // The mail names what happened, never an amount of a code to act on: the details are in the app.
      if (address) await d.messenger.send({ recipient: address, channel: 'email', text: `Kontor: ${n.title}\n\n${n.body}\n\nDetails finden Sie in Ihrem Kontor-Konto.` });
    }
    if (n.push) {
      const serials = await d.devicesOf(n.sub);
      await d.delivery.addPushes(serials.map((serial) => ({ sub: n.sub, serial, notificationId: n.id, title: n.title, body: n.body, createdAt: at })));
    }
  }

  /** Hands over the e-mails and pushes not yet sent (of one customer, or all after a start). */
  async function deliver(sub: string | null): Promise<number> {
    let sent = 0;
    for (;;) {
      const at = d.clock.now();
      const claimed = await d.delivery.claim(sub, at);
      for (const n of claimed) await send(n, at);
      sent += claimed.length;
      if (claimed.length === 0) return sent;
    }
  }

  // Signals wait their turn, one per customer however often it came: a savings-plan day signals
  // thousands of customers within seconds, and handled all at once their statements filled the
  // database pool's queue in front of every page's (bench/README "Market opening").
  const signalled = new Set<string>();
  let handling = 0;
  function onSignal(sub: string): void {
    signalled.add(sub);
    handleSignals();
  }
  function handleSignals(): void {
    while (handling < SIGNALS_AT_ONCE && signalled.size > 0) {
      const sub = signalled.values().next().value!;
      signalled.delete(sub);
      handling++;
      track(
        Promise.allSettled([tellBell(sub), deliver(sub)])
          .then((results) => results.forEach((r) => r.status === 'rejected' && d.log?.error({ err: r.reason }, 'notification delivery failed')))
          .finally(() => {
            handling--;
            handleSignals();
          }),
      );
    }
  }

  return {
    async start(): Promise<void> {
      stopListening = await listenTo(d.db, NOTIFICATIONS_CHANNEL, onSignal);
      // What was committed while no process listened.
      track(deliver(null));
    },
    async stop(): Promise<void> {
      await stopListening?.();
      stopListening = null;
      await this.idle();
    },
    /** Resolves when every signal so far is handled (tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
    /** The bell's unread count of one customer, live: sent after every change. */
    listen(sub: string, listener: (e: NotificationsStreamEvent) => void): () => void {
      let set = listeners.get(sub);
      if (!set) listeners.set(sub, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(sub);
      };
    },
    preferences: (sub: string) => d.preferences.of(sub),
    async savePreferences(sub: string, kinds: NotificationPreferences['kinds'] | Partial<NotificationPreferences['kinds']>): Promise<NotificationPreferences> {
      await d.preferences.save(sub, kinds);
      return d.preferences.of(sub);
    },
    /** The push column alone, as /api/mobileapp/pushadmin shows it. */
    async pushKinds(sub: string): Promise<Record<NotificationKind, boolean>> {
      const { kinds } = await d.preferences.of(sub);
      return Object.fromEntries(Object.entries(kinds).map(([k, c]) => [k, c.push])) as Record<NotificationKind, boolean>;
    },
    async savePushKinds(sub: string, push: Partial<Record<NotificationKind, boolean>>): Promise<void> {
      const { kinds } = await d.preferences.of(sub);
      const changed = Object.fromEntries(Object.entries(push).map(([k, on]) => [k, { ...kinds[k as NotificationKind], push: on! }]));
      await d.preferences.save(sub, changed);
    },
    deliver,
    pushesOf: (serial: string) => d.delivery.pushesOf(serial),
  };
}
export type NotificationDelivery = ReturnType<typeof notificationDelivery>;
