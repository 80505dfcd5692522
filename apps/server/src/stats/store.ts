import { sql } from 'drizzle-orm';
import { accounts } from '../bookings/ledger.ts';
import { rowsOf, type Db } from '../platform/db.ts';

export type StatsRow = {
  trades: number;
  tradedVolume: string;
  feesPaid: string;
  savingsPlanExecutions: number;
  dividendsReceived: string;
  taxPaid: string;
};

/**
 * The customer's figures of one period [from, to), each one aggregate over the table that keeps it:
 * executions (trades, volume, fees), savings-plan executions, the ledger's dividend credits and the
 * tax year.
 */
export function statsStore(db: Db) {
  return {
    async figures(sub: string, year: number, from: Date, to: Date): Promise<StatsRow> {
      const f = from.toISOString();
      const t = to.toISOString();
      const result = await db.execute(sql`
        with own as (
          select e.value, e.fee,
                 exists (select 1 from savings_plan_executions s where s.sub = e.sub and s.order_id = e.order_id) as plan
          from executions e
          where e.sub = ${sub} and e.executed_at >= ${f}::timestamptz and e.executed_at < ${t}::timestamptz
        )
        select
          (select count(*) from own where not plan)::int as "trades",
          (select coalesce(sum(value), 0) from own where not plan)::text as "tradedVolume",
          (select coalesce(sum(fee), 0) from own)::text as "feesPaid",
          (select count(*) from savings_plan_executions
            where sub = ${sub} and state = 'executed' and at >= ${f}::timestamptz and at < ${t}::timestamptz)::int as "savingsPlanExecutions",
          (select coalesce(sum(amount), 0) from ledger_postings
            where account in (${accounts.cash(sub)}, ${accounts.arrears(sub)}) and kind = 'dividend'
              and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz)::text as "dividendsReceived",
          (select coalesce(sum(capital_gains_tax + solidarity_surcharge + church_tax), 0) from tax_years
            where sub = ${sub} and year = ${year})::text as "taxPaid"
      `);
      return rowsOf<StatsRow>(result)[0]!;
    },
  };
}

export type StatsStore = ReturnType<typeof statsStore>;
