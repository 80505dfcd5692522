import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { holdDataDir } from './backup.ts';

/** One type for both drivers: stores are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseConfig =
  /** `loadDataDir`: start from a dumped data directory instead of an empty one (tests start from a migrated one). */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string };

/** The migrations folder sits beside `src` and `dist`; found by walking up from this module. */
export function migrationsFolder(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder "drizzle" not found');
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 20 });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is removed
    // by the pool and the next query opens a new one; unhandled, the pool's 'error' would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  // 'memory://' keeps everything in memory (tests); otherwise a folder on disk, which one process
  // holds at a time (a second server, a backup or a restore on it is refused: platform/backup.ts).
  let release = () => {};
  if (config.dataDir !== 'memory://') {
    fs.mkdirSync(config.dataDir, { recursive: true });
    release = holdDataDir(config.dataDir);
  }
  const client = await PGlite.create(config.dataDir, config.loadDataDir ? { loadDataDir: config.loadDataDir } : {});
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** node-postgres answers with { rows }, PGlite too; both through drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

type DriverClient = { query(text: string | { name: string; text: string; values: unknown[] }, params?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Rows of a statement with a fixed text and $1, $2, … parameters. On the database itself it goes
 * straight to the driver (the pool, or PGlite): drizzle builds a query anew on every call, which
 * costs more than such a statement takes to run, and order entry sends two of them per batch
 * (docs/decisions/005-grouped-order-writes.md). Inside a transaction, which has no client of its
 * own here, it runs through drizzle on the transaction's connection. Timestamps come back as the
 * driver gives them: callers select none.
 *
 * `prepared` names the statement on PostgreSQL: each connection parses and plans it once. Only for
 * statements whose plan does not depend on how large the tables are (inserts, look-ups by key):
 * PostgreSQL keeps a plan it made for all parameters, and one made while a table was small scans
 * it whole.
 */
export async function fixedQuery<T>(db: Db, text: string, params: readonly unknown[], prepared?: string): Promise<T[]> {
  const client = (db as unknown as { $client?: DriverClient }).$client;
  if (client) {
    // PGlite's statements are not named (it parses in this process).
    const named = prepared && client instanceof pg.Pool;
    return (await (named ? client.query({ name: prepared, text, values: [...params] }) : client.query(text, [...params]))).rows as T[];
  }
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((part, i) => query.append(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return rowsOf<T>(await db.execute(query));
}

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
export function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
