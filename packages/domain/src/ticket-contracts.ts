import { z } from 'zod';
import { authorisationResultSchema } from './auth-contracts';
import { TICKET_STATES } from './enums';
import { SERVICE_REQUEST_TYPES } from './service-requests';
import { typedText } from './text';

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

/*
 * The ticket API (spec §7 /api/ticket, /api/ticketdialog, /api/ticket/fsapreview). The spec shows
 * no shapes beyond the entry and the attachment, so these are Kontor's; server and web use exactly
 * these schemas.
 *
 * - GET    /api/ticket?view=open|closed           → TicketList (open: PREPARED, OPEN, CUSTOMER_REPLY)
 * - POST   /api/ticket                             {type, data, authorisation?, newNumberProof?} → 201 Ticket
 *                                                   without authorisation a draft (PREPARED), with it OPEN;
 *                                                   MOBILE_NUMBER also needs newNumberProof (the TAN to the new number)
 * - GET    /api/ticket/{id}                        → Ticket
 * - PUT    /api/ticket/{id}                        {data} change a draft → Ticket
 * - DELETE /api/ticket/{id}                        discard a draft → 204
 * - POST   /api/ticket/{id}/submit                 {data?, authorisation, newNumberProof?} a draft becomes OPEN → Ticket
 * - POST   /api/ticket/fsapreview                  {data} → application/pdf (the Freistellungsauftrag as it would be signed)
 * - GET    /api/ticket/challenges/{ticket}         → ChallengeStatus (where a TAN challenge stands)
 * - GET    /api/ticketdialog/{id}                  → TicketDialog (entries with attachments, oldest first); marks it read
 * - POST   /api/ticketdialog/{id}                  {content, attachmentIds} a reply → 201 TicketDialog
 * - POST   /api/ticketdialog/{id}/attachments      multipart "file" (PDF/JPEG/PNG, ≤ 9 MiB) → 201 Attachment
 * - GET    /api/ticketdialog/{id}/attachments/{attachmentId} → the file
 */


/** The simulated back office takes up a submitted ticket (or a customer's reply) after this long. */
export const TICKET_PROCESSING_DELAY_MS = 60 * 60 * 1000;

/** An ID scan smaller than this cannot be read: the agent asks for a better one (the simulated back office's rule). */
export const READABLE_SCAN_MIN_BYTES = 50 * 1024;

export const TICKET_VIEWS = ['open', 'closed'] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];
export const ticketListQuerySchema = z.object({ view: z.enum(TICKET_VIEWS).default('open') });

/** How a processed ticket ended: carried out, or refused by the back office (with its reason in the dialog). */
export const TICKET_OUTCOMES = ['DONE', 'REJECTED'] as const;
export type TicketOutcome = (typeof TICKET_OUTCOMES)[number];

export const ticketSchema = z.object({
  id: z.uuid(),
  type: z.enum(SERVICE_REQUEST_TYPES),
  state: z.enum(TICKET_STATES),
  /** The request type's German name ("Adresse ändern"). */
  title: z.string(),
  /** The attributes, normalised (spec keys). */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  outcome: z.enum(TICKET_OUTCOMES).nullable(),
  /** An agent wrote since the customer last opened the dialog. */
  unread: z.boolean(),
  /** The latest entry's text, shortened, for the list. */
  lastEntry: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  /** Open tickets with an unread agent answer (the badge of the Service entry). */
  unread: z.number().int().min(0),
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketIdParamsSchema = z.object({ id: z.string().max(100) });

export const createTicketSchema = z.object({
  type: z.enum(SERVICE_REQUEST_TYPES),
  data: z.record(z.string(), z.unknown()),
  /** Present: submit at once (OPEN); absent: save as a draft (PREPARED). */
  authorisation: authorisationResultSchema.optional(),
  /** MOBILE_NUMBER: the result of the TAN sent to the new number (`newMobileNumberProofData`, verifychangedmobilenr). */
  newNumberProof: authorisationResultSchema.optional(),
});
export type CreateTicket = z.infer<typeof createTicketSchema>;

export const updateTicketSchema = z.object({ data: z.record(z.string(), z.unknown()) });
export const submitTicketSchema = z.object({
  /** The attributes as confirmed (a draft changed in the form); absent: the draft's. */
  data: z.record(z.string(), z.unknown()).optional(),
  authorisation: authorisationResultSchema,
  /** MOBILE_NUMBER: the result of the TAN sent to the new number (`newMobileNumberProofData`, verifychangedmobilenr). */
  newNumberProof: authorisationResultSchema.optional(),
});
export type SubmitTicket = z.infer<typeof submitTicketSchema>;

export const fsaPreviewSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** An entry of the dialog with its id and the files attached to it. */
export const ticketDialogEntrySchema = ticketEntrySchema.extend({
  id: z.uuid(),
  attachments: z.array(attachmentSchema),
});
export type TicketDialogEntry = z.infer<typeof ticketDialogEntrySchema>;

export const ticketDialogSchema = z.object({
  ticket: ticketSchema,
  entries: z.array(ticketDialogEntrySchema),
});
export type TicketDialog = z.infer<typeof ticketDialogSchema>;

export const TICKET_REPLY_MAX = 4000;
export const ticketReplySchema = z
  .object({
    content: typedText({ multiline: true }).trim().max(TICKET_REPLY_MAX, `Höchstens ${TICKET_REPLY_MAX} Zeichen.`).default(''),
    attachmentIds: z.array(z.uuid()).max(10).default([]),
  })
  .refine((r) => r.content !== '' || r.attachmentIds.length > 0, { message: 'Bitte schreiben Sie eine Nachricht oder hängen Sie eine Datei an.', path: ['content'] });
export type TicketReply = z.input<typeof ticketReplySchema>;

export const attachmentParamsSchema = z.object({ id: z.string().max(100), attachmentId: z.string().max(100) });
