import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The first response to a state-changing request, replayed when the same Idempotency-Key comes again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sub: uuid('sub').notNull(),
    key: text('key').notNull(),
    /** The route and a hash of the body, so a key reused for a different request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.key] })],
);
