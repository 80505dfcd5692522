import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Identification } from '@kontor/domain/onboarding-contracts';
import type { AccountData, ExperienceProfile, PersonalData, TaxData, TermsData } from '@kontor/domain/onboarding';

/**
 * Account opening (Kontoeröffnung): one application per e-mail address while it is not completed,
 * resumable by a code to that address. Each step's data is stored as the rules normalised it; a
 * completed application keeps its data (the account-opening PDF shows it).
 */
export const onboardingApplications = pgTable(
  'onboarding_applications',
  {
    id: uuid('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    /** APPLICATION_STATUSES */
    status: text('status').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    personal: jsonb('personal').$type<PersonalData>(),
    tax: jsonb('tax').$type<TaxData>(),
    account: jsonb('account').$type<AccountData>(),
    experience: jsonb('experience').$type<ExperienceProfile>(),
    terms: jsonb('terms').$type<TermsData>(),
    identification: jsonb('identification').$type<Identification>(),
    /** The open e-mail code: SHA-256 of application id and code; null once used or voided. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeFailures: integer('code_failures').notNull().default(0),
    /** Codes sent in the hour since `code_window_start` (at most 5). */
    codeWindowStart: timestamp('code_window_start', { withTimezone: true }),
    codesInWindow: integer('codes_in_window').notNull().default(0),
    /** SHA-256 (hex) of the application token the browser holds (`x-onboarding-token`). */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The user-pool user made by signupuser. */
    userSub: uuid('user_sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('onboarding_applications_open_email').on(t.email).where(sql`${t.status} <> 'COMPLETED'`),
    uniqueIndex('onboarding_applications_token').on(t.tokenHash),
    index('onboarding_applications_user').on(t.userSub),
  ],
);

/**
 * Bot-protection challenges already used (single use). Keyed by the SHA-256 of the challenge, so
 * one challenge buys one request whatever counter was found for it; swept once expired.
 */
export const botProtectionTokensUsed = pgTable(
  'bot_protection_tokens_used',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_protection_tokens_used_expiry').on(t.expiresAt)],
);

/** The appropriateness test (§63(10) WpHG) as the customer answered it at account opening. */
export const customerExperience = pgTable('customer_experience', {
  sub: uuid('sub').primaryKey(),
  profile: jsonb('profile').$type<ExperienceProfile>().notNull(),
  assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull(),
});

/**
 * Kontor's customers: a user of the pool is one only once the account opening made it (or the
 * seed and the developer tools, which stand in for it). The API serves no one else, whatever
 * the pool let them do.
 */
export const customers = pgTable('customers', {
  sub: uuid('sub').primaryKey(),
  /** ACCOUNT_OPENING | SEED | DEV_TOOLS | TEST | EXISTING (users from before the register) */
  via: text('via').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
});
