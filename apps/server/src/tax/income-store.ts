import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db.ts';

/**
 * The reads of the scheduled tax runs (dividends, Vorabpauschale, the annual certificate): who
 * held what when, and who had taxed events in a year. Each runs on the job's transaction.
 */
export function incomeStore(db: Db) {
  return {
    /** Every ISIN anybody ever held: the candidates for a day's dividends. */
    async isInstrument(isin: string): Promise<boolean> {
      return rowsOf(await db.execute(sql`select 1 from instruments where isin = ${isin}`)).length > 0;
    },

    async heldIsins(): Promise<string[]> {
      // Instruments only: subscription rights (XR…) pay no dividend, and looking one up would read the
      // instrument store outside the job's transaction, which on PGlite waits for it forever (the
      // crash test's server stopped answering on a rights ISIN's dividend day).
      return rowsOf<{ isin: string }>(
        await db.execute(sql`select distinct l.isin from lots l where exists (select 1 from instruments i where i.isin = l.isin) order by l.isin`),
      ).map((r) => r.isin);
    },

    /**
     * Pieces of `isin` each customer held just before `at`: lots opened before it, less what was sold
     * before it, with what corporate actions moved before it (`ca_moves`; the lots they open keep an
     * older date and are not counted as lots).
     */
    async holdersAt(isin: string, at: Date): Promise<{ sub: string; quantity: string }[]> {
      const result = await db.execute(sql`
        select sub::text as sub, sum(q)::text as quantity from (
          select sub, quantity as q from lots where isin = ${isin} and opened_at < ${at.toISOString()}::timestamptz and (execution_id is null or execution_id not like 'ca:%')
          union all
          select sub, -quantity from executions where isin = ${isin} and side = 'sell' and executed_at < ${at.toISOString()}::timestamptz
          union all
          select sub, quantity from ca_moves where isin = ${isin} and at < ${at.toISOString()}::timestamptz
        ) moves group by sub having sum(q) > 0 order by sub`);
      return rowsOf<{ sub: string; quantity: string }>(result);
    },

    /** Customers and ISINs with pieces left in lots opened before `before`. */
    async openPositionsBefore(before: Date): Promise<{ sub: string; isin: string }[]> {
      const result = await db.execute(sql`
        select distinct sub::text as sub, isin from lots where remaining > 0 and opened_at < ${before.toISOString()}::timestamptz order by sub, isin`);
      return rowsOf<{ sub: string; isin: string }>(result);
    },

    /** The customer's lots of `isin` with pieces left, opened before `before`, oldest first; locked (their Vorabpauschale grows). */
    async openLotsBefore(sub: string, isin: string, before: Date): Promise<{ id: string; remaining: string; openedAt: Date }[]> {
      const result = await db.execute(sql`
        select id::text as id, remaining::text as remaining, opened_at as "openedAt" from lots
        where sub = ${sub}::uuid and isin = ${isin} and remaining > 0 and opened_at < ${before.toISOString()}::timestamptz
        order by opened_at, id for update`);
      return rowsOf<{ id: string; remaining: string; openedAt: Date | string }>(result).map((r) => ({ ...r, openedAt: new Date(r.openedAt) }));
    },

    /** Customers with a taxed event in `year`: they get the year's Jahressteuerbescheinigung. */
    async taxedCustomers(year: number): Promise<string[]> {
      return rowsOf<{ sub: string }>(await db.execute(sql`select distinct sub::text as sub from tax_events where year = ${year}::integer order by sub`)).map((r) => r.sub);
    },
  };
}
