import { date, index, integer, jsonb, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Freistellungsaufträge as the back office put them in effect. A new order ends the ones it
 * overlaps on the day before it starts (`valid_to`), so on any day at most one is in effect.
 */
export const exemptionOrders = pgTable(
  'exemption_orders',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** null: until revoked. */
    validTo: date('valid_to', { mode: 'string' }),
    preconditionYear: integer('precondition_year').notNull(),
    /** The spouse of a joint order: givenName, familyName, birthDate, taxId. */
    joint: jsonb('joint').$type<{ givenName: string; familyName: string; birthDate: string; taxId: string }>(),
    ticketId: uuid('ticket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('exemption_orders_sub').on(t.sub, t.validFrom)],
);

/** A loss certificate (Verlustbescheinigung) issued for a year: the pots it certified, then reset. */
export const lossCertificates = pgTable(
  'loss_certificates',
  {
    sub: uuid('sub').notNull(),
    year: integer('year').notNull(),
    /** The certified loss of each pot; null for a pot the customer did not ask to certify. */
    stocks: numeric('stocks', { precision: 20, scale: 2 }),
    other: numeric('other', { precision: 20, scale: 2 }),
    ticketId: uuid('ticket_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.year] })],
);
