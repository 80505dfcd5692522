import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../platform/db.ts';

/** The two int4 keys of the scheduler's advisory lock ('Kontor', 'scheduler'). */
const LOCK_KEYS = [0x4b6f6e74, 0x73636864] as const;

/** Whether this process is the one that runs scheduled jobs by itself. */
export interface LeaderLock {
  /** True while this process holds the lock (taking it when free). */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * On PostgreSQL the lock is a session advisory lock on a connection kept for it, so it lasts as
 * long as this process does and PostgreSQL frees it when the process dies. PGlite lives inside one
 * process, which therefore always holds it.
 */
export function leaderLock(db: Db, log: FastifyBaseLogger): LeaderLock {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { acquire: async () => true, release: async () => {} };

  let held: pg.PoolClient | undefined;
  const drop = (client: pg.PoolClient, error?: Error) => {
    if (held === client) held = undefined;
    client.release(error);
  };
  return {
    async acquire() {
      if (held) return true;
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [...LOCK_KEYS]);
        if (!rows[0]?.locked) {
          client.release();
          return false;
        }
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
      held = client;
      // A broken connection loses the lock; the next poll tries to take it again.
      client.on('error', (e) => {
        log.warn({ err: e }, 'scheduler lock connection lost');
        drop(client, e);
      });
      log.info('scheduler: this process runs the scheduled jobs');
      return true;
    },
    async release() {
      const client = held;
      if (!client) return;
      held = undefined;
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [...LOCK_KEYS]);
        client.release();
      } catch (e) {
        client.release(e as Error);
      }
    },
  };
}
