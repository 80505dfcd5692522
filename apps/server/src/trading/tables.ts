import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The execution that bought it; null for the demo customer's opening positions. */
    executionId: text('execution_id'),
  },
  (t) => [
    index('lots_sub_isin').on(t.sub, t.isin, t.openedAt),
    check('lot_remaining_within_quantity', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.quantity}`),
  ],
);

/** One-time confirmations a customer gives: trading low-volume instruments, OTC trading. */
export const tradingConfirmations = pgTable(
  'trading_confirmations',
  {
    sub: uuid('sub').notNull(),
    /** lowtrading | otc */
    kind: text('kind').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.kind] })],
);

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

/**
 * Orders as the customer placed them. `state` is the engine's own record of the order
 * (OrderState, JSON), from which the engine is rebuilt at start; the columns beside it are what
 * queries filter on and what the ledger needs.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    side: text('side').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    cancelStatus: text('cancel_status'),
    /** Final orders (filled, cancelled, expired, rejected) need not be loaded into the engine. */
    open: boolean('open').notNull(),
    state: jsonb('state').notNull(),
    /** The ex-ante costs the customer saw before sending. */
    costs: jsonb('costs'),
    /** Euros held for an open buy order (cash → reserved). */
    reserved: numeric('reserved', { precision: 20, scale: 2 }).notNull(),
    /** Pieces blocked for an open sell order. */
    blocked: numeric('blocked', { precision: 24, scale: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('orders_sub_created').on(t.sub, t.createdAt), index('orders_open').on(t.open, t.isin)],
);

/** Each (partial) execution of an order; the contract note is made from it. */
export const executions = pgTable(
  'executions',
  {
    /** `<order id>-<n>`, as the engine numbers them. */
    id: text('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    side: text('side').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 8 }).notNull(),
    /** Price per piece in the quote currency. */
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    currency: text('currency').notNull(),
    /** Euros per unit of the quote currency at execution. */
    fxRate: numeric('fx_rate', { precision: 20, scale: 8 }).notNull(),
    /** quantity × price in euros (Kurswert). */
    value: numeric('value', { precision: 20, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 20, scale: 2 }).notNull(),
    /** Sales: proceeds after fees minus the FIFO acquisition cost. */
    realisedPnl: numeric('realised_pnl', { precision: 20, scale: 2 }),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('executions_order').on(t.orderId), index('executions_sub').on(t.sub, t.executedAt)],
);
