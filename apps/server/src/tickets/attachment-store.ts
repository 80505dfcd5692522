import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { ticketAttachments, tickets } from './tables.ts';

export type AttachmentRow = typeof ticketAttachments.$inferSelect;

/** The SQL of ticket attachments (the rows; the bytes are in the attachment storage). */
export function attachmentStore(db: Db) {
  return {
    /** The state of a customer's ticket, or undefined when `sub` has no such ticket. */
    async ticketState(sub: string, ticketId: string): Promise<string | undefined> {
      const [row] = await db.select({ state: tickets.state }).from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.sub, sub))).limit(1);
      return row?.state;
    },

    async insert(row: AttachmentRow): Promise<void> {
      await db.insert(ticketAttachments).values(row);
    },

    /** The customer's own uploads among `ids` on this ticket (agents' files are not the customer's to reference). */
    async ownUploads(sub: string, ticketId: string, ids: string[]): Promise<AttachmentRow[]> {
      return db
        .select()
        .from(ticketAttachments)
        .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.sub, sub), eq(ticketAttachments.isAgentAttachment, false), inArray(ticketAttachments.id, ids)));
    },

    /** Binds the still unbound uploads among `ids` to an entry; returns those it bound (a race loses here, not twice). */
    async bindToEntry(sub: string, ticketId: string, ids: string[], entryId: string): Promise<AttachmentRow[]> {
      return db
        .update(ticketAttachments)
        .set({ entryId })
        .where(
          and(
            eq(ticketAttachments.ticketId, ticketId),
            eq(ticketAttachments.sub, sub),
            eq(ticketAttachments.isAgentAttachment, false),
            isNull(ticketAttachments.entryId),
            inArray(ticketAttachments.id, ids),
          ),
        )
        .returning();
    },

    async deleteOfTicket(ticketId: string): Promise<void> {
      await db.delete(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
    },

    async ofTicket(ticketId: string): Promise<AttachmentRow[]> {
      return db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId)).orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
    },

    async one(sub: string, ticketId: string, id: string): Promise<AttachmentRow | undefined> {
      const [row] = await db
        .select()
        .from(ticketAttachments)
        .where(and(eq(ticketAttachments.id, id), eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.sub, sub)))
        .limit(1);
      return row;
    },
  };
}
