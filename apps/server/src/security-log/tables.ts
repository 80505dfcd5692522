import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The security log: one row per security-relevant event of a customer. Append-only: a trigger
 * (migration 0026) refuses UPDATE, DELETE and TRUNCATE, except the retention purge's DELETE of
 * rows older than the cutoff it names (see store.ts `purgeBefore`).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    /** SECURITY_EVENT_KINDS */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Shortened client address (never the full one); null when no request caused the event. */
    address: text('address'),
    /** LOCAL or PUBLIC */
    network: text('network'),
    country: text('country'),
    /** Browser and OS from the User-Agent, never the raw header. */
    device: text('device'),
    detail: text('detail'),
  },
  (t) => [index('security_events_sub_at').on(t.sub, t.at, t.id), index('security_events_at').on(t.at)],
);
