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
    const conn = await client.connect();
    const handler = (m: pg.Notification) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    };
    conn.on('notification', handler);
    await conn.query(`listen ${pg.escapeIdentifier(channel)}`);
    return async () => {
      conn.off('notification', handler);
      await conn.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      conn.release();
    };
  }
  // A database handle without a driver of its own (a test's wrapper): nothing is signalled.
  return async () => {};
}
