import { boolean, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostalAddress, TaxResidence } from '@kontor/domain/customer-settings-contracts';

/**
 * The customer's data that service requests change (address, tax residences, the depot
 * statement's due date, confirmations), one row per customer, written by the back office when it
 * carries out a ticket. Absent: nothing was ever set (the defaults of GET /api/usersettings).
 */
export const customerSettings = pgTable('customer_settings', {
  sub: uuid('sub').primaryKey(),
  address: jsonb('address').$type<PostalAddress>(),
  taxResidences: jsonb('tax_residences').$type<TaxResidence[]>(),
  /** PORTFOLIO_REPORT_DUE_DATES ("12-31"). */
  portfolioReportDueDate: text('portfolio_report_due_date'),
  cryptoAddressConfirmedAt: timestamp('crypto_address_confirmed_at', { withTimezone: true }),
  idDocumentValidUntil: date('id_document_valid_until', { mode: 'string' }),
  lombardDocumentsConfirmedAt: timestamp('lombard_documents_confirmed_at', { withTimezone: true }),
  lombardConfirmedDocuments: jsonb('lombard_confirmed_documents').$type<string[]>(),
  terminationRequestedAt: timestamp('termination_requested_at', { withTimezone: true }),
  terminationReason: text('termination_reason'),
  /** The customer's own choices in the app (null: the default of DEFAULT_PREFERENCES). THEMES. */
  theme: text('theme'),
  /** DEFAULT_ORDER_VALIDITIES: the validity the order ticket starts with. */
  defaultOrderValidity: text('default_order_validity'),
  /** LANGUAGES. */
  language: text('language'),
  /** Advertising consent; null: never given nor withdrawn. */
  adAgree: boolean('ad_agree'),
  adAgreeChangedAt: timestamp('ad_agree_changed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

