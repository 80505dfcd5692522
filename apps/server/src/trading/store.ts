import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Lot, LotConsumption } from '@kontor/domain/lots';
import type { Db } from '../platform/db.ts';
import { customerDocuments, lots, tradingConfirmations } from './tables.ts';

export type ConfirmationKind = 'lowtrading' | 'otc';

export type HeldPosition = { isin: string; quantity: string; cost: string; firstPurchase: string };

export function lotStore(db: Db) {
  return {
    /** Open lots of one instrument, oldest first: the order FIFO consumes them in. */
    async openLots(tx: Db, sub: string, isin: string): Promise<Lot[]> {
      const rows = await tx
        .select()
        .from(lots)
        .where(and(eq(lots.sub, sub), eq(lots.isin, isin), gt(lots.remaining, '0')))
        .orderBy(asc(lots.openedAt), asc(lots.id))
        // Two sales of the same position in parallel must not use the same pieces.
        .for('update');
      return rows.map((r) => ({ id: r.id, quantity: r.quantity, remaining: r.remaining, cost: r.cost, remainingCost: r.remainingCost }));
    },
    async addLot(tx: Db, lot: { sub: string; isin: string; quantity: string; cost: string; openedAt: Date; executionId: string | null }): Promise<void> {
      await tx.insert(lots).values({ ...lot, remaining: lot.quantity, remainingCost: lot.cost });
    },
    async consume(tx: Db, consumed: readonly LotConsumption[]): Promise<void> {
      for (const c of consumed) {
        await tx
          .update(lots)
          .set({ remaining: sql`${lots.remaining} - ${c.quantity}::numeric`, remainingCost: sql`${lots.remainingCost} - ${c.cost}::numeric` })
          .where(eq(lots.id, c.lotId));
      }
    },
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
    async hasLots(sub: string): Promise<boolean> {
      const rows = await db.select({ id: lots.id }).from(lots).where(eq(lots.sub, sub)).limit(1);
      return rows.length > 0;
    },
  };
}
export type LotStore = ReturnType<typeof lotStore>;

export function confirmationStore(db: Db) {
  return {
    async of(sub: string): Promise<Set<ConfirmationKind>> {
      const rows = await db.select({ kind: tradingConfirmations.kind }).from(tradingConfirmations).where(eq(tradingConfirmations.sub, sub));
      return new Set(rows.map((r) => r.kind as ConfirmationKind));
    },
    /** Confirming twice keeps the first date. */
    async confirm(sub: string, kind: ConfirmationKind, at: Date): Promise<void> {
      await db.insert(tradingConfirmations).values({ sub, kind, confirmedAt: at }).onConflictDoNothing();
    },
  };
}
export type ConfirmationStore = ReturnType<typeof confirmationStore>;

export type CustomerDocument = { id: string; kind: string; pdfTitle: string; pdfIsin: string | null; ref: string; createdAt: string; read: boolean };

export function documentStore(db: Db) {
  return {
    async add(tx: Db, doc: { sub: string; kind: string; pdfTitle: string; pdfIsin: string | null; ref: string; createdAt: Date }): Promise<void> {
      await tx.insert(customerDocuments).values(doc);
    },
    async list(sub: string, limit = 200): Promise<CustomerDocument[]> {
      const rows = await db.select().from(customerDocuments).where(eq(customerDocuments.sub, sub)).orderBy(desc(customerDocuments.createdAt)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        pdfTitle: r.pdfTitle,
        pdfIsin: r.pdfIsin,
        ref: r.ref,
        createdAt: r.createdAt.toISOString(),
        read: r.readAt !== null,
      }));
    },
    async get(sub: string, id: string) {
      const [row] = await db
        .select()
        .from(customerDocuments)
        .where(and(eq(customerDocuments.sub, sub), eq(customerDocuments.id, id)));
      return row;
    },
    async markRead(sub: string, id: string, at: Date): Promise<void> {
      await db
        .update(customerDocuments)
        .set({ readAt: at })
        .where(and(eq(customerDocuments.sub, sub), eq(customerDocuments.id, id), sql`${customerDocuments.readAt} is null`));
    },
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;
