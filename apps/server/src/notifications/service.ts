import Decimal from 'decimal.js';
import { ALERT_DIRECTION_LABELS, alertReached, PRICE_ALERTS_MAX, type PriceAlert } from '@kontor/domain/notifications';
import { formatMoney, toWireDecimal } from '@kontor/domain/numbers';
import type { FastifyBaseLogger } from 'fastify';
import type { QuoteSource, QuoteUpdate } from '../market/feed.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { NotificationStore } from './store.ts';

type OpenAlert = PriceAlert & { sub: string };
type InstrumentInfo = { name: string; quoteCurrencyCode: string };

/**
 * Price alerts: every open alert waits in memory per ISIN, subscribed to that ISIN's quotes; when
 * the mid reaches the price, the alert fires once (atomically in the store) and the customer gets
 * a notification. Open alerts are loaded again at start.
 */
export function notificationService(deps: {
  store: NotificationStore;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<InstrumentInfo | undefined>;
  log?: FastifyBaseLogger;
  /** Tells the other processes of an alert set or deleted here: each watches every open alert, and the store lets one fire it. */
  relay?: (change: AlertChange) => void;
  /** A document's notification read in the bell: the document is read too (the documents area, wired later). */
  documentRead?: (sub: string, documentId: string) => Promise<void>;
}) {
  const { store, clock, quotes } = deps;
  const waiting = new Map<string, { alerts: Map<string, OpenAlert>; unsubscribe: () => void }>();

  function watch(alert: OpenAlert) {
    let entry = waiting.get(alert.isin);
    if (!entry) {
      const alerts = new Map<string, OpenAlert>();
      entry = { alerts, unsubscribe: quotes.subscribe(new Set([alert.isin]), (updates) => onQuotes(updates)) };
      waiting.set(alert.isin, entry);
    }
    entry.alerts.set(alert.id, alert);
  }
  function unwatch(isin: string, id: string) {
    const entry = waiting.get(isin);
    if (!entry) return;
    entry.alerts.delete(id);
    if (entry.alerts.size === 0) {
      entry.unsubscribe();
      waiting.delete(isin);
    }
  }

  function onQuotes(updates: QuoteUpdate[]) {
    for (const { quote } of updates) {
      const entry = waiting.get(quote.isin);
      if (!entry) continue;
      const mid = toWireDecimal(new Decimal(quote.bid).plus(quote.ask).div(2));
      for (const alert of [...entry.alerts.values()]) {
        if (!alertReached(alert.direction, alert.price, mid)) continue;
        unwatch(alert.isin, alert.id);
        void fire(alert, mid).catch((err) => deps.log?.error({ err, alert: alert.id }, 'price alert could not fire'));
      }
    }
  }

  async function fire(alert: OpenAlert, mid: string) {
    const info = await deps.instrument(alert.isin);
    const currency = info?.quoteCurrencyCode ?? 'EUR';
    const name = info?.name ?? alert.isin;
    await store.fire(
      alert.id,
      {
        sub: alert.sub,
        isin: alert.isin,
        title: `Kursalarm: ${name}`,
        body: `${name} ${ALERT_DIRECTION_LABELS[alert.direction]} ${formatMoney(alert.price, currency)} (aktuell ${formatMoney(toWireDecimal(new Decimal(mid).toDecimalPlaces(4)), currency)}).`,
      },
      clock.now(),
    );
  }

  return {
    async start() {
      for (const alert of await store.openAlerts()) watch(alert);
    },
    stop() {
      for (const entry of waiting.values()) entry.unsubscribe();
      waiting.clear();
    },
    alerts: (sub: string) => store.alertsOf(sub),
    async createAlert(sub: string, input: { isin: string; direction: 'above' | 'below'; price: string }) {
      if (!(await deps.instrument(input.isin)) || !quotes.current(input.isin)) throw notFound('Dieses Wertpapier ist nicht bekannt.');
      if ((await store.countOpen(sub)) >= PRICE_ALERTS_MAX) throw new AppError(409, `Sie können höchstens ${PRICE_ALERTS_MAX} Kursalarme anlegen.`);
      const alert = await store.createAlert(sub, { ...input, price: toWireDecimal(input.price) }, clock.now());
      watch({ ...alert, sub });
      deps.relay?.({ watch: { ...alert, sub } });
      return alert;
    },
    async deleteAlert(sub: string, id: string) {
      const alert = (await store.alertsOf(sub)).find((a) => a.id === id);
      if (!alert || !(await store.deleteAlert(sub, id))) throw notFound('Diesen Kursalarm gibt es nicht.');
      unwatch(alert.isin, id);
      deps.relay?.({ unwatch: { isin: alert.isin, id } });
    },
    /** An alert another process set or deleted. */
    relayed(change: AlertChange) {
      if (change.watch) watch(change.watch);
      if (change.unwatch) unwatch(change.unwatch.isin, change.unwatch.id);
    },
    list: (sub: string) => store.notificationsOf(sub, 100),
    async markRead(sub: string, id: string) {
      const marked = await store.markRead(sub, id, clock.now());
      if (!marked) throw notFound('Diese Benachrichtigung gibt es nicht.');
      if (marked.documentId) await deps.documentRead?.(sub, marked.documentId);
      // The bell count in the customer's other tabs follows.
      await store.signal(sub);
    },
    async remove(sub: string, id: string) {
      if (!(await store.deleteNotification(sub, id))) throw notFound('Diese Benachrichtigung gibt es nicht.');
      await store.signal(sub);
    },
  };
}
export type NotificationService = ReturnType<typeof notificationService>;
export type AlertChange = { watch?: OpenAlert; unwatch?: { isin: string; id: string } };
