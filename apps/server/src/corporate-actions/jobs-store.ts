import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { lots } from '../bookings/tables.ts';
import type { Db } from '../platform/db.ts';
import type { DatedLot } from './booking.ts';
import type { CaEventRow } from './store.ts';
import type { CaMove } from './booking.ts';
import { caEvents, caMoves } from './tables.ts';

/** The reads of the corporate-action jobs and of the rights in the depot, on the caller's transaction. */
export function caJobsStore(db: Db) {
  return {
    /** The customer's open lots of these ISINs, oldest first per ISIN, with their dates; locked (the booking consumes them). */
    async openLots(sub: string, isins: readonly string[]): Promise<Map<string, DatedLot[]>> {
      const rows = await db
        .select()
        .from(lots)
        .where(and(eq(lots.sub, sub), inArray(lots.isin, [...isins]), gt(lots.remaining, '0')))
        .orderBy(asc(lots.openedAt), asc(lots.id))
        .for('update');
      const byIsin = new Map<string, DatedLot[]>(isins.map((i) => [i, []]));
      for (const r of rows) {
        byIsin.get(r.isin)!.push({ id: r.id, quantity: r.quantity, remaining: r.remaining, cost: r.cost, remainingCost: r.remainingCost, remainingVorabpauschale: r.remainingVorabpauschale, openedAt: r.openedAt });
      }
      return byIsin;
    },
    /** What a booking moved per ISIN (written with it). */
    async recordMoves(bookingKey: string, sub: string, at: Date, moves: readonly CaMove[]): Promise<void> {
      if (moves.length === 0) return;
      await db
        .insert(caMoves)
        .values(moves.map((m) => ({ bookingKey, sub, isin: m.isin, quantity: m.quantity, at })))
        .onConflictDoNothing();
    },
    /** Every event with subscription rights (the rights ISINs the depot and the quotes know). */
    async rightsEvents(): Promise<CaEventRow[]> {
      return db.select().from(caEvents).where(isNotNull(caEvents.rightsIsin)).orderBy(asc(caEvents.announcedAt));
    },
    async eventOfRights(rightsIsin: string): Promise<CaEventRow | undefined> {
      const [row] = await db.select().from(caEvents).where(eq(caEvents.rightsIsin, rightsIsin)).orderBy(asc(caEvents.announcedAt)).limit(1);
      return row;
    },
  };
}
