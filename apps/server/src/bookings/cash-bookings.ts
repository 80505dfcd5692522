import Decimal from 'decimal.js';
import type { Booking } from './booking.ts';
import { accounts } from './ledger.ts';

/** Money arriving from the customer's reference account; `requestId` makes a repeated transfer book once. */
export function depositBooking(d: { sub: string; amount: string; requestId: string; at: Date }): Booking {
  const amount = new Decimal(d.amount);
  if (!amount.gt(0)) throw new RangeError('A deposit is positive');
  return {
    key: `deposit:${d.sub}:${d.requestId}`,
    kind: 'deposit',
    sub: d.sub,
    at: d.at,
    postings: [
      { account: accounts.cash(d.sub), amount: amount.toFixed(2), kind: 'deposit' },
      { account: accounts.bank, amount: amount.neg().toFixed(2), kind: 'deposit' },
    ],
    ref: null,
    lots: [],
    documents: [],
    notifications: [],
  };
}
