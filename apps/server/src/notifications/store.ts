import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Notification, PriceAlert } from '@kontor/domain/notifications';
import { fixedQuery, type Db } from '../platform/db.ts';
import { notifications, priceAlerts } from './tables.ts';
import { messageStore } from '../messages/store.ts';

/** The channel on which a committed notification tells every process whose bell to update (payload: the customer). */
export const NOTIFICATIONS_CHANNEL = 'kontor_notifications';

type AlertRow = typeof priceAlerts.$inferSelect;
const alertView = (r: AlertRow): PriceAlert => ({
  id: r.id,
  isin: r.isin,
  direction: r.direction as PriceAlert['direction'],
  price: r.price,
  createdAt: r.createdAt.toISOString(),
  triggeredAt: r.triggeredAt?.toISOString() ?? null,
});
const notificationView = (r: typeof notifications.$inferSelect): Notification => ({
  id: r.id,
  kind: r.kind as Notification['kind'],
  title: r.title,
  body: r.body,
  isin: r.isin,
  orderId: r.orderId,
  documentId: r.documentId,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});
const inBell = (sub: string) => and(eq(notifications.sub, sub), eq(notifications.inApp, true));

export function notificationStore(db: Db) {
  async function unread(sub: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(and(inBell(sub), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }
  return {
    async alertsOf(sub: string): Promise<PriceAlert[]> {
      return (await db.select().from(priceAlerts).where(eq(priceAlerts.sub, sub)).orderBy(desc(priceAlerts.createdAt))).map(alertView);
    },
    async openAlerts(): Promise<(PriceAlert & { sub: string })[]> {
      return (await db.select().from(priceAlerts).where(isNull(priceAlerts.triggeredAt))).map((r) => ({ ...alertView(r), sub: r.sub }));
    },
    async countOpen(sub: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(priceAlerts).where(and(eq(priceAlerts.sub, sub), isNull(priceAlerts.triggeredAt)));
      return row?.n ?? 0;
    },
    async createAlert(sub: string, a: { isin: string; direction: string; price: string }, at: Date): Promise<PriceAlert> {
      const [row] = await db.insert(priceAlerts).values({ sub, ...a, createdAt: at }).returning();
      return alertView(row!);
    },
    async deleteAlert(sub: string, id: string): Promise<boolean> {
      return (await db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), eq(priceAlerts.sub, sub))).returning({ id: priceAlerts.id })).length === 1;
    },
    /**
     * Fires an alert once: marks it and writes the notification in one transaction; false when it
     * had fired already (another tick or process got there first).
     */
    async fire(alertId: string, note: { sub: string; title: string; body: string; isin: string }, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(priceAlerts)
          .set({ triggeredAt: at })
          .where(and(eq(priceAlerts.id, alertId), isNull(priceAlerts.triggeredAt)))
          .returning({ id: priceAlerts.id });
        if (marked.length === 0) return false;
        await addNotification(tx as unknown as Db, { ...note, kind: 'PRICE_ALERT' }, at);
        return true;
      });
    },
    /** The bell: what the customer gets in the app (a kind with the bell off is not listed, nor counted). */
    async notificationsOf(sub: string, limit: number) {
      const items = (await db.select().from(notifications).where(inBell(sub)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit)).map(
        notificationView,
      );
      return { unread: await unread(sub), items };
    },
    unread,
    /** Tells every process that the customer's bell changed (after a read or a delete). */
    async signal(sub: string): Promise<void> {
      await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${sub})`);
    },
    /** Marks one read; undefined when there is none, else the document it is about (if any). */
    async markRead(sub: string, id: string, at: Date): Promise<{ documentId: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          // The first reading counts; marking again changes nothing.
          .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
          .where(and(eq(notifications.id, id), eq(notifications.sub, sub)))
          .returning({ documentId: notifications.documentId, orderId: notifications.orderId, title: notifications.title });
        // An order's event: its message in the Nachrichten is read with it.
        if (row?.orderId) await messageStore(tx).setOrderEventRead(sub, row.orderId, row.title, at);
        return row && { documentId: row.documentId };
      });
    },
    async deleteNotification(sub: string, id: string): Promise<boolean> {
      return (await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.sub, sub))).returning({ id: notifications.id })).length === 1;
    },
  };
}
export type NotificationStore = ReturnType<typeof notificationStore>;

/** A notification to write; `key` makes it once only (a second one with that key is not written). */
export type NewNotification = {
  sub: string;
  kind: string;
  title: string;
  body: string;
  isin: string | null;
  orderId?: string | null;
  documentId?: string | null;
  key?: string | null;
};

/**
 * The common table expressions that insert the notifications a query gives (columns sub, kind,
 * title, body, isin, "orderId", "documentId", key, "createdAt") and signal their customers: for a
 * statement of its own or a set-based writer (the savings-plan day) that notifies with the rest.
 * The statement must read `notifications_signalled` (an unread expression does not run).
 */
export function notificationInsertCtes(source: string): string {
  return `notifications_in as (
    insert into notifications (sub, kind, title, body, isin, order_id, document_id, key, created_at, in_app, email, push)
    select n.sub, n.kind, n.title, n.body, n.isin, n."orderId", n."documentId", n.key, n."createdAt",
      coalesce(p.in_app, true), coalesce(p.email, false), coalesce(p.push, true)
    from (${source}) as n
    left join notification_preferences p on p.sub = n.sub and p.kind = n.kind
    on conflict (key) do nothing
    returning sub),
  notifications_signalled as (select pg_notify('${NOTIFICATIONS_CHANNEL}', s.sub::text) from (select distinct sub from notifications_in) s)`;
}

const INSERT_NOTIFICATIONS = `with ${notificationInsertCtes(
  `select * from jsonb_to_recordset($1::jsonb) as n(sub uuid, kind text, title text, body text, isin text, "orderId" uuid, "documentId" uuid, key text, "createdAt" timestamptz)`,
)}
  select count(*) from notifications_signalled`;

/**
 * Writes notifications in one statement inside the caller's transaction, each with the channels
 * the customer chose for its kind (read in the same statement), and signals each customer on
 * NOTIFICATIONS_CHANNEL: PostgreSQL delivers that only once the transaction commits, so the bell
 * and the e-mail/push delivery never see a notification that was rolled back.
 */
export async function insertNotifications(tx: Db, notes: readonly (NewNotification & { createdAt: Date | string })[]): Promise<void> {
  if (notes.length === 0) return;
  const rows = notes.map((n) => ({ ...n, orderId: n.orderId ?? null, documentId: n.documentId ?? null, key: n.key ?? null }));
  await fixedQuery(tx, INSERT_NOTIFICATIONS, [JSON.stringify(rows)], 'insert_notifications');
}

/**
 * A document read or unread again in the Posteingang: the bell's notification of it follows, in the
 * caller's transaction, so the bell and the Posteingang count one and the same unread document.
 */
export async function setDocumentNotificationRead(tx: Db, sub: string, documentId: string, read: boolean, at: Date): Promise<void> {
  const changed = await tx
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` : null })
    .where(and(eq(notifications.sub, sub), eq(notifications.documentId, documentId), read ? isNull(notifications.readAt) : isNotNull(notifications.readAt)))
    .returning({ id: notifications.id });
  // The bell count in the customer's tabs follows (delivered when the transaction commits).
  if (changed.length > 0) await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${sub})`);
}

/**
 * A message about an order's event read or unread again in the Nachrichten: the bell's notification
 * of the same event (same order, same title) follows, in the caller's transaction.
 */
export async function setOrderEventNotificationRead(tx: Db, sub: string, orderId: string, title: string, read: boolean, at: Date): Promise<void> {
  const changed = await tx
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` : null })
    .where(and(eq(notifications.sub, sub), eq(notifications.orderId, orderId), eq(notifications.title, title), read ? isNull(notifications.readAt) : isNotNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (changed.length > 0) await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${sub})`);
}

/** Writes a notification inside the caller's transaction (a booking's messages go with the booking). */
export async function addNotification(tx: Db, note: NewNotification, at: Date): Promise<void> {
  await insertNotifications(tx, [{ ...note, createdAt: at }]);
}
