import { boolean, date, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CaOption } from '@kontor/domain/corporate-actions';
import type { CaType } from '@kontor/domain/enums';

/**
 * Corporate actions as the custodian announced them (one row per event, for everyone holding the
 * ISIN). The dates drive the scheduler: rights booked and open orders deleted on `ex_date`,
 * defaults taken at `deadline`, unused rights sold at `rights_trading_end`, the rest booked on `pay_date`.
 */
export const caEvents = pgTable(
  'ca_events',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<CaType>().notNull(),
    isin: text('isin').notNull(),
    targetIsin: text('target_isin').notNull(),
    rightsIsin: text('rights_isin'),
    ratioOld: numeric('ratio_old', { precision: 20, scale: 6 }).notNull(),
    ratioNew: numeric('ratio_new', { precision: 20, scale: 6 }).notNull(),
    price: numeric('price', { precision: 20, scale: 6 }),
    dividend: numeric('dividend', { precision: 20, scale: 6 }),
    foreignDividend: numeric('foreign_dividend', { precision: 20, scale: 6 }),
    currency: text('currency'),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    rightsTradingEnd: timestamp('rights_trading_end', { withTimezone: true }),
    payDate: date('pay_date', { mode: 'string' }).notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ca_events_isin').on(t.isin), index('ca_events_rights_isin').on(t.rightsIsin)],
);

/**
 * Who an event concerns: every customer holding the ISIN when it was announced. `quantity` is
 * what they held then, fixed to the holding at the record date on the ex date (`fixed`). A
 * customer sees only the events they have a row for.
 */
export const caEntitlements = pgTable(
  'ca_entitlements',
  {
    eventId: text('event_id').notNull(),
    sub: uuid('sub').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 6 }).notNull(),
    /** KAP: rights booked on the ex date. */
    rights: numeric('rights', { precision: 24, scale: 6 }).notNull().default('0'),
    fixed: boolean('fixed').notNull().default(false),
    /** Phases booked ('ex', 'rights', 'pay'). */
    booked: jsonb('booked').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sub] }), index('ca_entitlements_sub').on(t.sub)],
);

/**
 * The customer's instruction (one per event; a new one replaces it until the deadline). At the
 * deadline every entitled customer without one gets the default (`source` 'default'), and all
 * become binding. `reserved` is the cash held for it under the ledger ref `ca:<event>:<sub>`.
 */
export const caInstructions = pgTable(
  'ca_instructions',
  {
    eventId: text('event_id').notNull(),
    sub: uuid('sub').notNull(),
    option: text('option').$type<CaOption>().notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 6 }),
    source: text('source').$type<'customer' | 'default'>().notNull(),
    reserved: numeric('reserved', { precision: 20, scale: 2 }).notNull().default('0'),
    binding: boolean('binding').notNull().default(false),
    instructedAt: timestamp('instructed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sub] })],
);

/**
 * What a corporate action's booking moved per ISIN (pieces in less pieces out, at the booking's
 * time). The lots it opens keep their old acquisition date, so who held how many pieces at an
 * instant (`incomeStore.holdersAt`) counts these moves instead of those lots.
 */
export const caMoves = pgTable(
  'ca_moves',
  {
    bookingKey: text('booking_key').notNull(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 8 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingKey, t.isin] }), index('ca_moves_isin').on(t.isin, t.at)],
);
