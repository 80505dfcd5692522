import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../platform/db.ts';

/** The two int4 keys of the leader's advisory lock ('Kontor', 'schd': it began as the scheduler's). */
const LOCK_KEYS = [0x4b6f6e74, 0x73636864] as const;

/** Whether this process is the one that runs the engine, the market feed and scheduled jobs. */
export interface LeaderLock {
  /** True while this process holds the lock (taking it when free). */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
  /** The name the holder gave (its internal address), or null when no process holds the lock. */
  holder(): Promise<string | null>;
}

export type LeaderLockOptions = {
  /** Shown as the lock connection's application_name, so the other processes can find the holder. */
  name?: string;
  /** The lock was held and its connection broke: another process may take it now. */
  onLost?: () => void;
};

/**
 * On PostgreSQL the lock is a session advisory lock on a connection kept for it, so it lasts as
 * long as this process does and PostgreSQL frees it when the process dies (its connection closes).
 * PGlite lives inside one process, which therefore always holds it.
 */
export function leaderLock(db: Db, log: FastifyBaseLogger, options: LeaderLockOptions = {}): LeaderLock {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { acquire: async () => true, release: async () => {}, holder: async () => options.name ?? null };

  let held: pg.PoolClient | undefined;
  // Each connection goes back to the pool once: a late error of one released already (its
  // database dropped after a stop) must not release it again.
  const released = new WeakSet<pg.PoolClient>();
  const onError = new WeakMap<pg.PoolClient, (e: Error) => void>();
  const giveBack = (client: pg.PoolClient, error?: Error) => {
    if (released.has(client)) return;
    released.add(client);
    const listener = onError.get(client);
    if (listener) client.off('error', listener);
    client.release(error);
  };
  const drop = (client: pg.PoolClient, error?: Error) => {
    const wasHeld = held === client;
    if (wasHeld) held = undefined;
    giveBack(client, error);
    if (wasHeld) options.onLost?.();
  };
  return {
    async acquire() {
      if (held) return true;
      const client = await pool.connect();
      // The pool hands out the same connection objects again.
      released.delete(client);
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [...LOCK_KEYS]);
        if (!rows[0]?.locked) {
          giveBack(client);
          return false;
        }
        // application_name is at most 63 bytes; an internal address fits.
        if (options.name) await client.query("select set_config('application_name', $1, false)", [options.name.slice(0, 63)]);
      } catch (e) {
        giveBack(client, e as Error);
        throw e;
      }
      held = client;
      // A broken connection loses the lock; the next poll tries to take it again.
      const listener = (e: Error) => {
        log.warn({ err: e }, 'leader lock connection lost');
        drop(client, e);
      };
      onError.set(client, listener);
      client.on('error', listener);
      log.info('this process leads: order engine, market feed and scheduled jobs');
      return true;
    },
    async release() {
      const client = held;
      if (!client) return;
      held = undefined;
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [...LOCK_KEYS]);
        giveBack(client);
      } catch (e) {
        giveBack(client, e as Error);
      }
    },
    async holder() {
      const { rows } = await pool.query<{ name: string }>(
        `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2 and l.objsubid = 2 and l.database = (select oid from pg_database where datname = current_database())`,
        [...LOCK_KEYS],
      );
      return rows[0]?.name || null;
    },
  };
}
