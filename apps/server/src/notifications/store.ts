import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification, PriceAlert } from '@kontor/domain/notifications';
import type { Db } from '../platform/db.ts';
import { notifications, priceAlerts } from './tables.ts';

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
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

export function notificationStore(db: Db) {
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
        await tx.insert(notifications).values({ ...note, kind: 'PRICE_ALERT', createdAt: at });
        return true;
      });
    },
    async notificationsOf(sub: string, limit: number) {
      const items = (await db.select().from(notifications).where(eq(notifications.sub, sub)).orderBy(desc(notifications.createdAt)).limit(limit)).map(
        notificationView,
      );
      const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.sub, sub), isNull(notifications.readAt)));
      return { unread: row?.n ?? 0, items };
    },
    async markRead(sub: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(notifications)
        // The first reading counts; marking again changes nothing.
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.sub, sub)))
        .returning({ id: notifications.id, readAt: notifications.readAt });
      return rows.length === 1;
    },
    async deleteNotification(sub: string, id: string): Promise<boolean> {
      return (await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.sub, sub))).returning({ id: notifications.id })).length === 1;
    },
  };
}
export type NotificationStore = ReturnType<typeof notificationStore>;

/** Writes a notification inside the caller's transaction (a booking's messages go with the booking). */
export async function addNotification(tx: Db, note: { sub: string; kind: string; title: string; body: string; isin: string | null }, at: Date): Promise<void> {
  await tx.insert(notifications).values({ ...note, createdAt: at });
}
