import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A user of the pool. Only the SRP salt and verifier are kept; never the password. */
export const identityUsers = pgTable(
  'identity_users',
  {
    sub: uuid('sub').primaryKey().defaultRandom(),
    poolId: text('pool_id').notNull(),
    username: text('username').notNull(),
    saltHex: text('salt_hex').notNull(),
    verifierHex: text('verifier_hex').notNull(),
    /** UNCONFIRMED | CONFIRMED | FORCE_CHANGE_PASSWORD | RESET_REQUIRED */
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    smsMfaEnabled: boolean('sms_mfa_enabled').notNull().default(false),
    totpMfaEnabled: boolean('totp_mfa_enabled').notNull().default(false),
    preferredMfa: text('preferred_mfa'),
    totpSecret: text('totp_secret'),
    pendingTotpSecret: text('pending_totp_secret'),
    /** The 30-second step of the last authenticator code taken: a code is used once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('identity_users_pool_username').on(t.poolId, t.username)],
);

/**
 * Wrong passwords for names the pool does not know, counted like a user's (failed_attempts,
 * locked_until), so that the warning before the lock and the lock itself say nothing about
 * whether an address is a customer's. Rows go once their lock and count are stale.
 */
export const identityUnknownAttempts = pgTable(
  'identity_unknown_attempts',
  {
    poolId: text('pool_id').notNull(),
    username: text('username').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.username] }), index('identity_unknown_attempts_updated').on(t.updatedAt)],
);

/** One-time codes (sign-up, forgot password, SMS MFA, attribute verification), stored hashed. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('identity_codes_sub_purpose').on(t.sub, t.purpose)],
);

/** State of an authentication flow between InitiateAuth and the last RespondToAuthChallenge. */
export const identityAuthSessions = pgTable('identity_auth_sessions', {
  id: text('id').primaryKey(),
  sub: uuid('sub').notNull(),
  challenge: text('challenge').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Refresh tokens, stored as hashes. Revoking one voids every access token it produced. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    originJti: uuid('origin_jti').primaryKey(),
    sub: uuid('sub').notNull(),
    clientId: text('client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    deviceKey: text('device_key'),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_refresh_tokens_hash').on(t.tokenHash), index('identity_refresh_tokens_sub').on(t.sub)],
);

/** Devices a user has confirmed; a remembered one may sign in without MFA (device SRP). */
export const identityDevices = pgTable(
  'identity_devices',
  {
    deviceKey: text('device_key').primaryKey(),
    sub: uuid('sub').notNull(),
    groupKey: text('group_key').notNull(),
    saltHex: text('salt_hex'),
    verifierHex: text('verifier_hex'),
    name: text('name'),
    /** remembered | not_remembered */
    rememberedStatus: text('remembered_status').notNull().default('not_remembered'),
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull(),
    lastAuthenticatedAt: timestamp('last_authenticated_at', { withTimezone: true }),
    lastIp: text('last_ip'),
  },
  (t) => [index('identity_devices_sub').on(t.sub)],
);

/** RS256 signing keys of the pool; the newest signs, all are published in the JWKS. */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    kid: text('kid').notNull(),
    poolId: text('pool_id').notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.kid] })],
);
