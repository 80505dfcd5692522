import { boolean, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
