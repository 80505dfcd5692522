import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** File bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Service tickets: a change request of one SERVICE_REQUEST_TYPE with its attributes (spec keys).
 * PREPARED (draft) → OPEN (submitted with a TAN) → CUSTOMER_REPLY (an agent asked) ⇄ OPEN → CLOSED.
 * `version` counts submissions and replies: the back office's job key carries it, so a reply
 * schedules a new run and an old one finds nothing to do.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    /** SERVICE_REQUEST_TYPES */
    type: text('type').notNull(),
    /** TICKET_STATES */
    state: text('state').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** TICKET_OUTCOMES, once CLOSED. */
    outcome: text('outcome'),
    version: integer('version').notNull().default(0),
    /** Whether the agent already asked (an agent asks at most once per ticket). */
    asked: boolean('asked').notNull().default(false),
    unread: boolean('unread').notNull().default(false),
    lastEntry: text('last_entry'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('tickets_sub').on(t.sub, t.updatedAt)],
);

/** The dialog of a ticket (spec §3 ticket entry): the customer's, the agents' and Kontor's entries. */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id').notNull(),
    sub: uuid('sub').notNull(),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    /** TICKET_ENTRY_TYPES */
    entryType: text('entry_type').notNull(),
    /** Written order: entries of one instant (a question and a reply while the clock stands) keep it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('ticket_entries_ticket').on(t.ticketId, t.seq)],
);

/**
 * A file of a ticket's dialog (spec §3 attachment). Uploaded first (`entry_id` null), then bound
 * to an entry (a reply) or to the ticket's attributes (attachmentFileReferences). The bytes live
 * in the attachment storage (embedded: ticket_attachment_blobs), under `storage_key`.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id').notNull(),
    sub: uuid('sub').notNull(),
    entryId: uuid('entry_id'),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** ATTACHMENT_MEDIA_TYPES, by the file's magic bytes. */
    mediaType: text('media_type').notNull(),
    isAgentAttachment: boolean('is_agent_attachment').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ticket_attachments_ticket').on(t.ticketId, t.createdAt), index('ticket_attachments_entry').on(t.entryId).where(sql`${t.entryId} is not null`)],
);

/** The embedded attachment storage: the bytes in the database (production: an object store). */
export const ticketAttachmentBlobs = pgTable('ticket_attachment_blobs', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
