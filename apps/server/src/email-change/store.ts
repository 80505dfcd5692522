import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { emailChanges } from './tables.ts';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

const OPEN = ['AUTHORISE', 'CODE_SENT'];

/** The e-mail change requests; every state change is conditional on the state it leaves. */
export function emailChangeStore(db: Db) {
  return {
    async insert(row: typeof emailChanges.$inferInsert): Promise<void> {
      await db.insert(emailChanges).values(row);
    },
    async byId(sub: string, id: string): Promise<EmailChangeRow | undefined> {
      const [row] = await db.select().from(emailChanges).where(and(eq(emailChanges.id, id), eq(emailChanges.sub, sub)));
      return row;
    },
    /** The newest request still open, if any. */
    async openOf(sub: string): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.sub, sub), inArray(emailChanges.state, OPEN)))
        .orderBy(desc(emailChanges.createdAt))
        .limit(1);
      return row;
    },
    /** Closes every open request of the customer (a newer one replaces them). */
    async closeOpen(sub: string, state: 'CANCELLED' | 'VOID', at: Date): Promise<void> {
      await db
        .update(emailChanges)
        .set({ state, closedAt: at })
        .where(and(eq(emailChanges.sub, sub), inArray(emailChanges.state, OPEN)));
    },
    /** Moves a request from one state to the next; undefined when it was no longer in `from`. */
    async move(id: string, from: string, patch: Partial<typeof emailChanges.$inferInsert> & { state: string }): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .update(emailChanges)
        .set(patch)
        .where(and(eq(emailChanges.id, id), eq(emailChanges.state, from)))
        .returning();
      return row;
    },
    /** Counts a wrong code; at `max` the request is void. Atomic, so parallel guesses all count. */
    async countWrong(id: string, max: number, at: Date): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .update(emailChanges)
        .set({
          attempts: sql`${emailChanges.attempts} + 1`,
          state: sql`case when ${emailChanges.attempts} + 1 >= ${max} then 'VOID' else ${emailChanges.state} end`,
          closedAt: sql`case when ${emailChanges.attempts} + 1 >= ${max} then ${at.toISOString()}::timestamptz else ${emailChanges.closedAt} end`,
        })
        .where(and(eq(emailChanges.id, id), eq(emailChanges.state, 'CODE_SENT')))
        .returning();
      return row;
    },
  };
}

export type EmailChangeStore = ReturnType<typeof emailChangeStore>;
