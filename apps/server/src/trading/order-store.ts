import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import type { ExecutionRecord } from '../bookings/execution-booking.ts';
import type { OrderState } from './engine/types.ts';
import { executions, orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type ExecutionRow = typeof executions.$inferSelect;

/** The orders and executions tables: every statement on them, inside or outside a transaction. */
export function orderStore(db: Db) {
  return {
    async insert(row: OrderRow): Promise<void> {
      await db.insert(orders).values(row);
    },
    async byId(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    /** A customer's order; undefined for another customer's. */
    async owned(sub: string, id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
      return row;
    },
    async isOwned(sub: string, id: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
      return row !== undefined;
    },
    /** Customer and money held of the orders an engine step moved. */
    async holds(ids: readonly string[]): Promise<{ id: string; sub: string; reserved: string }[]> {
      return db.select({ id: orders.id, sub: orders.sub, reserved: orders.reserved }).from(orders).where(inArray(orders.id, [...ids]));
    },
    async update(id: string, change: Partial<typeof orders.$inferInsert>): Promise<void> {
      await db.update(orders).set(change).where(eq(orders.id, id));
    },
    /** The engine's records of every open order: what the engine is rebuilt from. */
    async openStates(): Promise<OrderState[]> {
      const rows = await db.select({ state: orders.state }).from(orders).where(eq(orders.open, true));
      return rows.map((r) => r.state as OrderState);
    },
    /** Pieces of one instrument that the customer's open sell orders block. */
    async blocked(sub: string, isin: string): Promise<string> {
      const [row] = await db
        .select({ blocked: sql<string>`coalesce(sum(${orders.blocked}), 0)::text` })
        .from(orders)
        .where(and(eq(orders.sub, sub), eq(orders.isin, isin), eq(orders.open, true), eq(orders.side, 'sell')));
      return row?.blocked ?? '0';
    },
    async list(sub: string, state: 'open' | 'done' | 'all', limit = 500): Promise<OrderRow[]> {
      const where = state === 'all' ? eq(orders.sub, sub) : and(eq(orders.sub, sub), eq(orders.open, state === 'open'));
      return db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(limit);
    },

    async insertExecution(e: { id: string; orderId: string; sub: string; isin: string; side: string; quantity: string; price: string; executedAt: Date } & ExecutionRecord): Promise<void> {
      await db.insert(executions).values(e);
    },
    async executionsOf(orderId: string): Promise<ExecutionRow[]> {
      return db.select().from(executions).where(eq(executions.orderId, orderId)).orderBy(executions.executedAt);
    },
    async execution(id: string): Promise<ExecutionRow | undefined> {
      const [row] = await db.select().from(executions).where(eq(executions.id, id));
      return row;
    },
  };
}

export type OrderStore = ReturnType<typeof orderStore>;
