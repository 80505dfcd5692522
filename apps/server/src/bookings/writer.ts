import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import type { DocumentStore } from '../documents/store.ts';
import { addNotification } from '../notifications/store.ts';
import type { Booking } from './booking.ts';
import { post } from './ledger.ts';
import type { LotStore } from './lot-store.ts';
import { taxStore } from '../tax/store.ts';
import { bookings } from './tables.ts';

/**
 * The one writer of bookings. Call it inside the transaction of whatever else the event writes
 * (an order's state, the execution's record): the booking's key, postings, lots, documents and
 * notifications land with it or not at all. A key written before is not written again: false then.
 */
export function bookingWriter(deps: { lots: (db: Db) => LotStore; documents: DocumentStore }) {
  return async function write(tx: Db, b: Booking): Promise<boolean> {
    const claimed = await tx.insert(bookings).values({ key: b.key, kind: b.kind, sub: b.sub, bookedAt: b.at }).onConflictDoNothing().returning({ key: bookings.key });
    if (claimed.length === 0) return false;
    await post(tx, { postings: b.postings, ref: b.ref, at: b.at });
    const opened = b.lots.flatMap((l) => (l.type === 'open' ? [l] : []));
    const consumed = b.lots.flatMap((l) => (l.type === 'consume' ? [l] : []));
    for (const l of opened) await deps.lots(tx).addLot({ sub: b.sub, isin: l.isin, quantity: l.quantity, cost: l.cost, openedAt: l.openedAt, executionId: l.executionId, vorabpauschale: l.vorabpauschale });
    if (consumed.length > 0) await deps.lots(tx).consume(consumed);
    const taxed = b.lots.flatMap((l) => (l.type === 'vorabpauschale' ? [l] : []));
    if (taxed.length > 0) await deps.lots(tx).addVorabpauschale(taxed);
    if (b.tax) await taxStore(tx).recordEvent(b.tax);
    for (const d of b.documents) await deps.documents.issue(tx, b.sub, b.at, d);
    for (const n of b.notifications) await addNotification(tx, { sub: b.sub, ...n }, b.at);
    return true;
  };
}

export type BookingWriter = ReturnType<typeof bookingWriter>;

/** Whether anything was ever booked for the customer. */
export async function hasBookings(db: Db, sub: string): Promise<boolean> {
  const rows = await db.select({ key: bookings.key }).from(bookings).where(eq(bookings.sub, sub)).limit(1);
  return rows.length > 0;
}
