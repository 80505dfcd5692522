import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Marketing-campaign visits (spec §2: fz* parameters), one row per reported landing. */
export const trackingEvents = pgTable('tracking_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  fzsrc: text('fzsrc').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
