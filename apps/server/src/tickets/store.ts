import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { TicketEntryType } from '@kontor/domain/ticket-contracts';
import type { Db } from '../platform/db.ts';
import { ticketAttachments, ticketEntries, tickets } from './tables.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type EntryRow = typeof ticketEntries.$inferSelect;

/** The states a ticket is "open" in (the list's first tab). */
export const OPEN_STATES = ['PREPARED', 'OPEN', 'CUSTOMER_REPLY'] as const;

/** The list's preview of an entry: its first line, at most this long. */
const PREVIEW_LENGTH = 140;
export const preview = (content: string): string => {
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
};

export function ticketStore(db: Db) {
  return {
    async insert(row: typeof tickets.$inferInsert): Promise<TicketRow> {
      const [created] = await db.insert(tickets).values(row).returning();
      return created!;
    },

    /** The customer's ticket; with `lock`, locked for the rest of the transaction. */
    async own(sub: string, id: string, lock = false): Promise<TicketRow | undefined> {
      const q = db.select().from(tickets).where(and(eq(tickets.id, id), eq(tickets.sub, sub)));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async byId(id: string, lock = false): Promise<TicketRow | undefined> {
      const q = db.select().from(tickets).where(eq(tickets.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async update(id: string, changes: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> {
      const [row] = await db.update(tickets).set(changes).where(eq(tickets.id, id)).returning();
      return row!;
    },

    /** Open (PREPARED, OPEN, CUSTOMER_REPLY) or closed tickets, the latest change first. */
    async list(sub: string, view: 'open' | 'closed'): Promise<TicketRow[]> {
      const states = view === 'open' ? [...OPEN_STATES] : ['CLOSED'];
      return db
        .select()
        .from(tickets)
        .where(and(eq(tickets.sub, sub), inArray(tickets.state, states)))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(500);
    },

    async unreadCount(sub: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tickets)
        .where(and(eq(tickets.sub, sub), eq(tickets.unread, true)));
      return Number(row?.n ?? 0);
    },

    /** Another ticket of this type waiting for the back office (OPEN or CUSTOMER_REPLY). */
    async pendingOfType(sub: string, type: string, except: string | null): Promise<boolean> {
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.sub, sub), eq(tickets.type, type), inArray(tickets.state, ['OPEN', 'CUSTOMER_REPLY'])));
      return rows.some((r) => r.id !== except);
    },

    async addEntry(entry: { id: string; ticketId: string; sub: string; dateTime: Date; content: string; author: string; entryType: TicketEntryType }): Promise<EntryRow> {
      const [row] = await db.insert(ticketEntries).values(entry).returning();
      return row!;
    },

    async entries(ticketId: string): Promise<EntryRow[]> {
      return db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticketId)).orderBy(asc(ticketEntries.seq));
    },

    /** A draft with its entries (its files go through the attachment storage first). */
    async deleteDraft(id: string): Promise<void> {
      await db.delete(ticketEntries).where(eq(ticketEntries.ticketId, id));
      await db.delete(tickets).where(and(eq(tickets.id, id), eq(tickets.state, 'PREPARED')));
    },

    /** The sizes of these attachments (the agent's check whether a scan can be read). */
    async sizes(ticketId: string, ids: readonly string[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ size: ticketAttachments.size })
        .from(ticketAttachments)
        .where(and(eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.id, [...ids])));
      return rows.map((r) => r.size);
    },
  };
}
