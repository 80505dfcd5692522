import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { appDevices, appSettings, approvedSessions } from './tables.ts';

export type DeviceRow = typeof appDevices.$inferSelect;
export type SettingsRow = typeof appSettings.$inferSelect;

export function deviceStore(db: Db) {
  const active = (sub: string) => and(eq(appDevices.sub, sub), isNull(appDevices.retiredAt));
  return {
    async insert(tx: Db, row: typeof appDevices.$inferInsert): Promise<DeviceRow> {
      const [created] = await tx.insert(appDevices).values(row).returning();
      return created!;
    },
    /** The customer's enrolled devices, oldest first. */
    activeOf: (sub: string): Promise<DeviceRow[]> => db.select().from(appDevices).where(active(sub)).orderBy(asc(appDevices.enrolledAt)),
    async activeOne(sub: string, serial: string): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(appDevices).where(and(active(sub), eq(appDevices.serial, serial))).limit(1);
      return row;
    },
    /** Every enrolled device of every customer (the development companion page). */
    allActive: (): Promise<DeviceRow[]> => db.select().from(appDevices).where(isNull(appDevices.retiredAt)).orderBy(asc(appDevices.enrolledAt)),
    async activeBySerial(serial: string): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(appDevices).where(and(eq(appDevices.serial, serial), isNull(appDevices.retiredAt))).limit(1);
      return row;
    },
    async retire(tx: Db, sub: string, serial: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(appDevices)
        .set({ retiredAt: at })
        .where(and(active(sub), eq(appDevices.serial, serial)))
        .returning({ serial: appDevices.serial });
      return rows.length === 1;
    },
    async countActive(tx: Db, sub: string): Promise<number> {
      return (await tx.select({ serial: appDevices.serial }).from(appDevices).where(active(sub))).length;
    },
    async touch(serial: string, at: Date): Promise<void> {
      await db.update(appDevices).set({ lastUsedAt: at }).where(eq(appDevices.serial, serial));
    },
    async settings(sub: string): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.sub, sub)).limit(1);
      return row;
    },
    async saveSettings(tx: Db, sub: string, patch: Partial<Omit<SettingsRow, 'sub'>>): Promise<void> {
      await tx.insert(appSettings).values({ sub, ...patch }).onConflictDoUpdate({ target: appSettings.sub, set: patch });
    },
    async approveSession(tx: Db, sub: string, session: string, at: Date): Promise<void> {
      await tx.insert(approvedSessions).values({ sub, session, approvedAt: at }).onConflictDoNothing();
    },
    async sessionApproved(sub: string, session: string): Promise<boolean> {
      const rows = await db
        .select({ s: approvedSessions.session })
        .from(approvedSessions)
        .where(and(eq(approvedSessions.sub, sub), eq(approvedSessions.session, session)))
        .limit(1);
      return rows.length === 1;
    },
  };
}
export type DeviceStore = ReturnType<typeof deviceStore>;
