import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../src/platform/clock.ts';
import { type Database, type Db, rowsOf } from '../src/platform/db.ts';
import { z } from 'zod';
import { defineJob, type JobKind } from '../src/scheduler/job-kind.ts';
import { createScheduler, type JobHandler, type Scheduler } from '../src/scheduler/scheduler.ts';
import { freshDatabase } from './test-app.ts';

export type LogEntry = { level: string; obj: unknown; msg?: string };

/** A logger that keeps what it was told, to check what a failure logs (and what it does not). */
export function recordingLog(entries: LogEntry[] = []): FastifyBaseLogger & { entries: LogEntry[] } {
  const at = (level: string) => (obj: unknown, msg?: string) => void entries.push({ level, obj, msg });
  const log = {
    entries,
    level: 'info',
    silent: () => {},
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { entries: LogEntry[] };
}

/** Test files share their modules in a worker (isolate: false), so each kind name is declared once for all of them. */
const testKinds = new Map<string, JobKind<Record<string, unknown>>>();
export function testJobKind(name: string): JobKind<Record<string, unknown>> {
  let kind = testKinds.get(name);
  if (!kind) testKinds.set(name, (kind = defineJob({ kind: `test.${name}`, payload: z.record(z.string(), z.unknown()), when: 'when a test schedules it' })));
  return kind;
}

/**
 * A fresh database with a table `job_effects` that handlers write to: what a job did is a row
 * there, so a job run twice shows as two rows and a rolled-back run as none.
 */
export async function schedulerFixture(now = '2026-11-23T09:00:00Z') {
  const database: Database = await freshDatabase();
  await database.db.execute(sql`create table job_effects (id serial primary key, kind text not null, key text not null)`);
  const clock = new ManualClock(now);
  const log = recordingLog();
  const make = (): Scheduler => createScheduler({ db: database.db, clock, log });
  /** A job kind of the test's own, by name, whose payload may be anything. */
  const kind = (name: string) => testJobKind(name);
  /** A handler that records its run. */
  const recordRun: JobHandler<unknown> = async (tx, job) => {
    await tx.execute(sql`insert into job_effects (kind, key) values (${job.kind}, ${job.key})`);
  };
  const effects = async (): Promise<string[]> =>
    rowsOf<{ key: string }>(await database.db.execute(sql`select key from job_effects order by id`)).map((r) => r.key);
  const schedule = (scheduler: Scheduler, job: { kind: string; key: string; dueAt: Date; payload?: Record<string, unknown> }) =>
    database.db.transaction((tx) => scheduler.schedule(tx as Db, kind(job.kind), { key: job.key, dueAt: job.dueAt, payload: job.payload }));
  return { database, db: database.db, clock, log, make, kind, recordRun, effects, schedule, close: () => database.close() };
}
