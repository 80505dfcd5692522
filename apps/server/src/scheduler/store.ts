import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { scheduledJobs } from './tables.ts';

export type JobState = 'pending' | 'done' | 'failed' | 'cancelled';

export type ClaimedJob = { kind: string; key: string; dueAt: Date; payload: Record<string, unknown>; attempts: number };

/** SQL of the scheduler; every function runs on the transaction it is given. */
export function schedulerStore(db: Db) {
  return {
    /** False when a job with this kind and key exists already (in any state). */
    async insert(job: { kind: string; key: string; dueAt: Date; payload: Record<string, unknown> }, now: Date): Promise<boolean> {
      const rows = await db
        .insert(scheduledJobs)
        .values({ kind: job.kind, key: job.key, dueAt: job.dueAt, runAfter: job.dueAt, payload: job.payload, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: scheduledJobs.key });
      return rows.length > 0;
    },

    /** Only a pending job is cancelled; one being run waits on its row lock and is then done. */
    async cancel(kind: string, key: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(scheduledJobs)
        .set({ state: 'cancelled', doneAt: now })
        .where(and(eq(scheduledJobs.kind, kind), eq(scheduledJobs.key, key), eq(scheduledJobs.state, 'pending')))
        .returning({ key: scheduledJobs.key });
      return rows.length > 0;
    },

    /**
     * The earliest due job that may run at `now`, locked for this transaction. SKIP LOCKED passes
     * over a job another process is running, so two runners never take the same one.
     */
    async claimNext(now: Date): Promise<ClaimedJob | undefined> {
      const [row] = await db
        .select({ kind: scheduledJobs.kind, key: scheduledJobs.key, dueAt: scheduledJobs.dueAt, payload: scheduledJobs.payload, attempts: scheduledJobs.attempts })
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.state, 'pending'), lte(scheduledJobs.runAfter, now)))
        .orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.kind), asc(scheduledJobs.key))
        .limit(1)
        .for('update', { skipLocked: true });
      return row ? { ...row, dueAt: new Date(row.dueAt) } : undefined;
    },

    async markDone(job: { kind: string; key: string }, now: Date): Promise<void> {
      await db
        .update(scheduledJobs)
        .set({ state: 'done', doneAt: now, attempts: sql`${scheduledJobs.attempts} + 1` })
        .where(and(eq(scheduledJobs.kind, job.kind), eq(scheduledJobs.key, job.key)));
    },

    async markAttemptFailed(job: { kind: string; key: string }, failure: { error: string; runAfter: Date; final: boolean; now: Date }): Promise<void> {
      await db
        .update(scheduledJobs)
        .set({
          attempts: sql`${scheduledJobs.attempts} + 1`,
          lastError: failure.error,
          runAfter: failure.runAfter,
          ...(failure.final ? { state: 'failed', doneAt: failure.now } : {}),
        })
        .where(and(eq(scheduledJobs.kind, job.kind), eq(scheduledJobs.key, job.key)));
    },

    /** Per kind: how many jobs wait and when the first may run, and how many were given up. */
    async summary(): Promise<{ kind: string; pending: number; nextRunAfter: Date | null; failed: number }[]> {
      const rows = await db
        .select({
          kind: scheduledJobs.kind,
          pending: sql<number>`count(*) filter (where ${scheduledJobs.state} = 'pending')`.mapWith(Number),
          nextRunAfter: sql<string | null>`min(${scheduledJobs.runAfter}) filter (where ${scheduledJobs.state} = 'pending')`,
          failed: sql<number>`count(*) filter (where ${scheduledJobs.state} = 'failed')`.mapWith(Number),
        })
        .from(scheduledJobs)
        .groupBy(scheduledJobs.kind);
      return rows.map((r) => ({ ...r, nextRunAfter: r.nextRunAfter === null ? null : new Date(r.nextRunAfter) }));
    },

    async get(kind: string, key: string) {
      const [row] = await db.select().from(scheduledJobs).where(and(eq(scheduledJobs.kind, kind), eq(scheduledJobs.key, key)));
      return row as (typeof scheduledJobs.$inferSelect & { state: JobState }) | undefined;
    },
  };
}
