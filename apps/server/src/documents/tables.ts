import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Documents for the customer's Posteingang. A contract note's PDF is rendered from its execution
 * when it is opened, so the order path does not wait for PDF rendering.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    /** contract_note | … */
    kind: text('kind').notNull(),
    pdfTitle: text('pdf_title').notNull(),
    pdfIsin: text('pdf_isin'),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('customer_documents_sub').on(t.sub, t.createdAt)],
);
