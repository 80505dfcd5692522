import { and, eq, gte, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { rowsOf } from '../platform/db.ts';
import { bookings } from '../bookings/tables.ts';
import { executions } from '../trading/tables.ts';

/** The reads of the periodic documents: who to write to, what they held, what they traded. */
export function statementStore(db: Db) {
  return {
    /** Customers with a booking before `before`: they get statements. */
    async customersBookedBefore(before: Date): Promise<string[]> {
      const rows = await db.selectDistinct({ sub: bookings.sub }).from(bookings).where(lt(bookings.bookedAt, before));
      return rows.map((r) => r.sub);
    },

    async firstBooking(sub: string): Promise<Date | undefined> {
      const [row] = await db.select({ at: min(bookings.bookedAt) }).from(bookings).where(eq(bookings.sub, sub));
      return row?.at ?? undefined;
    },

    /** Pieces held per ISIN just before `at`: lots opened before it, less what was sold before it. */
    async holdingsAt(sub: string, at: Date): Promise<{ isin: string; quantity: string }[]> {
      const result = await db.execute(sql`
        select isin, sum(q)::text as quantity from (
          select isin, quantity as q from lots where sub = ${sub} and opened_at < ${at.toISOString()}::timestamptz
          union all
          select isin, -quantity from executions where sub = ${sub} and side = 'sell' and executed_at < ${at.toISOString()}::timestamptz
        ) moves group by isin having sum(q) > 0 order by isin`);
      return rowsOf<{ isin: string; quantity: string }>(result);
    },

    /** Kurswert and fees of the customer's executions in [from, to), per ISIN. */
    async tradedIn(sub: string, from: Date, to: Date): Promise<{ isin: string; volume: string; fees: string }[]> {
      return db
        .select({ isin: executions.isin, volume: sql<string>`sum(${executions.value})::text`, fees: sql<string>`sum(${executions.fee})::text` })
        .from(executions)
        .where(and(eq(executions.sub, sub), gte(executions.executedAt, from), lt(executions.executedAt, to)))
        .groupBy(executions.isin)
        .orderBy(executions.isin);
    },
  };
}
