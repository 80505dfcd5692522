import { z } from 'zod';

/** Tickets (support cases) and their dialog: entries and attachments (spec §3, §6). */

/** Who wrote a ticket entry: the customer, a support agent, or Kontor itself (status changes). */
export const TICKET_ENTRY_TYPES = ['CUSTOMER', 'AGENT', 'SYSTEM'] as const;
export type TicketEntryType = (typeof TICKET_ENTRY_TYPES)[number];

export const attachmentSchema = z.object({
  /** File name as uploaded, e.g. "Personalausweis.pdf". */
  name: z.string().min(1),
  attachmentId: z.string().min(1),
  /** Size in bytes. */
  attachmentSize: z.number().int().min(0),
  /** The ticket dialog thread the attachment belongs to. */
  threadId: z.string().min(1),
  /** true when a support agent attached it, false when the customer did. */
  isAgentAttachment: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const ticketEntrySchema = z.object({
  /** ISO 8601. */
  dateTime: z.iso.datetime({ offset: true }),
  content: z.string(),
  /** Display name of the writer, e.g. "Kundenservice" or the customer's name. */
  author: z.string(),
  entryType: z.enum(TICKET_ENTRY_TYPES),
});
export type TicketEntry = z.infer<typeof ticketEntrySchema>;
