import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db.ts';
import { accounts } from '../bookings/ledger.ts';
import { depotSnapshots } from './tables.ts';

/** Ledger kinds that move money over the depot's border: the flows of TTWROR and IRR. */
export const FLOW_KINDS = ['deposit', 'payout', 'payout_cancel', 'debit', 'debit_return', 'transfer_in', 'transfer_out'] as const;

/** A Berlin day's movement of the customer's cash accounts and the flows among it. */
export type CashDay = { day: string; delta: string; flowIn: string; flowOut: string };
/** A Berlin day's trades in one instrument: pieces (sells negative), cash paid for buys, cash received for sells. */
export type TradeDay = { isin: string; day: string; quantity: string; bought: string; sold: string };
export type SnapshotRow = typeof depotSnapshots.$inferSelect;

const BERLIN_DAY = (column: string) => sql.raw(`to_char(${column} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`);

export function performanceStore(db: Db) {
  return {
    /** Per Berlin day, oldest first: the change of cash + reserved + arrears, and deposits in / payouts out. */
    async cashDays(sub: string): Promise<CashDay[]> {
      const list = sql.join([accounts.cash(sub), accounts.reserved(sub), accounts.arrears(sub)].map((a) => sql`${a}`), sql`, `);
      const flows = sql.join(FLOW_KINDS.map((k) => sql`${k}`), sql`, `);
      const result = await db.execute(sql`
        select ${BERLIN_DAY('created_at')} as day, sum(amount)::text as delta,
          coalesce(sum(amount) filter (where kind in (${flows}) and amount > 0), 0)::text as "flowIn",
          coalesce(-sum(amount) filter (where kind in (${flows}) and amount < 0), 0)::text as "flowOut"
        from ledger_postings where account in (${list}) group by 1 order by 1`);
      return rowsOf<CashDay>(result);
    },

    /**
     * Per instrument and Berlin day: the customer's executions (buys at value + fee, sells at value
     * − fee), the pieces corporate actions moved (no flow: they came with the share) and dividends (as credited to the account, after withholding taxes: an outflow of the
     * position; read from the customer's own accounts, which are indexed).
     */
    async tradeDays(sub: string): Promise<TradeDay[]> {
      const result = await db.execute(sql`
        select isin, day, sum(quantity)::text as quantity, sum(bought)::text as bought, sum(sold)::text as sold from (
          select isin, ${BERLIN_DAY('executed_at')} as day,
            case when side = 'buy' then quantity else -quantity end as quantity,
            case when side = 'buy' then value + fee else 0 end as bought,
            case when side = 'sell' then value - fee else 0 end as sold
          from executions where sub = ${sub}
          union all
          -- Pieces a corporate action delivered or took (bonus shares, rights, new shares, exchanges): held, not bought.
          select isin, ${BERLIN_DAY('at')} as day, quantity, 0, 0 from ca_moves where sub = ${sub}
          union all
          select split_part(ref, ':', 3) as isin, ${BERLIN_DAY('created_at')} as day, 0, 0, amount
          from ledger_postings where account in (${accounts.cash(sub)}, ${accounts.arrears(sub)}) and kind = 'dividend' and ref like 'dividend:%'
        ) t group by 1, 2 order by 2, 1`);
      return rowsOf<TradeDay>(result);
    },

    async snapshots(sub: string, from: string, to: string): Promise<SnapshotRow[]> {
      return db
        .select()
        .from(depotSnapshots)
        .where(and(eq(depotSnapshots.sub, sub), gte(depotSnapshots.day, from), lte(depotSnapshots.day, to)))
        .orderBy(asc(depotSnapshots.day));
    },

    /** Writes days not written yet; a day already there keeps its figures (idempotent per sub and day). */
    async insertSnapshots(rows: SnapshotRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await db.insert(depotSnapshots).values(rows.slice(i, i + 500)).onConflictDoNothing();
      }
    },
  };
}
