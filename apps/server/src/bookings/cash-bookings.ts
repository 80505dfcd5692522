import Decimal from 'decimal.js';
import { formatEuro, toWireAmount } from '@kontor/domain/numbers';
import type { Booking, NotificationToSend } from './booking.ts';
import { accounts, type Posting } from './ledger.ts';

/**
 * The bookings of money moving in and out of the depot's cash account. Each is pure: what the
 * customer's accounts stand at (free cash, arrears) is read by the caller in the same transaction.
 */

function booking(b: Omit<Booking, 'lots' | 'documents' | 'notifications'> & { notifications?: NotificationToSend[] }): Booking {
  return { lots: [], documents: [], notifications: [], ...b };
}

/**
 * Money arriving for the customer from `from` (the bank, or the direct-debit clearing). What the
 * customer owes after a returned direct debit (`arrears`) is paid first; the rest is free cash.
 */
function credit(sub: string, amount: Decimal, from: string, kind: string, arrears: Decimal.Value = 0): Posting[] {
  const toArrears = Decimal.min(amount, Decimal.max(new Decimal(arrears), 0));
  return [
    { account: accounts.arrears(sub), amount: toWireAmount(toArrears), kind },
    { account: accounts.cash(sub), amount: toWireAmount(amount.minus(toArrears)), kind },
    { account: from, amount: toWireAmount(amount.neg()), kind },
  ];
}

/** Money arriving from the customer's reference account; `requestId` makes a repeated transfer book once. */
export function depositBooking(d: { sub: string; amount: string; requestId: string; at: Date; arrears?: string; notify?: boolean }): Booking {
  const amount = new Decimal(d.amount);
  if (!amount.gt(0)) throw new RangeError('A deposit is positive');
  return booking({
    key: `deposit:${d.sub}:${d.requestId}`,
    kind: 'deposit',
    sub: d.sub,
    at: d.at,
    postings: credit(d.sub, amount, accounts.bank, 'deposit', d.arrears),
    ref: d.requestId,
    notifications: d.notify ? [{ kind: 'MONEY', title: 'Einzahlung gutgeschrieben', body: `${formatEuro(toWireAmount(amount))} sind auf Ihrem Verrechnungskonto eingegangen.`, isin: null }] : [],
  });
}

/** A payout leaves the customer's cash at once; the scheduler sends it to the bank on its execution day. */
export function payoutBooking(d: { sub: string; payoutId: string; amount: string; at: Date }): Booking {
  const amount = new Decimal(d.amount);
  if (!amount.gt(0)) throw new RangeError('A payout is positive');
  return booking({
    key: `payout:${d.payoutId}`,
    kind: 'payout',
    sub: d.sub,
    at: d.at,
    postings: [
      { account: accounts.cash(d.sub), amount: toWireAmount(amount.neg()), kind: 'payout' },
      { account: accounts.payouts, amount: toWireAmount(amount), kind: 'payout' },
    ],
    ref: d.payoutId,
  });
}

/** A payout cancelled before its execution day: the money comes back to free cash. */
export function payoutCancelBooking(d: { sub: string; payoutId: string; amount: string; at: Date }): Booking {
  const amount = new Decimal(d.amount);
  return booking({
    key: `payout-cancel:${d.payoutId}`,
    kind: 'payout_cancel',
    sub: d.sub,
    at: d.at,
    postings: [
      { account: accounts.payouts, amount: toWireAmount(amount.neg()), kind: 'payout_cancel' },
      { account: accounts.cash(d.sub), amount: toWireAmount(amount), kind: 'payout_cancel' },
    ],
    ref: d.payoutId,
  });
}

/** The payout goes to the bank on its execution day; the customer's accounts do not move again. */
export function payoutExecutedBooking(d: { sub: string; payoutId: string; amount: string; ibanMasked: string; at: Date }): Booking {
  const amount = new Decimal(d.amount);
  return booking({
    key: `payout-executed:${d.payoutId}`,
    kind: 'payout_executed',
    sub: d.sub,
    at: d.at,
    postings: [
      { account: accounts.payouts, amount: toWireAmount(amount.neg()), kind: 'payout_executed' },
      { account: accounts.bank, amount: toWireAmount(amount), kind: 'payout_executed' },
    ],
    ref: d.payoutId,
    notifications: [{ kind: 'MONEY', title: 'Auszahlung ausgeführt', body: `${formatEuro(toWireAmount(amount))} wurden an ${d.ibanMasked} überwiesen.`, isin: null }],
  });
}

/** A direct debit: `creditedAtOnce` is buying power at once (`part` 'instant'), the rest when it settles (`part` 'rest'). */
export function debitCreditBooking(d: { sub: string; debitId: string; amount: string; part: 'instant' | 'rest'; at: Date; arrears?: string }): Booking {
  const amount = new Decimal(d.amount);
  return booking({
    key: `${d.part === 'instant' ? 'debit' : 'debit-settle'}:${d.debitId}`,
    kind: d.part === 'instant' ? 'debit' : 'debit_settle',
    sub: d.sub,
    at: d.at,
    postings: amount.gt(0) ? credit(d.sub, amount, accounts.debits, 'debit', d.arrears) : [],
    ref: d.debitId,
  });
}

/**
 * A direct debit comes back unpaid: what was credited is taken back. Money already spent (an order
 * bought with it stays) becomes arrears: the Kontostand goes below zero until money comes in.
 */
export function debitReturnBooking(d: { sub: string; debitId: string; credited: string; freeCash: string; at: Date }): Booking {
  const credited = new Decimal(d.credited);
  const fromCash = Decimal.min(credited, Decimal.max(new Decimal(d.freeCash), 0));
  const owed = credited.minus(fromCash);
  return booking({
    key: `debit-return:${d.debitId}`,
    kind: 'debit_return',
    sub: d.sub,
    at: d.at,
    postings: [
      { account: accounts.cash(d.sub), amount: toWireAmount(fromCash.neg()), kind: 'debit_return' },
      { account: accounts.arrears(d.sub), amount: toWireAmount(owed.neg()), kind: 'debit_return' },
      { account: accounts.debits, amount: toWireAmount(credited), kind: 'debit_return' },
    ],
    ref: d.debitId,
    notifications: [
      {
        kind: 'MONEY',
        title: 'Lastschrift zurückgegeben',
        body: owed.gt(0)
          ? `Ihre Bank hat die Lastschrift über ${formatEuro(toWireAmount(credited))} zurückgegeben. Ihr Verrechnungskonto steht mit ${formatEuro(toWireAmount(owed))} im Soll; bitte überweisen Sie den Betrag.`
          : `Ihre Bank hat die Lastschrift über ${formatEuro(toWireAmount(credited))} zurückgegeben. Der gutgeschriebene Betrag wurde zurückgebucht.`,
        isin: null,
      },
    ],
  });
}
