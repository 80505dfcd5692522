import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './db.ts';

/**
 * Calls `onPayload` for every NOTIFY on `channel` (PostgreSQL delivers one only after the
 * transaction that sent it commits, and to every process listening). PGlite listens in process;
 * on PostgreSQL one connection of the pool is kept for it. Returns what stops listening.
 */
export async function listenTo(db: Db, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const off = await client.listen(channel, onPayload);
    return async () => {
      await off().catch(() => undefined);
    };
  }
  if (client instanceof pg.Pool) {
    const pool = client;
    let conn: pg.PoolClient | undefined;
    let stopped = false;
    const handler = (m: pg.Notification) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    };
    // A connection that breaks (a restart of the database, a dropped test database) is let go and,
    // unless listening was stopped, a new one listens again a moment later.
    // Each connection is given back once: a stop and a late error of the same connection (its test
    // database dropped after the stop) must not release it twice.
    const released = new WeakSet<pg.PoolClient>();
    const giveBack = (c: pg.PoolClient, destroy = false) => {
      if (released.has(c)) return;
      released.add(c);
      c.release(destroy);
    };
    const connect = async (): Promise<void> => {
      const c = await pool.connect();
      c.on('notification', handler);
      c.on('error', () => {
        c.off('notification', handler);
        giveBack(c, true);
        if (conn === c) conn = undefined;
        if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
      });
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        giveBack(c);
        return;
      }
      conn = c;
    };
    await connect();
    return async () => {
      stopped = true;
      const c = conn;
      conn = undefined;
      if (!c) return;
      c.off('notification', handler);
      await c.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      giveBack(c);
    };
  }
  // A database handle without a driver of its own (a test's wrapper): nothing is signalled.
  return async () => {};
}
