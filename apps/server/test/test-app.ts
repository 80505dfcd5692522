import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Clock, ManualClock } from '../src/platform/clock.ts';
import { type Database, type Db, migrationsFolder, openDatabase } from '../src/platform/db.ts';
import type { QuoteSource } from '../src/market/feed.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the server suite against both).
 */
export async function freshDatabase(): Promise<Database & { label: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir: await migratedPglite() });
    // Nothing to do unless the template is older than the migrations.
    await database.migrate();
    return { ...database, label: 'pglite' };
  }
  const name = `kontor_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
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

/** Names the set of migrations: a template made for one set is never used for another. */
function migrationsFingerprint(): string {
  const folder = migrationsFolder();
  const fingerprint = createHash('sha256');
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) fingerprint.update(name).update(fs.readFileSync(file));
  }
  return fingerprint.digest('hex').slice(0, 16);
}

/**
 * A database on the PostgreSQL server with every migration applied, made once per set of
 * migrations: each test file's database is a copy of it (CREATE DATABASE … TEMPLATE, a fraction
 * of a second) instead of running every migration again (seconds on a busy runner).
 */
async function migratedPostgresTemplate(url: string): Promise<string> {
  const template = `kontor_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
    if (await exists()) return template;
    // One worker makes it while the others wait; it appears under its name only when complete.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (await exists()) return template;
      const partial = `${template}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${partial}`;
      const made = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
      await made.migrate();
      await made.close();
      await admin.query(`alter database ${partial} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
}

/**
 * A PGlite data directory with every migration applied, made once per set of migrations and kept
 * in the temp folder: a new PGlite database costs about 3 s (initdb), one loaded from this about
 * 0.5 s, and every server test file needs one.
 */
export async function migratedPglite(): Promise<Blob> {
  const template = path.join(os.tmpdir(), `kontor-pglite-${migrationsFingerprint()}.tar`);
  if (!fs.existsSync(template)) {
    const made = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await made.migrate();
    const dump = await (made.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client.dumpDataDir('none');
    await made.close();
    // Written aside and renamed: workers that make it at the same time never read half a file.
    const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, template);
  }
  return new Blob([fs.readFileSync(template)]);
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
  // A low bot-protection difficulty: tests solve challenges in a few hashes.
  // The developer tools on, as under `npm start` (the outbox holds the SMS codes the tests read).
  // SRP on the main thread: worker threads per test app cost time (official-clients.test.ts and
  // srp-workers.test.ts run the pool).
  // A TAN key of its own (no key file written under ./data by a test).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BOT_PROTECTION_DIFFICULTY: '4',
    DEV_TOOLS: 'true',
    SRP_WORKERS: '0',
    TAN_HASH_KEY: randomBytes(32).toString('base64'),
    ...opts.env,
  });
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
