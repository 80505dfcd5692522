import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Changes of the e-mail address: asked for, authorised (kind EMAIL), then confirmed with the code
 * sent to the new address. The code is kept only as a hash bound to the request.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    oldEmail: text('old_email'),
    newEmail: text('new_email').notNull(),
    /** EMAIL_CHANGE_STATES */
    state: text('state').notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_sub').on(t.sub, t.createdAt)],
);
