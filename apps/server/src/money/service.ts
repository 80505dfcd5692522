import { randomUUID } from 'node:crypto';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Booking } from '../bookings/booking.ts';
import { depositBooking } from '../bookings/cash-bookings.ts';
import { cashOf } from '../bookings/ledger.ts';

/** Money in and out of the depot's cash account. Every movement is a booking, written through `book`. */
export function moneyService(d: { db: Db; clock: Clock; book: (b: Booking) => Promise<boolean> }) {
  return {
    /** Development only: money arrives from the customer's reference account ("Einzahlung simulieren"). */
    async simulateDeposit(sub: string, amount: string, requestId: string = randomUUID()): Promise<Depot['cash']> {
      await d.book(depositBooking({ sub, amount, requestId, at: d.clock.now() }));
      return cashOf(d.db, sub);
    },
  };
}
export type MoneyService = ReturnType<typeof moneyService>;
