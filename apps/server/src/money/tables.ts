import { date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Money in and out of the depot's cash account. These tables say where a payout, a direct debit or
 * an incoming transfer stands; the money itself moves only as bookings (bookings/cash-bookings.ts).
 */

/** The customer's own account (Referenzkonto): payouts go only here, direct debits come from here. */
export const referenceAccounts = pgTable('reference_accounts', {
  sub: uuid('sub').primaryKey(),
  /** Electronic format. */
  iban: text('iban').notNull(),
  holder: text('holder').notNull(),
  bic: text('bic'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    iban: text('iban').notNull(),
    /** ORDERED | EXECUTED | CANCELLED */
    state: text('state').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    /** The banking day the scheduler executes it on. */
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('payouts_sub').on(t.sub, t.orderedAt)],
);

/** The SEPA direct debit mandate, signed by TAN; one per customer. */
export const mandates = pgTable('sepa_mandates', {
  sub: uuid('sub').primaryKey(),
  mandateReference: text('mandate_reference').notNull().unique(),
  creditorId: text('creditor_id').notNull(),
  iban: text('iban').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});

export const directDebits = pgTable(
  'direct_debits',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    /** Credited as buying power when requested; the rest follows when it settles. */
    creditedAtOnce: numeric('credited_at_once', { precision: 20, scale: 2 }).notNull(),
    /** PENDING | SETTLED | RETURNED */
    state: text('state').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('direct_debits_sub').on(t.sub, t.requestedAt)],
);

/** A SEPA credit transfer announced for the customer (the simulated bank), booked on its booking day. */
export const incomingTransfers = pgTable(
  'incoming_transfers',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    /** PENDING | BOOKED */
    state: text('state').notNull(),
  },
  (t) => [index('incoming_transfers_sub').on(t.sub)],
);
