import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    isin: text('isin').notNull(),
    /** above | below */
    direction: text('direction').notNull(),
    price: numeric('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
  },
  (t) => [index('price_alerts_sub').on(t.sub), index('price_alerts_open').on(t.isin, t.triggeredAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isin: text('isin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_sub_created').on(t.sub, t.createdAt)],
);
