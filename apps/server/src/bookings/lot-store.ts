import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Lot, LotConsumption } from '@kontor/domain/lots';
import type { Db } from '../platform/db.ts';
import { lots } from './tables.ts';

/** The purchase lots, read and changed inside the caller's transaction. */
export function lotStore(db: Db) {
  return {
    /** Open lots of one instrument, oldest first: the order FIFO consumes them in. Locked unless only looked at (`lock` false). */
    async openLots(sub: string, isin: string, lock = true): Promise<Lot[]> {
      const query = db
        .select()
        .from(lots)
        .where(and(eq(lots.sub, sub), eq(lots.isin, isin), gt(lots.remaining, '0')))
        .orderBy(asc(lots.openedAt), asc(lots.id));
      // Two sales of the same position in parallel must not use the same pieces.
      const rows = lock ? await query.for('update') : await query;
      return rows.map((r) => ({ id: r.id, quantity: r.quantity, remaining: r.remaining, cost: r.cost, remainingCost: r.remainingCost, remainingVorabpauschale: r.remainingVorabpauschale }));
    },
    async addLot(lot: { sub: string; isin: string; quantity: string; cost: string; openedAt: Date; executionId: string | null; vorabpauschale?: string | undefined }): Promise<void> {
      const { vorabpauschale, ...row } = lot;
      await db.insert(lots).values({ ...row, remaining: lot.quantity, remainingCost: lot.cost, remainingVorabpauschale: vorabpauschale ?? '0' });
    },
    async consume(consumed: readonly LotConsumption[]): Promise<void> {
      for (const c of consumed) {
        await db
          .update(lots)
          .set({
            remaining: sql`${lots.remaining} - ${c.quantity}::numeric`,
            remainingCost: sql`${lots.remainingCost} - ${c.cost}::numeric`,
            remainingVorabpauschale: sql`${lots.remainingVorabpauschale} - ${c.vorabpauschale}::numeric`,
          })
          .where(eq(lots.id, c.lotId));
      }
    },
    /** A Vorabpauschale taxed on the lots' remaining pieces (a later sale of them deducts it from its gain). */
    async addVorabpauschale(taxed: readonly { lotId: string; amount: string }[]): Promise<void> {
      for (const t of taxed) {
        await db
          .update(lots)
          .set({ remainingVorabpauschale: sql`${lots.remainingVorabpauschale} + ${t.amount}::numeric` })
          .where(eq(lots.id, t.lotId));
      }
    },
  };
}

export type LotStore = ReturnType<typeof lotStore>;
