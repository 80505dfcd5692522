import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One strong-customer-authentication challenge (PSD2 RTS Art. 4 and 5). The id is the ticket the
 * customer's browser holds; `digest` binds it to exactly what it authorises; the TAN itself is
 * never stored, only its hash.
 */
export const authorisationChallenges = pgTable(
  'authorisation_challenges',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub').notNull(),
    /** The payload kind (ENROLL_DEVICE, MONEY_TRANSACTION, …). */
    type: text('type').notNull(),
    /** What is authorised, in the words of the SMS ("Auszahlung 100,00 € an DE89 •••• 3000"). */
    summary: text('summary').notNull(),
    /** sha256 of the canonical form of what is authorised. */
    digest: text('digest').notNull(),
    /** SMS | VOICE | APP */
    channel: text('channel').notNull(),
    /** The number the TAN went to, and as shown ("+49 151 •••• 78"). */
    recipient: text('recipient').notNull(),
    sentTo: text('sent_to').notNull(),
    /** The TAN went to a number that is not (yet) the customer's: verifychangedmobilenr. */
    toNewNumber: boolean('to_new_number').notNull().default(false),
    /** HMAC-SHA256 of ticket:TAN under TAN_HASH_KEY (decision 030). */
    tanHash: text('tan_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** CHALLENGE_STATES */
    state: text('state').notNull(),
    authorizationId: text('authorization_id'),
    /** The enrolled app asked to approve it (channel APP). */
    deviceSerial: text('device_serial'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('authorisation_challenges_sub').on(t.sub, t.createdAt), index('authorisation_challenges_device').on(t.deviceSerial, t.state)],
);

/**
 * Per customer: wrong TAN answers in a row across challenges, and the lock they led to (PSD2 RTS
 * Art. 4(3)(b), decision 030). Its row is also what serialises one customer's TAN requests and
 * answers across processes (taken FOR UPDATE), so the counts and the per-customer challenge limit
 * hold however many requests arrive at once.
 */
export const authorisationLockouts = pgTable('authorisation_lockouts', {
  sub: uuid('sub').primaryKey(),
  wrongInARow: integer('wrong_in_a_row').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
