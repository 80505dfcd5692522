import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChallengeState } from '@kontor/domain/auth-contracts';
import type { Db } from '../platform/db.ts';
import { authorisationChallenges as c, authorisationLockouts as l } from './tables.ts';

export type ChallengeRow = typeof c.$inferSelect;
export type LockoutRow = typeof l.$inferSelect;
/** States in which a challenge still waits for its answer. */
const OPEN: ChallengeState[] = ['PENDING', 'APPROVED'];

/** The store, plus `transaction`: runs `work` in one transaction with the store on it. */
export function authorisationStore(db: Db) {
  return {
    ...statements(db),
    transaction<T>(work: (store: AuthorisationStatements, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(statements(tx as unknown as Db), tx as unknown as Db));
    },
  };
}
export type AuthorisationStatements = ReturnType<typeof statements>;

function statements(db: Db) {
  return {
    /** The customer's lockout row as it stands (no lock taken); undefined when there is none yet. */
    async lockoutOf(sub: string): Promise<LockoutRow | undefined> {
      const [row] = await db.select().from(l).where(eq(l.sub, sub)).limit(1);
      return row;
    },
    /**
     * Inside a transaction: the customer's lockout row, made if missing and locked until the
     * transaction ends, so one customer's TAN requests and answers take their turns.
     */
    async takeLockout(sub: string): Promise<LockoutRow> {
      const [row] = await db
        .insert(l)
        .values({ sub })
        .onConflictDoUpdate({ target: l.sub, set: { sub: sql`excluded.sub` } })
        .returning();
      return row!;
    },
    async setLockout(sub: string, to: { wrongInARow: number; lockedUntil: Date | null }): Promise<void> {
      await db.update(l).set(to).where(eq(l.sub, sub));
    },
    /** When the customer's challenges since `since` were made, newest first. */
    async challengeTimesSince(sub: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: c.createdAt })
        .from(c)
        .where(and(eq(c.sub, sub), gt(c.createdAt, since)))
        .orderBy(desc(c.createdAt));
      return rows.map((r) => r.at);
    },
    /** Every open challenge of the customer is LOCKED (the customer's TAN authorisation is). */
    async lockOpenOf(sub: string): Promise<void> {
      await db
        .update(c)
        .set({ state: 'LOCKED' })
        .where(and(eq(c.sub, sub), inArray(c.state, OPEN)));
    },
    async insert(row: typeof c.$inferInsert): Promise<void> {
      await db.insert(c).values(row);
    },
    async byId(id: string): Promise<ChallengeRow | undefined> {
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
      return row;
    },
    /** An open challenge whose time is up becomes EXPIRED (so the app stops showing it). */
    async expire(id: string, now: Date): Promise<void> {
      await db
        .update(c)
        .set({ state: 'EXPIRED' })
        .where(and(eq(c.id, id), inArray(c.state, OPEN), sql`${c.expiresAt} <= ${now}`));
    },
    /**
     * Counts one wrong answer, in one statement: parallel guesses each count and the fifth locks
     * it, so no number of concurrent requests gets more than TAN_MAX_ATTEMPTS tries.
     */
    async countWrong(id: string, maxAttempts: number): Promise<{ attempts: number; state: string } | undefined> {
      const [row] = await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1`, state: sql`case when ${c.attempts} + 1 >= ${maxAttempts} then 'LOCKED' else ${c.state} end` })
        .where(and(eq(c.id, id), inArray(c.state, OPEN)))
        .returning({ attempts: c.attempts, state: c.state });
      return row;
    },
    /** PENDING or APPROVED → VERIFIED, if still open and in time; the row when it did. */
    async markVerified(id: string, authorizationId: string, now: Date): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(c)
        .set({ state: 'VERIFIED', authorizationId: sql`coalesce(${c.authorizationId}, ${authorizationId})` })
        .where(and(eq(c.id, id), inArray(c.state, OPEN), gt(c.expiresAt, now)))
        .returning();
      return row;
    },
    /** Takes a VERIFIED result once (inside the caller's transaction); true when it did. */
    async markUsed(tx: Db, a: { id: string; sub: string; digest: string; authorizationId: string; now: Date }): Promise<boolean> {
      const rows = await tx
        .update(c)
        .set({ state: 'USED', usedAt: a.now })
        .where(and(eq(c.id, a.id), eq(c.sub, a.sub), eq(c.state, 'VERIFIED'), eq(c.digest, a.digest), eq(c.authorizationId, a.authorizationId), gt(c.expiresAt, a.now)))
        .returning({ id: c.id });
      return rows.length === 1;
    },
    /** Hands a pending challenge to the app on one device. */
    async pushToApp(id: string, sub: string, serial: string, sentTo: string, now: Date): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(c)
        .set({ channel: 'APP', deviceSerial: serial, sentTo })
        .where(and(eq(c.id, id), eq(c.sub, sub), eq(c.state, 'PENDING'), gt(c.expiresAt, now)))
        .returning();
      return row;
    },
    /** The app's answer to a challenge pushed to it: APPROVED (with a new authorization id) or DENIED. */
    async decide(id: string, serial: string, state: 'APPROVED' | 'DENIED', authorizationId: string | null, now: Date): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({ state, authorizationId })
        .where(and(eq(c.id, id), eq(c.deviceSerial, serial), eq(c.state, 'PENDING'), gt(c.expiresAt, now)))
        .returning({ id: c.id });
      return rows.length === 1;
    },
    /** What waits for the app on one device, oldest first. */
    async pendingFor(serial: string, now: Date): Promise<ChallengeRow[]> {
      return db
        .select()
        .from(c)
        .where(and(eq(c.deviceSerial, serial), eq(c.state, 'PENDING'), gt(c.expiresAt, now)))
        .orderBy(asc(c.createdAt));
    },
    /** A retired device can approve nothing: what waited for it is denied. */
    async denyPendingFor(tx: Db, serial: string): Promise<void> {
      await tx
        .update(c)
        .set({ state: 'DENIED' })
        .where(and(eq(c.deviceSerial, serial), eq(c.state, 'PENDING')));
    },
  };
}
export type AuthorisationStore = ReturnType<typeof authorisationStore>;
