import { and, asc, count, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { NoticePage } from '@kontor/domain/notes-contracts';
import type { Db } from '../platform/db.ts';
import { noticeDismissals, notices, ownNotes } from './tables.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeValues = typeof notices.$inferInsert & { pages: NoticePage[] };
export type OwnNoteRow = typeof ownNotes.$inferSelect;

/** A notice is shown to `sub` from its start until its end, if it is for everyone or for `sub`. */
const visibleTo = (sub: string, now: Date) =>
  and(
    lte(notices.validFrom, now),
    or(isNull(notices.validTo), gt(notices.validTo, now)),
    or(isNull(notices.audienceSub), eq(notices.audienceSub, sub)),
  );

export function notesStore(db: Db) {
  return {
    /** Notices `sub` sees now and has not dismissed, newest first. */
    async openNotices(sub: string, now: Date, isin?: string): Promise<NoticeRow[]> {
      const dismissed = db
        .select({ one: sql`1` })
        .from(noticeDismissals)
        .where(and(eq(noticeDismissals.sub, sub), eq(noticeDismissals.noticeId, notices.id)));
      return db
        .select()
        .from(notices)
        .where(and(visibleTo(sub, now), notExists(dismissed), isin ? eq(notices.isin, isin) : undefined))
        .orderBy(desc(notices.validFrom), asc(notices.id));
    },
    /** Whether `sub` may see this notice now (dismissed or not). */
    async canSee(sub: string, id: string, now: Date): Promise<boolean> {
      const rows = await db.select({ id: notices.id }).from(notices).where(and(eq(notices.id, id), visibleTo(sub, now))).limit(1);
      return rows.length === 1;
    },
    async dismiss(sub: string, noticeId: string, at: Date): Promise<void> {
      await db.insert(noticeDismissals).values({ sub, noticeId, dismissedAt: at }).onConflictDoNothing();
    },
    /** Issuing a notice with an id that exists changes nothing (seeding and retries are harmless). */
    async issue(values: NoticeValues[]): Promise<void> {
      if (values.length > 0) await db.insert(notices).values(values).onConflictDoNothing();
    },

    async notesOf(sub: string, isin?: string): Promise<OwnNoteRow[]> {
      return db
        .select()
        .from(ownNotes)
        .where(and(eq(ownNotes.sub, sub), isin ? eq(ownNotes.isin, isin) : undefined))
        .orderBy(desc(ownNotes.updatedAt), asc(ownNotes.id));
    },
    async note(sub: string, id: string): Promise<OwnNoteRow | undefined> {
      const [row] = await db.select().from(ownNotes).where(and(eq(ownNotes.id, id), eq(ownNotes.sub, sub))).limit(1);
      return row;
    },
    /**
     * Adds a note unless the customer has `max` already. A lock per customer for the transaction
     * makes count and insert one step: two requests at once cannot both take the last place.
     */
    async createUnlessFull(
      note: { sub: string; subject: string; isin: string; text: string; at: Date },
      max: number,
      /** The caller's transaction (an Idempotency-Key claimed in it); the check runs in a savepoint of it. */
      runner: Db = db,
    ): Promise<OwnNoteRow | undefined> {
      return runner.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`own_notes:${note.sub}`}))`);
        const [row] = await tx.select({ n: count() }).from(ownNotes).where(eq(ownNotes.sub, note.sub));
        if ((row?.n ?? 0) >= max) return undefined;
        const [created] = await tx
          .insert(ownNotes)
          .values({ sub: note.sub, subject: note.subject, isin: note.isin, text: note.text, createdAt: note.at, updatedAt: note.at })
          .returning();
        return created;
      });
    },
    async update(sub: string, id: string, text: string, at: Date): Promise<OwnNoteRow | undefined> {
      const [row] = await db.update(ownNotes).set({ text, updatedAt: at }).where(and(eq(ownNotes.id, id), eq(ownNotes.sub, sub))).returning();
      return row;
    },
    async remove(sub: string, id: string): Promise<boolean> {
      const rows = await db.delete(ownNotes).where(and(eq(ownNotes.id, id), eq(ownNotes.sub, sub))).returning({ id: ownNotes.id });
      return rows.length === 1;
    },
  };
}
export type NotesStore = ReturnType<typeof notesStore>;
