import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Notices from Kontor: banners on the pages they concern until the customer dismisses them. */
export const notices = pgTable(
  'notices',
  {
    /** Kontor's own notices have readable ids ("steuer-id"); issued ones a uuid. */
    id: text('id').primaryKey(),
    /** NOTICE_PAGES; one notice may concern several pages (settings and depot). */
    pages: text('pages').array().notNull(),
    level: text('level').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    linkLabel: text('link_label'),
    isin: text('isin'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** null: every customer; otherwise the one customer (identity sub) it is for. */
    audienceSub: uuid('audience_sub'),
  },
  (t) => [index('notices_audience').on(t.audienceSub)],
);

/** Who dismissed which notice; dismissing twice keeps the first row. */
export const noticeDismissals = pgTable(
  'notice_dismissals',
  {
    sub: uuid('sub').notNull(),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.noticeId] })],
);

/** The customer's own notes on an instrument or a position. */
export const ownNotes = pgTable(
  'own_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    /** NOTE_SUBJECTS */
    subject: text('subject').notNull(),
    isin: text('isin').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('own_notes_sub_isin').on(t.sub, t.isin)],
);
