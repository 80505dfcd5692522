import type { DocumentToIssue } from '../documents/store.ts';
import type { TaxEventToRecord } from '../tax/store.ts';
import type { Posting } from './ledger.ts';

/**
 * A booking: everything one business event changes for a customer, as a value. Pure functions
 * build it (`execution-booking.ts`, `cash-bookings.ts`); `writer.ts` writes it in one transaction.
 * Cash, positions and (later) tax change only this way.
 */
export type Booking = {
  /** The business key (`execution:<id>`, `deposit:<sub>:<key>`, …): a booking with a key already written is not written again. */
  key: string;
  kind: BookingKind;
  sub: string;
  at: Date;
  /** One balanced ledger entry; `ref` names what caused it (an execution id, …). */
  postings: readonly Posting[];
  ref: string | null;
  lots: readonly LotChange[];
  /** The tax event this booking withholds or refunds (its postings are among `postings`). */
  tax?: TaxEventToRecord;
  documents: readonly DocumentToIssue[];
  notifications: readonly NotificationToSend[];
};

export type BookingKind = 'execution' | 'dividend' | 'vorabpauschale' | 'deposit' | 'opening_position' | 'payout' | 'payout_cancel' | 'payout_executed' | 'debit' | 'debit_settle' | 'debit_return' | 'corporate_action';

/**
 * A purchase opens a lot; a sale uses up lots first in first out (ids and shares from `sellFifo`);
 * a Vorabpauschale taxed on a lot's pieces is kept with it, so that their sale deducts it.
 */
export type LotChange =
  | { type: 'open'; isin: string; quantity: string; cost: string; openedAt: Date; executionId: string | null; /** Kept through a corporate action's rescale or exchange. */ vorabpauschale?: string }
  | { type: 'consume'; lotId: string; quantity: string; cost: string; vorabpauschale: string }
  | { type: 'vorabpauschale'; lotId: string; amount: string };

export type { DocumentToIssue };

/** A message in the customer's notifications (linked to an order or a document when it has one). */
export type NotificationToSend = { kind: string; title: string; body: string; isin: string | null; orderId?: string | null; documentId?: string | null };
