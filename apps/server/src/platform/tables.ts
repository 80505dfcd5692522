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

/**
 * The last customer activity of a sign-in (token family's origin_jti), which every server process
 * reads before a money or authorisation call (PSD2 RTS Art. 4(3)(d)). Written at most once a minute
 * per session; the sign-in itself (the token's auth_time) counts without a row.
 */
export const sessionActivity = pgTable('session_activity', {
  session: text('session').primaryKey(),
  sub: uuid('sub').notNull(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
});

/**
 * The counts of the rate limits when several processes share one PostgreSQL (rate-limit-store.ts):
 * one row per client and route, the hits of the current window and when it ends.
 */
export const rateLimitCounts = pgTable('rate_limit_counts', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
