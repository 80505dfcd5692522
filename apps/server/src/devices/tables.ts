import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The Kontor app enrolled on a customer's device; a retired device keeps its row for the record. */
export const appDevices = pgTable(
  'app_devices',
  {
    serial: text('serial').primaryKey(),
    sub: uuid('sub').notNull(),
    name: text('name').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('app_devices_sub').on(t.sub)],
);

/** The customer's app settings; no row means the defaults (SMS, no sign-in approval). Which kinds are pushed: notification_preferences. */
export const appSettings = pgTable('app_settings', {
  sub: uuid('sub').primaryKey(),
  defaultFactor: text('default_factor').notNull().default('SMS'),
  approveSignIns: boolean('approve_sign_ins').notNull().default(false),
});

/** A browser session (its token family's origin_jti) whose sign-in was approved in the app. */
export const approvedSessions = pgTable(
  'approved_sessions',
  {
    sub: uuid('sub').notNull(),
    session: text('session').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.session] })],
);
