import { date, jsonb, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One position's end of a day: pieces held, their value in EUR, and what flowed in (buys) and out (sells). */
export type PositionSnapshot = { isin: string; quantity: string; value: string; flowIn: string; flowOut: string };

/**
 * The depot at the end of each Berlin day (issue 19, performance): written by the daily job after
 * the market closes, or rebuilt from bookings and the price history for a day without one. Once
 * written, a day's figures stay as they were (the simulated price history is anchored to today's
 * quote and would otherwise drift). Values in EUR; `invested` = deposits − payouts up to that day.
 */
export const depotSnapshots = pgTable(
  'depot_snapshots',
  {
    sub: uuid('sub').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Cash (free, reserved, arrears) plus the positions' market value. */
    value: numeric('value', { precision: 20, scale: 2 }).notNull(),
    cash: numeric('cash', { precision: 20, scale: 2 }).notNull(),
    invested: numeric('invested', { precision: 20, scale: 2 }).notNull(),
    /** Deposits (and transfers in) of the day. */
    flowIn: numeric('flow_in', { precision: 20, scale: 2 }).notNull(),
    /** Payouts (and transfers out) of the day. */
    flowOut: numeric('flow_out', { precision: 20, scale: 2 }).notNull(),
    positions: jsonb('positions').$type<PositionSnapshot[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.day] })],
);
