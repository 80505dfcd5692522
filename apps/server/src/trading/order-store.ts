import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import type { ExecutionRecord } from '../bookings/execution-booking.ts';
import type { OrderState } from './engine/types.ts';
import { executions, orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type ExecutionRow = typeof executions.$inferSelect;

/** The orders and executions tables: every statement on them, inside or outside a transaction. */
export const orderStore = {
  async insert(tx: Db, row: OrderRow): Promise<void> {
    await tx.insert(orders).values(row);
  },
  async byId(tx: Db, id: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id));
    return row;
  },
  /** A customer's order; undefined for another customer's. */
  async owned(db: Db, sub: string, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    return row;
  },
  async isOwned(db: Db, sub: string, id: string): Promise<boolean> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    return row !== undefined;
  },
  /** Customer and money held of the orders an engine step moved. */
  async holds(tx: Db, ids: readonly string[]): Promise<{ id: string; sub: string; reserved: string }[]> {
    return tx.select({ id: orders.id, sub: orders.sub, reserved: orders.reserved }).from(orders).where(inArray(orders.id, [...ids]));
  },
  async update(tx: Db, id: string, change: Partial<typeof orders.$inferInsert>): Promise<void> {
    await tx.update(orders).set(change).where(eq(orders.id, id));
  },
  /** The engine's records of every open order: what the engine is rebuilt from. */
  async openStates(db: Db): Promise<OrderState[]> {
    const rows = await db.select({ state: orders.state }).from(orders).where(eq(orders.open, true));
    return rows.map((r) => r.state as OrderState);
  },
  /** Pieces of one instrument that the customer's open sell orders block. */
  async blocked(tx: Db, sub: string, isin: string): Promise<string> {
    const [row] = await tx
      .select({ blocked: sql<string>`coalesce(sum(${orders.blocked}), 0)::text` })
      .from(orders)
      .where(and(eq(orders.sub, sub), eq(orders.isin, isin), eq(orders.open, true), eq(orders.side, 'sell')));
    return row?.blocked ?? '0';
  },
  async list(db: Db, sub: string, state: 'open' | 'done' | 'all', limit = 500): Promise<OrderRow[]> {
    const where = state === 'all' ? eq(orders.sub, sub) : and(eq(orders.sub, sub), eq(orders.open, state === 'open'));
    return db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(limit);
  },

  async insertExecution(tx: Db, e: { id: string; orderId: string; sub: string; isin: string; side: string; quantity: string; price: string; executedAt: Date } & ExecutionRecord): Promise<void> {
    await tx.insert(executions).values(e);
  },
  async executionsOf(db: Db, orderId: string): Promise<ExecutionRow[]> {
    return db.select().from(executions).where(eq(executions.orderId, orderId)).orderBy(executions.executedAt);
  },
  async execution(db: Db, id: string): Promise<ExecutionRow | undefined> {
    const [row] = await db.select().from(executions).where(eq(executions.id, id));
    return row;
  },
};
export type OrderStore = typeof orderStore;
