import type { CancelStatus, OrderStatus } from './enums';

/**
 * Which fields an order kind uses, and when an order has ended: the engine, the server's views
 * and the web ticket read the same answer.
 */

type Kind = string;

/** Every kind but fraction is placed by pieces (a fraction order by euros). */
export const usesQuantity = (kind: Kind) => kind !== 'fraction';
export const usesLimit = (kind: Kind) => kind === 'limit' || kind === 'stoplimit' || kind === 'oco';
export const usesStop = (kind: Kind) => kind === 'stop' || kind === 'stoplimit' || kind === 'oco';
/** Market, fraction and RFQ orders are for the current (or next) trading day only. */
export const usesValidity = (kind: Kind) => kind !== 'market' && kind !== 'fraction' && kind !== 'previously_quoted';

const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['Filled', 'Canceled', 'Expired', 'Rejected']);
const FINAL_CANCEL: ReadonlySet<CancelStatus | null> = new Set<CancelStatus | null>(['Canceled', 'Expired', 'Filled']);

/** Whether an order can change no more: filled, cancelled, expired or rejected (also when partly filled). */
export function isFinal(s: { status: OrderStatus; cancelStatus: CancelStatus | null }): boolean {
  return FINAL_STATUSES.has(s.status) || (s.status === 'PartiallyFilled' && FINAL_CANCEL.has(s.cancelStatus));
}

export const isOpenOrder = (s: { status: OrderStatus; cancelStatus: CancelStatus | null }): boolean => !isFinal(s);

/** An open order without a cancellation on its way can be cancelled (an RFQ quote is declined). */
export const canCancel = (s: { status: OrderStatus; cancelStatus: CancelStatus | null }): boolean => !isFinal(s) && s.cancelStatus === null;
