import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages of the Nachrichten tab: what happened to an order, an RFQ, a ticket, or plain text from
 * Kontor. `text_form` is kept as it arrived (TEXT, ORDER, …, or a form Kontor does not know); the
 * kind is worked out from it when listed.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    textForm: text('text_form').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    orderId: uuid('order_id'),
    ticketId: text('ticket_id'),
    isin: text('isin'),
    /** tslupdate: the new stop. */
    stop: numeric('stop'),
    /** One message per key, kept up to date (a trailing stop's: `tsl:<order id>`). */
    key: text('key'),
  },
  (t) => [index('customer_messages_sub_created').on(t.sub, t.createdAt, t.id), uniqueIndex('customer_messages_key').on(t.key)],
);
