import { and, desc, eq, isNull } from 'drizzle-orm';
import type { OAuthScope } from '@kontor/domain/oauth-contracts';
import type { Db } from '../platform/db.ts';
import { securityLogStore } from '../security-log/store.ts';
import { oauthCodes, oauthGrants, oauthSigningKeys } from './tables.ts';

export type GrantRow = typeof oauthGrants.$inferSelect;
export type CodeRow = typeof oauthCodes.$inferSelect;

export function oauthStore(db: Db) {
  return {
    /** A new consent replaces the client's earlier one: one connection per application. */
    async grant(input: { sub: string; clientId: string; clientName: string; scopes: OAuthScope[]; at: Date; code: Omit<CodeRow, 'grantId' | 'consumedAt'> }): Promise<string> {
      return db.transaction(async (tx) => {
        await tx
          .update(oauthGrants)
          .set({ revokedAt: input.at })
          .where(and(eq(oauthGrants.sub, input.sub), eq(oauthGrants.clientId, input.clientId), isNull(oauthGrants.revokedAt)));
        const [row] = await tx
          .insert(oauthGrants)
          .values({ sub: input.sub, clientId: input.clientId, scopes: input.scopes, grantedAt: input.at })
          .returning({ id: oauthGrants.id });
        await tx.insert(oauthCodes).values({ ...input.code, grantId: row!.id });
        await securityLogStore(tx).record({ sub: input.sub, kind: 'OAUTH_GRANTED', at: input.at, detail: input.clientName });
        return row!.id;
      });
    },
    /** A code by its hash, with its grant (whatever their state: the model decides). */
    async code(codeHash: string): Promise<{ code: CodeRow; grant: GrantRow | null } | null> {
      const [row] = await db.select().from(oauthCodes).leftJoin(oauthGrants, eq(oauthGrants.id, oauthCodes.grantId)).where(eq(oauthCodes.codeHash, codeHash)).limit(1);
      return row ? { code: row.oauth_codes, grant: row.oauth_grants } : null;
    },
    /** Marks the code used; true only for the one call that did so. */
    async consumeCode(codeHash: string, at: Date): Promise<boolean> {
      const used = await db
        .update(oauthCodes)
        .set({ consumedAt: at })
        .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.consumedAt)))
        .returning({ codeHash: oauthCodes.codeHash });
      return used.length === 1;
    },
    /** The grant behind a token, if still in force; notes the use in the same statement. */
    async useGrant(id: string, at: Date): Promise<GrantRow | null> {
      const [row] = await db
        .update(oauthGrants)
        .set({ lastUsedAt: at })
        .where(and(eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)))
        .returning();
      return row ?? null;
    },
    async grantsOf(sub: string): Promise<GrantRow[]> {
      return db
        .select()
        .from(oauthGrants)
        .where(and(eq(oauthGrants.sub, sub), isNull(oauthGrants.revokedAt)))
        .orderBy(desc(oauthGrants.grantedAt));
    },
    /** Ends the grant and its unredeemed codes; false when it is not this customer's or already ended. */
    async revoke(sub: string, id: string, at: Date, clientName: (clientId: string) => string = (id) => id): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(oauthGrants)
          .set({ revokedAt: at })
          .where(and(eq(oauthGrants.id, id), eq(oauthGrants.sub, sub), isNull(oauthGrants.revokedAt)))
          .returning({ id: oauthGrants.id, clientId: oauthGrants.clientId });
        if (rows.length === 0) return false;
        await tx.delete(oauthCodes).where(eq(oauthCodes.grantId, id));
        await securityLogStore(tx).record({ sub, kind: 'OAUTH_REVOKED', at, detail: clientName(rows[0]!.clientId) });
        return true;
      });
    },
    /** A code presented twice: the grant is ended, as RFC 6749 §4.1.2 advises. */
    async revokeById(id: string, at: Date): Promise<void> {
      await db.update(oauthGrants).set({ revokedAt: at }).where(and(eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)));
    },
    async signingKeys() {
      return db.select().from(oauthSigningKeys).orderBy(desc(oauthSigningKeys.createdAt));
    },
    async addSigningKey(row: typeof oauthSigningKeys.$inferInsert): Promise<void> {
      await db.insert(oauthSigningKeys).values(row).onConflictDoNothing();
    },
  };
}

export type OAuthStore = ReturnType<typeof oauthStore>;
