import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { SecurityEvent, SecurityEventKind } from '@kontor/domain/security-log-contracts';
import type { Db } from '../platform/db.ts';
import { decodeCursor, encodeCursor } from '../platform/keyset-cursor.ts';
import { currentOrigin, type Origin } from './origin.ts';
import { securityEvents } from './tables.ts';

type Row = typeof securityEvents.$inferSelect;

/**
 * A UUIDv7 (RFC 9562) whose 12-bit counter keeps ids rising within one millisecond of this process:
 * events of one request share their instant (a failed attempt and the lockout it causes), and the
 * list, ordered by instant then id, must show them in the order they happened.
 */
let lastMs = 0;
let counter = 0;
function timeOrderedId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = 0;
    }
  } else counter = 0;
  lastMs = ms;
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const view = (r: Row): SecurityEvent => ({
  id: r.id,
  kind: r.kind as SecurityEventKind,
  at: r.at.toISOString(),
  device: r.device,
  network: r.network as SecurityEvent['network'],
  country: r.country,
  address: r.address,
  detail: r.detail,
});

/**
 * The security log's rows. `record` takes the caller's transaction, so an event is written with
 * the change it records and rolls back with it; the request's origin is added when there is one.
 */
export function securityLogStore(db: Db) {
  return {
    async record(e: { sub: string; kind: SecurityEventKind; at: Date; detail?: string | null; origin?: Origin }): Promise<void> {
      const origin = e.origin ?? currentOrigin();
      await db.insert(securityEvents).values({ id: timeOrderedId(), sub: e.sub, kind: e.kind, at: e.at, detail: e.detail ?? null, ...origin });
    },

    /** Newest first, a page at a time; null when the cursor is not one of ours. */
    async page(sub: string, q: { cursor?: string; limit: number }): Promise<{ events: SecurityEvent[]; nextCursor: string | null } | null> {
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      if (after === null) return null;
      const s = securityEvents;
      const rows = await db
        .select()
        .from(s)
        .where(and(eq(s.sub, sub), after ? or(lt(s.at, after.at), and(eq(s.at, after.at), lt(s.id, after.id))) : undefined))
        .orderBy(desc(s.at), desc(s.id))
        .limit(q.limit + 1);
      const more = rows.length > q.limit;
      const shown = more ? rows.slice(0, q.limit) : rows;
      return { events: shown.map(view), nextCursor: more ? encodeCursor(shown.at(-1)!.at, shown.at(-1)!.id) : null };
    },

    /**
     * The retention purge, the only delete the table's trigger lets through: it names its cutoff for
     * this transaction alone, and the trigger refuses any row not older than it. Returns how many went.
     */
    async purgeBefore(cutoff: Date): Promise<number> {
      await db.execute(sql`select set_config('kontor.purge', ${cutoff.toISOString()}, true)`);
      const gone = await db.delete(securityEvents).where(lt(securityEvents.at, cutoff)).returning({ id: securityEvents.id });
      await db.execute(sql`select set_config('kontor.purge', '', true)`);
      return gone.length;
    },
  };
}

export type SecurityLogStore = ReturnType<typeof securityLogStore>;
