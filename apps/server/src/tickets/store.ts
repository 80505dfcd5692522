import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Attachment, TicketEntryType } from '@kontor/domain/ticket-contracts';
import type { Db } from '../platform/db.ts';
import { ticketAttachmentBlobs, ticketAttachments, ticketEntries, tickets } from './tables.ts';

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

export const ticketStore = {
  async insert(tx: Db, row: typeof tickets.$inferInsert): Promise<TicketRow> {
    const [created] = await tx.insert(tickets).values(row).returning();
    return created!;
  },

  /** The customer's ticket; with `lock`, locked for the rest of the transaction. */
  async own(db: Db, sub: string, id: string, lock = false): Promise<TicketRow | undefined> {
    const q = db.select().from(tickets).where(and(eq(tickets.id, id), eq(tickets.sub, sub)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async byId(tx: Db, id: string, lock = false): Promise<TicketRow | undefined> {
    const q = tx.select().from(tickets).where(eq(tickets.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async update(tx: Db, id: string, changes: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> {
    const [row] = await tx.update(tickets).set(changes).where(eq(tickets.id, id)).returning();
    return row!;
  },

  /** Open (PREPARED, OPEN, CUSTOMER_REPLY) or closed tickets, the latest change first. */
  async list(db: Db, sub: string, view: 'open' | 'closed'): Promise<TicketRow[]> {
    const states = view === 'open' ? [...OPEN_STATES] : ['CLOSED'];
    return db
      .select()
      .from(tickets)
      .where(and(eq(tickets.sub, sub), inArray(tickets.state, states)))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(500);
  },

  async unreadCount(db: Db, sub: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.sub, sub), eq(tickets.unread, true)));
    return Number(row?.n ?? 0);
  },

  /** Another ticket of this type waiting for the back office (OPEN or CUSTOMER_REPLY). */
  async pendingOfType(tx: Db, sub: string, type: string, except: string | null): Promise<boolean> {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.sub, sub), eq(tickets.type, type), inArray(tickets.state, ['OPEN', 'CUSTOMER_REPLY'])));
    return rows.some((r) => r.id !== except);
  },

  async addEntry(tx: Db, entry: { id: string; ticketId: string; sub: string; dateTime: Date; content: string; author: string; entryType: TicketEntryType }): Promise<EntryRow> {
    const [row] = await tx.insert(ticketEntries).values(entry).returning();
    return row!;
  },

  async entries(db: Db, ticketId: string): Promise<EntryRow[]> {
    return db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticketId)).orderBy(asc(ticketEntries.dateTime), asc(ticketEntries.id));
  },

  /** A draft goes with its entries and uploads (the embedded storage keeps the bytes in the database). */
  async deleteDraft(tx: Db, id: string): Promise<void> {
    const keys = tx.select({ key: ticketAttachments.storageKey }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    await tx.delete(ticketAttachmentBlobs).where(inArray(ticketAttachmentBlobs.key, keys));
    await tx.delete(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    await tx.delete(ticketEntries).where(eq(ticketEntries.ticketId, id));
    await tx.delete(tickets).where(and(eq(tickets.id, id), eq(tickets.state, 'PREPARED')));
  },

  /**
   * Binds uploads of this ticket to a reply (`entryId`), or checks them for the ticket's own
   * attributes (`entryId` null). False when one is not an upload of this customer on this ticket
   * that is still free.
   */
  async bindAttachments(tx: Db, sub: string, ticketId: string, ids: readonly string[], entryId: string | null): Promise<boolean> {
    if (ids.length === 0) return true;
    const unique = [...new Set(ids)];
    const free = and(eq(ticketAttachments.sub, sub), eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.id, unique), isNull(ticketAttachments.entryId));
    if (entryId === null) {
      const rows = await tx.select({ id: ticketAttachments.id }).from(ticketAttachments).where(free);
      return rows.length === unique.length;
    }
    const rows = await tx.update(ticketAttachments).set({ entryId }).where(free).returning({ id: ticketAttachments.id });
    return rows.length === unique.length;
  },

  /** The attachments of a ticket, with the entry each belongs to (null: the request's own files). */
  async attachments(db: Db, ticketId: string): Promise<{ entryId: string | null; size: number; attachment: Attachment }[]> {
    const rows = await db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId)).orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
    return rows.map((r) => ({
      entryId: r.entryId,
      size: r.size,
      attachment: { name: r.name, attachmentId: r.id, attachmentSize: r.size, threadId: r.ticketId, isAgentAttachment: r.isAgentAttachment },
    }));
  },

  /** The sizes of these attachments (the agent's check whether a scan can be read). */
  async sizes(tx: Db, ticketId: string, ids: readonly string[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ size: ticketAttachments.size })
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.id, [...ids])));
    return rows.map((r) => r.size);
  },
};
