import type Decimal from 'decimal.js';
import { accounts, type Posting } from './ledger.ts';
import { toWireAmount } from '@kontor/domain/numbers';

/**
 * Holds are not bookings: an open buy order moves money from the customer's free cash to the
 * money held for it and back, within the customer's own accounts, as ledger entries written with
 * the order (decision 011). What the customer owns changes only with a booking.
 */

/** Free cash → held for the order. */
export function holdEntry<At extends Date | string>(sub: string, orderId: string, amount: Decimal, at: At) {
  return { postings: move(accounts.cash(sub), accounts.reserved(sub), amount, 'reserve'), ref: orderId, at };
}

/** What an ended order no longer needs goes back to free cash. */
export function releaseEntry<At extends Date | string>(sub: string, orderId: string, amount: Decimal, at: At) {
  return { postings: move(accounts.reserved(sub), accounts.cash(sub), amount, 'release'), ref: orderId, at };
}

function move(from: string, to: string, amount: Decimal, kind: string): Posting[] {
  return [
    { account: from, amount: toWireAmount(amount.neg()), kind },
    { account: to, amount: toWireAmount(amount), kind },
  ];
}
