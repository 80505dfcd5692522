import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger: every movement of money is a set of postings that sum to zero, written in
 * the same transaction as the order, execution or fee that caused it. Accounts are named
 * `customer:<sub>:cash` (free to spend), `customer:<sub>:reserved` (held for open buy orders) and
 * `house:<name>` (the market maker, fees, the bank the customer transfers from).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: uuid('tx_id').notNull(),
    account: text('account').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    /** deposit | reserve | release | buy | sell | fee */
    kind: text('kind').notNull(),
    /** What caused it: an order or execution id. */
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_postings_account').on(t.account, t.id), index('ledger_postings_tx').on(t.txId)],
);

/**
 * The running balance per account, updated in the same statement batch as the postings. The check
 * makes a customer account going below zero fail the whole transaction: cash is never negative.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    account: text('account').primaryKey(),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [check('customer_balance_not_negative', sql`${t.account} not like 'customer:%' or ${t.balance} >= 0`)],
);

/** Purchase lots, consumed first in first out by sales (see @kontor/domain/lots). */
export const lots = pgTable(
  'lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 8 }).notNull(),
    remaining: numeric('remaining', { precision: 24, scale: 8 }).notNull(),
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull(),
    remainingCost: numeric('remaining_cost', { precision: 20, scale: 2 }).notNull(),
    /** Vorabpauschalen taxed on the remaining pieces; a sale deducts its share from the gain. */
    remainingVorabpauschale: numeric('remaining_vorabpauschale', { precision: 20, scale: 2 }).notNull().default('0'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The execution that bought it; null for the demo customer's opening positions. */
    executionId: text('execution_id'),
  },
  (t) => [
    index('lots_sub_isin').on(t.sub, t.isin, t.openedAt),
    check('lot_remaining_within_quantity', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.quantity}`),
  ],
);

/**
 * Every booking written, by its business key (an execution id, a deposit's request, …): the
 * writer claims the key in the booking's own transaction, so a booking repeated by a retry, a
 * crash or a second process is written once.
 */
export const bookings = pgTable(
  'bookings',
  {
    key: text('key').primaryKey(),
    /** execution | deposit | opening_position | … */
    kind: text('kind').notNull(),
    sub: uuid('sub').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bookings_sub').on(t.sub, t.bookedAt)],
);
