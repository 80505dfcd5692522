import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { lots } from '../bookings/tables.ts';
import { executions, orders } from '../trading/tables.ts';

export type HeldPosition = { isin: string; quantity: string; cost: string; firstPurchase: string };

/** The depot's reads: what the lots hold, what open sells block, what sales realised. */
export function depotStore(db: Db) {
  return {
    /** What the customer holds, per instrument. */
    async positions(sub: string): Promise<HeldPosition[]> {
      const rows = await db
        .select({
          isin: lots.isin,
          quantity: sql<string>`sum(${lots.remaining})::text`,
          cost: sql<string>`sum(${lots.remainingCost})::text`,
          firstPurchase: sql<Date | string>`min(${lots.openedAt})`,
        })
        .from(lots)
        .where(and(eq(lots.sub, sub), gt(lots.remaining, '0')))
        .groupBy(lots.isin)
        .orderBy(asc(lots.isin));
      return rows.map((r) => ({ ...r, firstPurchase: new Date(r.firstPurchase).toISOString() }));
    },
    /** Pieces blocked by open sell orders, per instrument. */
    async blockedPerIsin(sub: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ isin: orders.isin, blocked: sql<string>`sum(${orders.blocked})::text` })
        .from(orders)
        .where(and(eq(orders.sub, sub), eq(orders.open, true), eq(orders.side, 'sell')))
        .groupBy(orders.isin);
      return new Map(rows.map((r) => [r.isin, r.blocked]));
    },
    /** Realised gains and losses of the customer's sales, per instrument. */
    async realisedPerIsin(sub: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ isin: executions.isin, pnl: sql<string>`coalesce(sum(${executions.realisedPnl}), 0)::text` })
        .from(executions)
        .where(eq(executions.sub, sub))
        .groupBy(executions.isin);
      return new Map(rows.map((r) => [r.isin, r.pnl]));
    },
  };
}
export type DepotStore = ReturnType<typeof depotStore>;
