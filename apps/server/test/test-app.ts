import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Clock, ManualClock } from '../src/platform/clock.ts';
import { type Database, type Db, openDatabase } from '../src/platform/db.ts';
import type { QuoteSource } from '../src/market/feed.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the server suite against both).
 */
export async function freshDatabase(): Promise<Database & { label: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return { ...database, label: 'pglite' };
  }
  const name = `kontor_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
  await database.migrate();
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** inject() with the XSRF cookie and header a browser would send. */
  call(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    marketClock?: Clock;
    now?: string;
    quotes?: QuoteSource;
    /** What the app sees of the database (tests that hold a statement back to fix an order of events). */
    db?: (db: Db) => Db;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...opts.env });
  const database = await freshDatabase();
  const clock = new ManualClock(opts.now ?? '2026-11-23T09:00:00Z');
  const app = await buildApp({ config, db: opts.db ? opts.db(database.db) : database.db, clock: opts.clock ?? clock, marketClock: opts.marketClock, logger: false, quotes: opts.quotes });
  await app.ready();
  const xsrf = randomBytes(16).toString('hex');
  return {
    app,
    database,
    clock,
    config,
    call: (o) =>
      app.inject({
        ...o,
        cookies: { 'XSRF-TOKEN': xsrf, ...(o.cookies ?? {}) },
        headers: { 'x-xsrf-token': xsrf, ...(o.headers ?? {}) },
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
