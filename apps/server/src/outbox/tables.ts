import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The embedded SMS/mail gateway: what would have been sent, shown on /dev/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    /** sms | voice | email */
    channel: text('channel').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_messages_created').on(t.createdAt)],
);
