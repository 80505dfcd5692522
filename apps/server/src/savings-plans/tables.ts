import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** What a change after the cut-off will do once the execution it missed has run. */
export type PendingChange = { action: 'change' | 'pause' | 'delete'; amount: string; interval: string; day: number; after: string };

/**
 * The customers' savings plans. `next_nominal` is the next scheduled date, `next_date` the trading
 * day it executes on (both null while paused or deleted): the execution day's job finds the plans
 * due by `next_date` through the partial index.
 */
export const savingsPlans = pgTable(
  'savings_plans',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    /** SAVINGS_INTERVALS */
    interval: text('interval').notNull(),
    /** 1 or 15; ISO weekday 1–5 for weekly and 2-weekly plans. */
    day: integer('day').notNull(),
    dynamicPercent: integer('dynamic_percent').notNull(),
    /** CASH | DIRECT_DEBIT */
    payment: text('payment').notNull(),
    /** The first execution's scheduled date: the anniversaries of the yearly increase count from it. */
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    increases: integer('increases').notNull().default(0),
    nextNominal: date('next_nominal', { mode: 'string' }),
    nextDate: date('next_date', { mode: 'string' }),
    /** ENTITY_STATES */
    state: text('state').notNull(),
    pending: jsonb('pending').$type<PendingChange>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('savings_plans_sub').on(t.sub, t.createdAt),
    // The plans due by an execution day, per instrument (the block order).
    index('savings_plans_due').on(t.isin, t.nextDate).where(sql`${t.state} in ('active', 'atwork')`),
    // One plan per instrument and customer, deleted ones aside.
    uniqueIndex('savings_plans_one_per_instrument').on(t.sub, t.isin).where(sql`${t.state} <> 'deleted'`),
  ],
);

/** One execution day of one plan: executed (with the pieces bought) or failed (with the reason). Once per plan and day. */
export const savingsPlanExecutions = pgTable(
  'savings_plan_executions',
  {
    planId: uuid('plan_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    sub: uuid('sub').notNull(),
    /** executed | failed */
    state: text('state').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 8 }),
    price: numeric('price', { precision: 20, scale: 6 }),
    value: numeric('value', { precision: 20, scale: 2 }),
    fee: numeric('fee', { precision: 20, scale: 2 }),
    orderId: uuid('order_id'),
    documentId: uuid('document_id'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.date] })],
);

/** The block order of one instrument on one execution day: one price for every plan in it. */
export const savingsBlocks = pgTable(
  'savings_blocks',
  {
    date: date('date', { mode: 'string' }).notNull(),
    isin: text('isin').notNull(),
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    fxRate: numeric('fx_rate', { precision: 20, scale: 8 }).notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 8 }).notNull(),
    value: numeric('value', { precision: 20, scale: 2 }).notNull(),
    executed: integer('executed').notNull(),
    failed: integer('failed').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.isin] })],
);
