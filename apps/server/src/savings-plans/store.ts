import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { pgCode, type Db } from '../platform/db.ts';
import { savingsPlanExecutions, savingsPlans } from './tables.ts';

export type PlanRow = typeof savingsPlans.$inferSelect;
export type ExecutionRow = typeof savingsPlanExecutions.$inferSelect;
export type PlanTotals = { executions: number; invested: string; quantity: string };

const RUNNING = ['active', 'atwork'];

/** The savings plans and their executions, read and written inside the caller's transaction where one is given. */
export function savingsPlanStore(db: Db) {
  return {
    /** The customer's plans, newest first. */
    async plansOf(sub: string): Promise<PlanRow[]> {
      return db.select().from(savingsPlans).where(eq(savingsPlans.sub, sub)).orderBy(desc(savingsPlans.createdAt), desc(savingsPlans.id));
    },

    /** One of the customer's plans (locked for a change when `forUpdate`). */
    async owned(sub: string, id: string, forUpdate = false): Promise<PlanRow | undefined> {
      const q = db.select().from(savingsPlans).where(and(eq(savingsPlans.id, id), eq(savingsPlans.sub, sub)));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    async countLive(sub: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savingsPlans).where(and(eq(savingsPlans.sub, sub), ne(savingsPlans.state, 'deleted')));
      return row?.n ?? 0;
    },

    /** Inserts a plan; false when the customer has a live plan on the instrument already. */
    async insert(row: typeof savingsPlans.$inferInsert): Promise<boolean> {
      try {
        await db.transaction((sp) => sp.insert(savingsPlans).values(row));
        return true;
      } catch (e) {
        if (pgCode(e) === '23505') return false;
        throw e;
      }
    },

    async update(id: string, change: Partial<typeof savingsPlans.$inferInsert>): Promise<void> {
      await db.update(savingsPlans).set(change).where(eq(savingsPlans.id, id));
    },

    /** What each plan bought so far: executions, euros paid, pieces. */
    async totals(planIds: readonly string[]): Promise<Map<string, PlanTotals>> {
      if (planIds.length === 0) return new Map();
      const e = savingsPlanExecutions;
      const rows = await db
        .select({
          planId: e.planId,
          executions: count(),
          invested: sql<string>`coalesce(sum(${e.value} + ${e.fee}), 0)::text`,
          quantity: sql<string>`coalesce(sum(${e.quantity}), 0)::text`,
        })
        .from(e)
        .where(and(inArray(e.planId, [...planIds]), eq(e.state, 'executed')))
        .groupBy(e.planId);
      return new Map(rows.map((r) => [r.planId, { executions: r.executions, invested: r.invested, quantity: r.quantity }]));
    },

    /** A plan's executions and failures, oldest first. */
    async executionsOf(planId: string): Promise<ExecutionRow[]> {
      return db.select().from(savingsPlanExecutions).where(eq(savingsPlanExecutions.planId, planId)).orderBy(asc(savingsPlanExecutions.date));
    },

    /** The instruments with plans due by an execution day: one block order each. */
    async dueInstruments(date: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ isin: savingsPlans.isin })
        .from(savingsPlans)
        .where(and(inArray(savingsPlans.state, RUNNING), lte(savingsPlans.nextDate, date)));
      return rows.map((r) => r.isin);
    },

    /** The direct-debit plans of a block, with their rates (the debit is collected before the block runs). */
    async dueDirectDebits(isin: string, date: string) {
      return db
        .select({ id: savingsPlans.id, sub: savingsPlans.sub, amount: savingsPlans.amount, dynamicPercent: savingsPlans.dynamicPercent, firstDate: savingsPlans.firstDate, increases: savingsPlans.increases, nextNominal: savingsPlans.nextNominal })
        .from(savingsPlans)
        .where(and(eq(savingsPlans.isin, isin), inArray(savingsPlans.state, RUNNING), lte(savingsPlans.nextDate, date), eq(savingsPlans.payment, 'DIRECT_DEBIT')));
    },

    /** The earliest execution day of any running plan on or after `from` (the dev tools' "next savings day"). */
    async nextExecutionDay(from: string): Promise<string | null> {
      const [row] = await db
        .select({ d: sql<string | null>`min(${savingsPlans.nextDate})::text` })
        .from(savingsPlans)
        .where(and(inArray(savingsPlans.state, RUNNING), sql`${savingsPlans.nextDate} >= ${from}::date`));
      return row?.d ?? null;
    },
  };
}

export type SavingsPlanStore = ReturnType<typeof savingsPlanStore>;
