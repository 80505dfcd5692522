import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** PDF bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The kinds the background queue renders after commit: each issued by one customer's own action
 * (a trade, a service request, the account opening), a few at a time. Every other kind is issued by
 * a job to many customers at once (a savings-plan day, period ends, tax and corporate-action runs)
 * and is rendered when it is first opened, so a job leaves no backlog
 * (docs/decisions/040-bulk-documents-rendered-on-first-opening.md). The queue's index is partial on
 * this list: changing it is a migration.
 */
export const QUEUED_KINDS = ['contract_note', 'ticket_confirmation', 'account_opening'] as const;

/** A document the background queue still has to render: the index's predicate and the queue's condition, spelled alike so the planner uses the index. */
export const awaitingQueue = (t: { pdf: AnyPgColumn; kind: AnyPgColumn }): SQL =>
  sql`${t.pdf} is null and ${t.kind} in (${sql.raw(QUEUED_KINDS.map((k) => `'${k}'`).join(', '))})`;

/**
 * Every document a customer received (docs/decisions/016-documents-rendered-once-after-commit.md).
 * `data` is what the PDF shows, written when the document is issued; `pdf` is rendered from it
 * once (after the issuing transaction commits, or when it is first opened) and never changes again.
 * `dedupe_key` makes issuing idempotent per customer (`contract_note:<execution id>`,
 * `depot_statement:2026-Q3`).
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    /** DOCUMENT_KINDS */
    kind: text('kind').notNull(),
    /** DOCUMENT_CATEGORIES */
    category: text('category').notNull(),
    savingsPlan: boolean('savings_plan').notNull().default(false),
    title: text('title').notNull(),
    pdfTitle: text('pdf_title'),
    /** Comma-separated, as spec §3 sends it. */
    pdfIsin: text('pdf_isin'),
    isins: text('isins').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-case display title and ISINs: what the search looks in. */
    search: text('search').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    pdf: bytea('pdf'),
    pdfSize: integer('pdf_size'),
  },
  (t) => [
    uniqueIndex('customer_documents_dedupe').on(t.sub, t.dedupeKey),
    // Keyset paging newest first (a backward scan: `desc` here would be `desc nulls last`, which
    // an `order by … desc` cannot use), per customer; with a category; unread only.
    index('customer_documents_page').on(t.sub, t.issuedAt, t.id),
    index('customer_documents_category').on(t.sub, t.category, t.issuedAt, t.id),
    index('customer_documents_unread').on(t.sub, t.issuedAt, t.id).where(sql`${t.readAt} is null`),
    index('customer_documents_savings_plan').on(t.sub, t.issuedAt, t.id).where(sql`${t.savingsPlan}`),
    // The renderer's queue: documents of the queued kinds not yet rendered, oldest first.
    index('customer_documents_queued').on(t.issuedAt).where(awaitingQueue(t)),
  ],
);
