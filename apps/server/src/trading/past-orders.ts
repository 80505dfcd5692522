import Decimal from 'decimal.js';
import type { ExecutionFill } from '../bookings/execution-booking.ts';
import type { OrderState } from './engine/types.ts';
import type { OrderRow } from './order-store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/** A market order that was filled in full before Kontor's records begin (the demo customer's history). */
export type PastFill = { orderId: string; sub: string; isin: string; side: 'buy' | 'sell'; quantity: string; price: string; at: Date };

/** The order's record and its one fill, as if the engine had executed it then. */
export function pastMarketOrder(p: PastFill): { row: OrderRow; fill: ExecutionFill } {
  const at = p.at.toISOString();
  const value = toWireDecimal(new Decimal(p.quantity).mul(p.price));
  const state: OrderState = {
    id: p.orderId,
    accountId: p.sub,
    isin: p.isin,
    side: p.side,
    kind: 'market',
    quantity: p.quantity,
    amount: null,
    limit: null,
    stop: null,
    trailingDistance: null,
    trailingUnit: null,
    validity: { type: 'day' },
    expiresAt: at,
    status: 'Filled',
    cancelStatus: null,
    triggered: false,
    ocoLeg: null,
    filledQuantity: p.quantity,
    filledValue: value,
    executions: 1,
    quotedPrice: null,
    quoteId: null,
    createdAt: at,
    seq: 0,
    reason: null,
  };
  return {
    row: {
      id: p.orderId, sub: p.sub, isin: p.isin, side: p.side, kind: 'market', status: 'Filled', cancelStatus: null, open: false,
      state, costs: null, reserved: '0', blocked: '0', createdAt: p.at, updatedAt: p.at,
    },
    fill: { id: `${p.orderId}-1`, isin: p.isin, side: p.side, quantity: p.quantity, price: p.price, value, at, first: true },
  };
}
