import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /** What it links to. */
    orderId: uuid('order_id'),
    documentId: uuid('document_id'),
    /** At most one notification per key (a trailing stop's move: one per order and Berlin day). */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The customer's channels for its kind when it was written: listed in the bell, e-mailed, pushed. */
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    push: boolean('push').notNull().default(false),
    /** When its e-mail and pushes were handed over (after the commit that wrote it). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_sub_created').on(t.sub, t.createdAt),
    uniqueIndex('notifications_key').on(t.key),
    index('notifications_undelivered').on(t.createdAt).where(sql`delivered_at is null and (email or push)`),
  ],
);

/** The customer's channels per notification kind; a kind without a row has the defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    sub: uuid('sub').notNull(),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.kind] })],
);

/** A push sent to one enrolled device of the Kontor app (the embedded push gateway; shown on /dev/app). */
export const appPushes = pgTable(
  'app_pushes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    serial: text('serial').notNull(),
    notificationId: uuid('notification_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('app_pushes_serial').on(t.serial, t.createdAt), uniqueIndex('app_pushes_once').on(t.notificationId, t.serial)],
);
