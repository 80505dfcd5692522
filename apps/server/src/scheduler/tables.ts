import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Jobs the back office runs when the clock reaches them (docs/decisions/013-scheduler.md): a
 * payout on its banking day, a savings plan on its date. One row per business key, so scheduling
 * the same job twice keeps the first; `state` goes pending → done | failed | cancelled, once.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When it may be tried next: its due time, later after a failed attempt (backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** The message of the last failure (no stack, shortened). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('scheduled_jobs_pending').on(t.runAfter).where(sql`${t.state} = 'pending'`),
    check('scheduled_jobs_state', sql`${t.state} in ('pending', 'done', 'failed', 'cancelled')`),
  ],
);
