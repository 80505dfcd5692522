import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** One type for both drivers: stores are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

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
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  // 'memory://' keeps everything in memory (tests); otherwise a folder on disk.
  if (config.dataDir !== 'memory://') fs.mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir);
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
