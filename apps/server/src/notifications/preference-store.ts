import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@kontor/domain/notifications';
import type { Db } from '../platform/db.ts';
import { appPushes, notificationPreferences, notifications } from './tables.ts';

type Channels = NotificationPreferences['kinds'][NotificationKind];

/** The customer's channels per kind (the one place the push choice of /api/mobileapp/pushadmin lives too). */
export function preferenceStore(db: Db) {
  return {
    async of(sub: string): Promise<NotificationPreferences> {
      const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.sub, sub));
      const chosen = new Map(rows.map((r) => [r.kind, { inApp: r.inApp, email: r.email, push: r.push }]));
      return { kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, chosen.get(k) ?? { ...DEFAULT_NOTIFICATION_CHANNELS }])) as NotificationPreferences['kinds'] };
    },
    /** Saves the kinds given, in one statement; the others stay as they are. */
    async save(sub: string, kinds: Partial<Record<NotificationKind, Channels>>): Promise<void> {
      const values = Object.entries(kinds).map(([kind, c]) => ({ sub, kind, inApp: c!.inApp, email: c!.email, push: c!.push }));
      if (values.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [notificationPreferences.sub, notificationPreferences.kind],
          set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, push: sql`excluded.push` },
        });
    },
  };
}
export type PreferenceStore = ReturnType<typeof preferenceStore>;

export type Undelivered = { id: string; sub: string; title: string; body: string; email: boolean; push: boolean };

/** E-mail and push of committed notifications: claimed once (at most once, whichever process claims first). */
export function deliveryStore(db: Db) {
  return {
    async claim(sub: string | null, at: Date, limit = 100): Promise<Undelivered[]> {
      const open = and(isNull(notifications.deliveredAt), sql`(${notifications.email} or ${notifications.push})`, sub ? eq(notifications.sub, sub) : undefined);
      const ids = db.select({ id: notifications.id }).from(notifications).where(open).orderBy(asc(notifications.createdAt)).limit(limit).for('update', { skipLocked: true });
      return db
        .update(notifications)
        .set({ deliveredAt: at })
        .where(sql`${notifications.id} in ${ids}`)
        .returning({ id: notifications.id, sub: notifications.sub, title: notifications.title, body: notifications.body, email: notifications.email, push: notifications.push });
    },
    async addPushes(rows: { sub: string; serial: string; notificationId: string; title: string; body: string; createdAt: Date }[]): Promise<void> {
      if (rows.length > 0) await db.insert(appPushes).values(rows).onConflictDoNothing();
    },
    async pushesOf(serial: string, limit = 20) {
      return db.select().from(appPushes).where(eq(appPushes.serial, serial)).orderBy(sql`${appPushes.createdAt} desc`).limit(limit);
    },
  };
}
export type DeliveryStore = ReturnType<typeof deliveryStore>;
