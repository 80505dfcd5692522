import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { type LeaderLock, leaderLock } from '../cluster/leader-lock.ts';
import type { JobKind } from './job-kind.ts';
import { schedulerStore as store } from './store.ts';

/** A job as its handler sees it: the payload parsed by its kind's schema. */
export type Job<P> = { kind: string; key: string; dueAt: Date; payload: P };
export type JobHandler<P> = (tx: Db, job: Job<P>) => Promise<void>;
/** What `schedule` takes: a payload unless the kind's payload is empty. */
export type JobToSchedule<P> = { key: string; dueAt: Date } & (Record<string, never> extends P ? { payload?: P } : { payload: P });

export interface Scheduler {
  /** Inside the caller's transaction; a second job with the same kind+key is ignored (returns false). */
  schedule<P>(tx: Db, kind: JobKind<P>, job: JobToSchedule<P>): Promise<boolean>;
  /** Cancels a job not yet run (inside the caller's transaction); false when it already ran or does not exist. */
  cancel(tx: Db, kind: JobKind<unknown>, key: string): Promise<boolean>;
  /** Registers the handler of a kind (at start, before `start`). */
  handle<P>(kind: JobKind<P>, handler: JobHandler<P>): void;
  /** Whether a handler for this kind name is registered. */
  handles(kind: string): boolean;
  /** Runs every job due by the clock now, one transaction each (handler's writes + marking done commit together); returns how many ran. */
  runDue(): Promise<number>;
  /** Polls runDue every few seconds while holding the advisory lock; stop() on app close. */
  start(): void;
  stop(): Promise<void>;
}

/** After this many failed attempts a job is given up ('failed') and logged as an error. */
export const MAX_JOB_ATTEMPTS = 5;
/** Wait before the next attempt: 1, 2, 4, 8 minutes of the clock (which a demo may move). */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.min(attempts - 1, 10);
}

/** A run stops after this many jobs, so a handler that keeps scheduling due work cannot spin forever. */
const MAX_JOBS_PER_RUN = 1000;
const MAX_ERROR_LENGTH = 500;

/** The message only: a stack or the values a driver error carries stay out of the table. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/**
 * Due jobs in a table (docs/decisions/013-scheduler.md). Each job runs in its own transaction with
 * its row locked: the handler's writes and "done" commit together, so a crash re-runs the job and
 * a job that is done never runs again. A failing handler's writes are undone by a savepoint, and
 * the failure is recorded in the same transaction.
 */
export function createScheduler(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Whether this process runs the jobs; by default a lock of its own (the app passes its leadership's). */
  lock?: Pick<LeaderLock, 'acquire' | 'release'>;
}): Scheduler {
  const { db, clock, log } = deps;
  const handlers = new Map<string, { kind: JobKind<unknown>; run: JobHandler<unknown> }>();
  const lock = deps.lock ?? leaderLock(db, log);
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  /** One job: true when it ran, false when it failed, undefined when none was due. */
  async function runOne(now: Date): Promise<boolean | undefined> {
    return db.transaction(async (tx) => {
      const job = await store(tx).claimNext(now);
      if (!job) return undefined;
      const handler = handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        // A payload that does not fit its kind fails like a throwing handler: recorded, retried, given up.
        const parsed = handler.kind.payload.safeParse(job.payload ?? {});
        if (!parsed.success) throw new Error(`payload of job kind ${job.kind} does not fit its schema: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
        await tx.transaction((savepoint) => handler.run(savepoint, { kind: job.kind, key: job.key, dueAt: job.dueAt, payload: parsed.data }));
        await store(tx).markDone(job, now);
        return true;
      } catch (e) {
        const attempts = job.attempts + 1;
        const final = attempts >= MAX_JOB_ATTEMPTS;
        const error = errorText(e);
        await store(tx).markAttemptFailed(job, { error, final, now, runAfter: new Date(now.getTime() + retryDelayMs(attempts)) });
        const entry = { kind: job.kind, key: job.key, attempts, error };
        if (final) log.error(entry, 'scheduled job failed for good');
        else log.warn(entry, 'scheduled job failed; will retry');
        return false;
      }
    });
  }

  const scheduler: Scheduler = {
    schedule: (tx, kind, job) => store(tx).insert({ kind: kind.kind, key: job.key, dueAt: job.dueAt, payload: (job.payload ?? {}) as Record<string, unknown> }, clock.now()),
    cancel: (tx, kind, key) => store(tx).cancel(kind.kind, key, clock.now()),
    handle(kind, handler) {
      if (handlers.has(kind.kind)) throw new Error(`job kind ${kind.kind} has a handler already`);
      handlers.set(kind.kind, { kind: kind as JobKind<unknown>, run: handler as JobHandler<unknown> });
    },
    handles: (kind) => handlers.has(kind),
    async runDue() {
      // One instant for the whole run: a failed job's retry lies after it, so it waits for a later run.
      const now = clock.now();
      let ran = 0;
      for (let i = 0; i < MAX_JOBS_PER_RUN; i++) {
        const outcome = await runOne(now);
        if (outcome === undefined) break;
        if (outcome) ran++;
      }
      return ran;
    },
    start() {
      if (timer) return;
      const poll = async () => {
        if (await lock.acquire()) await scheduler.runDue();
      };
      timer = setInterval(() => {
        // A run that outlasts the interval is not joined by a second one.
        polling ??= poll()
          .catch((e: unknown) => log.error({ err: e }, 'scheduler poll failed'))
          .finally(() => (polling = undefined));
      }, deps.pollMs ?? 5000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await polling;
      await lock.release();
    },
  };
  return scheduler;
}
