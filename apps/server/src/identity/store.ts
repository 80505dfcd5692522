import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../platform/db.ts';
import {
  identityAuthSessions,
  identityCodes,
  identityDevices,
  identityRefreshTokens,
  identitySigningKeys,
  identityUnknownAttempts,
  identityUsers,
} from './tables.ts';

export type UserRow = typeof identityUsers.$inferSelect;
export type DeviceRow = typeof identityDevices.$inferSelect;
export type RefreshTokenRow = typeof identityRefreshTokens.$inferSelect;
export type AuthSessionRow = typeof identityAuthSessions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function identityStore(db: Db) {
  return {
    async findUser(poolId: string, usernameOrSub: string): Promise<UserRow | undefined> {
      const name = usernameOrSub.trim().toLowerCase();
      const bySub = UUID.test(name) ? eq(identityUsers.sub, name) : undefined;
      const rows = await db
        .select()
        .from(identityUsers)
        .where(and(eq(identityUsers.poolId, poolId), bySub ? or(eq(identityUsers.username, name), bySub) : eq(identityUsers.username, name)))
        .limit(1);
      return rows[0];
    },
    async userBySub(sub: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(identityUsers).where(eq(identityUsers.sub, sub)).limit(1);
      return rows[0];
    },
    async insertUser(row: typeof identityUsers.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(identityUsers).values(row).returning();
      return created!;
    },
    async updateUser(sub: string, patch: Partial<typeof identityUsers.$inferInsert>): Promise<void> {
      await db.update(identityUsers).set(patch).where(eq(identityUsers.sub, sub));
    },
    /** Counts a wrong password or code; returns the new count. Atomic, so parallel guesses all count. */
    async countFailure(sub: string, now: Date): Promise<number> {
      const rows = await db
        .update(identityUsers)
        .set({ failedAttempts: sql`${identityUsers.failedAttempts} + 1`, updatedAt: now })
        .where(eq(identityUsers.sub, sub))
        .returning({ n: identityUsers.failedAttempts });
      return rows[0]?.n ?? 0;
    },
    /** Takes an authenticator code's step; false when it or a later one was taken before (a code counts once). */
    async takeTotpStep(sub: string, step: number): Promise<boolean> {
      const rows = await db
        .update(identityUsers)
        .set({ totpLastStep: step })
        .where(and(eq(identityUsers.sub, sub), or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step))))
        .returning({ sub: identityUsers.sub });
      return rows.length === 1;
    },
    async unknownAttempts(poolId: string, username: string) {
      const rows = await db
        .select()
        .from(identityUnknownAttempts)
        .where(and(eq(identityUnknownAttempts.poolId, poolId), eq(identityUnknownAttempts.username, username.trim().toLowerCase())))
        .limit(1);
      return rows[0];
    },
    /** Counts a wrong password or code for a name no user has; returns the new count. */
    async countUnknownFailure(poolId: string, username: string, now: Date): Promise<number> {
      const rows = await db
        .insert(identityUnknownAttempts)
        .values({ poolId, username: username.trim().toLowerCase(), failedAttempts: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: [identityUnknownAttempts.poolId, identityUnknownAttempts.username],
          set: { failedAttempts: sql`${identityUnknownAttempts.failedAttempts} + 1`, updatedAt: now },
        })
        .returning({ n: identityUnknownAttempts.failedAttempts });
      return rows[0]?.n ?? 0;
    },
    async lockUnknown(poolId: string, username: string, until: Date, now: Date): Promise<void> {
      await db
        .update(identityUnknownAttempts)
        .set({ failedAttempts: 0, lockedUntil: until, updatedAt: now })
        .where(and(eq(identityUnknownAttempts.poolId, poolId), eq(identityUnknownAttempts.username, username.trim().toLowerCase())));
    },
    /** Names untouched since `before` are forgotten (a user's count is kept until a sign-in succeeds; these have none). */
    async purgeUnknownAttempts(before: Date): Promise<void> {
      await db.delete(identityUnknownAttempts).where(lt(identityUnknownAttempts.updatedAt, before));
    },
    async deleteUser(sub: string): Promise<void> {
      await db.delete(identityDevices).where(eq(identityDevices.sub, sub));
      await db.delete(identityRefreshTokens).where(eq(identityRefreshTokens.sub, sub));
      await db.delete(identityCodes).where(eq(identityCodes.sub, sub));
      await db.delete(identityAuthSessions).where(eq(identityAuthSessions.sub, sub));
      await db.delete(identityUsers).where(eq(identityUsers.sub, sub));
    },

    async insertCode(row: typeof identityCodes.$inferInsert): Promise<void> {
      // A new code replaces any open one for the same purpose: both in one statement.
      const at = row.createdAt.toISOString();
      await db.execute(sql`
        with replaced as (
          update identity_codes set used_at = ${at}::timestamptz
          where sub = ${row.sub} and purpose = ${row.purpose} and used_at is null
        )
        insert into identity_codes (sub, purpose, code_hash, expires_at, created_at)
        values (${row.sub}, ${row.purpose}, ${row.codeHash}, ${row.expiresAt.toISOString()}::timestamptz, ${at}::timestamptz)`);
    },
    /**
     * Checks the open code of a purpose and uses it when `codeHash` is its hash and it has not
     * expired, in one statement. `none`: no open code; `taken`: someone else used it first
     * (single use under concurrency).
     */
    async takeCode(sub: string, purpose: string, codeHash: string, now: Date): Promise<'used' | 'none' | 'expired' | 'mismatch' | 'taken'> {
      const at = now.toISOString();
      const rows = rowsOf<{ matches: boolean; fresh: boolean; used: boolean }>(
        await db.execute(sql`
          with open as (
            select id, code_hash, expires_at from identity_codes
            where sub = ${sub} and purpose = ${purpose} and used_at is null
            order by created_at desc limit 1
          ), used as (
            update identity_codes c set used_at = ${at}::timestamptz from open
            where c.id = open.id and c.used_at is null and open.code_hash = ${codeHash} and open.expires_at > ${at}::timestamptz
            returning c.id
          )
          select open.code_hash = ${codeHash} as matches, open.expires_at > ${at}::timestamptz as fresh, exists (select 1 from used) as used from open`),
      );
      const open = rows[0];
      if (!open) return 'none';
      if (!open.fresh) return 'expired';
      if (!open.matches) return 'mismatch';
      return open.used ? 'used' : 'taken';
    },

    async insertSession(row: AuthSessionRow): Promise<void> {
      await db.insert(identityAuthSessions).values(row);
    },
    /** Takes a session out: each challenge answer consumes the state it answers. */
    async takeSession(id: string, now: Date): Promise<AuthSessionRow | undefined> {
      const rows = await db.delete(identityAuthSessions).where(eq(identityAuthSessions.id, id)).returning();
      const row = rows[0];
      return row && row.expiresAt > now ? row : undefined;
    },
    /** A session and its user in one read (no user for the session of a name no user has). */
    async sessionWithUser(id: string, now: Date): Promise<{ session: AuthSessionRow; user: UserRow | null } | undefined> {
      const rows = await db
        .select({ session: identityAuthSessions, user: identityUsers })
        .from(identityAuthSessions)
        .leftJoin(identityUsers, eq(identityUsers.sub, identityAuthSessions.sub))
        .where(and(eq(identityAuthSessions.id, id), gt(identityAuthSessions.expiresAt, now)))
        .limit(1);
      return rows[0];
    },
    async purgeSessions(now: Date): Promise<void> {
      await db.delete(identityAuthSessions).where(lt(identityAuthSessions.expiresAt, now));
    },

    /** A sign-in's token family, and the device it made (if any), in one statement. */
    async insertSignIn(row: RefreshTokenRow, device: { deviceKey: string; groupKey: string; lastIp: string } | null): Promise<void> {
      const at = (d: Date | null) => d?.toISOString() ?? null;
      const family = sql`insert into identity_refresh_tokens (origin_jti, sub, client_id, token_hash, device_key, auth_time, created_at, expires_at, revoked_at)
        values (${row.originJti}, ${row.sub}, ${row.clientId}, ${row.tokenHash}, ${row.deviceKey}, ${at(row.authTime)}::timestamptz,
          ${at(row.createdAt)}::timestamptz, ${at(row.expiresAt)}::timestamptz, ${at(row.revokedAt)}::timestamptz)`;
      if (!device) {
        await db.execute(family);
        return;
      }
      await db.execute(sql`
        with device as (
          insert into identity_devices (device_key, sub, group_key, created_at, last_modified_at, last_ip)
          values (${device.deviceKey}, ${row.sub}, ${device.groupKey}, ${at(row.createdAt)}::timestamptz, ${at(row.createdAt)}::timestamptz, ${device.lastIp})
        )
        ${family}`);
    },
    async refreshTokenByHash(hash: string): Promise<RefreshTokenRow | undefined> {
      const rows = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, hash)).limit(1);
      return rows[0];
    },
    /** A sign-in's token family and its user in one read. */
    async familyWithUser(originJti: string): Promise<{ family: RefreshTokenRow; user: UserRow } | undefined> {
      const rows = await db
        .select({ family: identityRefreshTokens, user: identityUsers })
        .from(identityRefreshTokens)
        .innerJoin(identityUsers, eq(identityUsers.sub, identityRefreshTokens.sub))
        .where(eq(identityRefreshTokens.originJti, originJti))
        .limit(1);
      return rows[0];
    },
    async revokeRefreshToken(originJti: string, now: Date): Promise<void> {
      await db
        .update(identityRefreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(identityRefreshTokens.originJti, originJti), isNull(identityRefreshTokens.revokedAt)));
    },
    /** Revokes every sign-in of the user, but `keep` (the sign-in that changed the password). */
    async revokeAllRefreshTokens(sub: string, now: Date, keep?: string): Promise<void> {
      await db
        .update(identityRefreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(identityRefreshTokens.sub, sub), isNull(identityRefreshTokens.revokedAt), keep ? ne(identityRefreshTokens.originJti, keep) : undefined));
    },

    async device(sub: string, deviceKey: string): Promise<DeviceRow | undefined> {
      const rows = await db
        .select()
        .from(identityDevices)
        .where(and(eq(identityDevices.sub, sub), eq(identityDevices.deviceKey, deviceKey)))
        .limit(1);
      return rows[0];
    },
    async devices(sub: string, limit: number): Promise<DeviceRow[]> {
      return db
        .select()
        .from(identityDevices)
        .where(and(eq(identityDevices.sub, sub), eq(identityDevices.confirmed, true)))
        .orderBy(desc(identityDevices.lastModifiedAt))
        .limit(limit);
    },
    async updateDevice(deviceKey: string, patch: Partial<typeof identityDevices.$inferInsert>): Promise<void> {
      await db.update(identityDevices).set(patch).where(eq(identityDevices.deviceKey, deviceKey));
    },
    async deleteDevice(sub: string, deviceKey: string): Promise<void> {
      await db.delete(identityDevices).where(and(eq(identityDevices.sub, sub), eq(identityDevices.deviceKey, deviceKey)));
    },

    async signingKeys(poolId: string) {
      return db
        .select()
        .from(identitySigningKeys)
        .where(eq(identitySigningKeys.poolId, poolId))
        .orderBy(desc(identitySigningKeys.createdAt));
    },
    /** First writer wins when two processes create the pool's first key at once. */
    async insertSigningKey(row: typeof identitySigningKeys.$inferInsert): Promise<void> {
      await db.insert(identitySigningKeys).values(row).onConflictDoNothing();
    },
  };
}
export type IdentityStore = ReturnType<typeof identityStore>;

/**
 * The user pool's mobile number, as a service request changes it (the new number was confirmed by
 * a TAN sent to it). A provider's pool does the same with AdminUpdateUserAttributes.
 */
export type PhoneNumberPool = {
  /** Sets the number; answers the verified number it replaced (null: there was none). */
  setVerifiedPhoneNumber(tx: Db, sub: string, e164: string): Promise<string | null>;
};

/** The embedded pool's: one update of the user's attributes inside the caller's transaction. */
export function embeddedPhoneNumbers(clock: { now(): Date }): PhoneNumberPool {
  return {
    async setVerifiedPhoneNumber(tx, sub, e164) {
      const [before] = await tx.select({ attributes: identityUsers.attributes }).from(identityUsers).where(eq(identityUsers.sub, sub)).for('update');
      const old = before?.attributes.phone_number_verified === 'true' ? (before.attributes.phone_number ?? null) : null;
      const patch = JSON.stringify({ phone_number: e164, phone_number_verified: 'true' });
      await tx
        .update(identityUsers)
        .set({ attributes: sql`${identityUsers.attributes} || ${patch}::jsonb`, updatedAt: clock.now() })
        .where(eq(identityUsers.sub, sub));
      return old;
    },
  };
}

/**
 * The user pool's e-mail address, which is also the sign-in name, as an authorised e-mail change
 * sets it (the new address was confirmed by a code sent to it). A provider's pool does the same
 * with AdminUpdateUserAttributes.
 */
export type EmailAddressPool = {
  /** The address the customer signs in with now; null when the pool does not know the customer. */
  emailOf(tx: Db, sub: string): Promise<string | null>;
  /** Whether another user of the pool signs in with this address. */
  inUse(tx: Db, sub: string, email: string): Promise<boolean>;
  /** Sets the address (verified) and the sign-in name inside the caller's transaction; false when it is taken. */
  setVerifiedEmail(tx: Db, sub: string, email: string): Promise<boolean>;
};

/** The embedded pool's: the user's row, its username and its attributes. */
export function embeddedEmailAddresses(clock: { now(): Date }): EmailAddressPool {
  const inUse = async (tx: Db, sub: string, email: string) => {
    const rows = await tx
      .select({ sub: identityUsers.sub })
      .from(identityUsers)
      .where(and(eq(identityUsers.username, email.toLowerCase()), sql`${identityUsers.sub} <> ${sub}`))
      .limit(1);
    return rows.length > 0;
  };
  return {
    async emailOf(tx, sub) {
      const [row] = await tx.select({ attributes: identityUsers.attributes, username: identityUsers.username }).from(identityUsers).where(eq(identityUsers.sub, sub));
      return row ? (row.attributes.email ?? row.username) : null;
    },
    inUse,
    async setVerifiedEmail(tx, sub, email) {
      if (await inUse(tx, sub, email)) return false;
      const patch = JSON.stringify({ email, email_verified: 'true' });
      await tx
        .update(identityUsers)
        .set({ username: email.toLowerCase(), attributes: sql`${identityUsers.attributes} || ${patch}::jsonb`, updatedAt: clock.now() })
        .where(eq(identityUsers.sub, sub));
      return true;
    },
  };
}
