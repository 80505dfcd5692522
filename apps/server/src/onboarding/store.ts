import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { ExperienceProfile } from '@kontor/domain/onboarding';
import type { Db } from '../platform/db.ts';
import { botProtectionTokensUsed, customerExperience, onboardingApplications as apps } from './tables.ts';

export type ApplicationRow = typeof apps.$inferSelect;
export type ApplicationPatch = Omit<Partial<typeof apps.$inferInsert>, 'id' | 'email' | 'createdAt'>;

export function onboardingStore(db: Db) {
  return {
    /** The application of this e-mail that is not completed yet. */
    async openByEmail(email: string): Promise<ApplicationRow | undefined> {
      const [row] = await db.select().from(apps).where(and(eq(apps.email, email), ne(apps.status, 'COMPLETED')));
      return row;
    },
    async byId(id: string, lock = false): Promise<ApplicationRow | undefined> {
      const query = db.select().from(apps).where(eq(apps.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async byTokenHash(tokenHash: string): Promise<ApplicationRow | undefined> {
      const [row] = await db.select().from(apps).where(eq(apps.tokenHash, tokenHash));
      return row;
    },
    /** False when an open application of this e-mail appeared meanwhile (the caller reads that one). */
    async insert(row: typeof apps.$inferInsert): Promise<boolean> {
      const added = await db.insert(apps).values(row).onConflictDoNothing().returning({ id: apps.id });
      return added.length > 0;
    },
    async update(id: string, patch: ApplicationPatch): Promise<ApplicationRow | undefined> {
      const [row] = await db.update(apps).set(patch).where(eq(apps.id, id)).returning();
      return row;
    },
    /** Counts a wrong code; returns the new count. Atomic, so parallel guesses all count. */
    async countCodeFailure(id: string, at: Date): Promise<number> {
      const [row] = await db
        .update(apps)
        .set({ codeFailures: sql`${apps.codeFailures} + 1`, updatedAt: at })
        .where(eq(apps.id, id))
        .returning({ n: apps.codeFailures });
      return row?.n ?? 0;
    },
    async pendingIdentifications(): Promise<ApplicationRow[]> {
      return db.select().from(apps).where(eq(apps.status, 'IDENT_PENDING')).orderBy(asc(apps.updatedAt)).limit(100);
    },
    /** The completed application that made this customer (the account-opening PDF). */
    async completedOf(sub: string): Promise<ApplicationRow | undefined> {
      const [row] = await db.select().from(apps).where(and(eq(apps.userSub, sub), eq(apps.status, 'COMPLETED')));
      return row;
    },

    /** Records a used bot-protection challenge; false when it was used before. */
    async useChallenge(hash: string, expiresAt: Date): Promise<boolean> {
      const added = await db.insert(botProtectionTokensUsed).values({ tokenHash: hash, expiresAt }).onConflictDoNothing().returning({ h: botProtectionTokensUsed.tokenHash });
      return added.length > 0;
    },
    async sweepChallenges(now: Date): Promise<void> {
      await db.delete(botProtectionTokensUsed).where(lt(botProtectionTokensUsed.expiresAt, now));
    },

    async putExperience(sub: string, profile: ExperienceProfile, at: Date): Promise<void> {
      await db
        .insert(customerExperience)
        .values({ sub, profile, assessedAt: at })
        .onConflictDoUpdate({ target: customerExperience.sub, set: { profile, assessedAt: at } });
    },
    async experienceOf(sub: string): Promise<ExperienceProfile | null> {
      const [row] = await db.select({ profile: customerExperience.profile }).from(customerExperience).where(eq(customerExperience.sub, sub));
      return row?.profile ?? null;
    },
  };
}

export type OnboardingStore = ReturnType<typeof onboardingStore>;
