import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** PDF bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Every document a customer received (docs/decisions/016-documents-rendered-once-after-commit.md).
 * `data` is what the PDF shows, written when the document is issued; `pdf` is rendered from it
 * once, after the issuing transaction commits, and never changes again. `dedupe_key` makes issuing
 * idempotent per customer (`contract_note:<execution id>`, `depot_statement:2026-Q3`).
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
    // The renderer's queue: documents not yet rendered, oldest first.
    index('customer_documents_unrendered').on(t.issuedAt).where(sql`${t.pdf} is null`),
  ],
);
