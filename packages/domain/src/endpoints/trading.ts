import { z } from 'zod';
import { defineEndpoint, idempotencyHeaderSchema } from '../endpoint';
import { orderListSchema, orderPreviewSchema, orderTicketSchema, rfqRequestSchema, tradingOrderSchema } from '../trading-contracts';

const tags = ['trading'];
const idParams = z.object({ id: z.string().max(64) });

/** Orders: placing, previewing, quotes (RFQ), cancelling and the order list (spec: Handel). */
export const tradingEndpoints = {
  place: defineEndpoint({
    method: 'POST',
    path: '/api/trading',
    tags,
    summary: 'Place an order; a repeat with the same Idempotency-Key returns the first answer',
    headers: idempotencyHeaderSchema,
    body: orderTicketSchema,
    status: 201,
    response: tradingOrderSchema,
  }),
  costs: defineEndpoint({
    method: 'POST',
    path: '/api/trading/costs',
    tags,
    summary: 'The ex-ante costs and what must be confirmed ("Order prüfen")',
    body: orderTicketSchema,
    status: 200,
    response: orderPreviewSchema,
  }),
  requestQuote: defineEndpoint({
    method: 'POST',
    path: '/api/trading/rfq',
    tags,
    summary: 'Request a binding quote (RFQ) for side and quantity',
    headers: idempotencyHeaderSchema,
    body: rfqRequestSchema,
    status: 201,
    response: tradingOrderSchema,
  }),
  acceptQuote: defineEndpoint({
    method: 'POST',
    path: '/api/trading/orders/{id}/accept',
    tags,
    summary: 'Accept an RFQ quote: executes in full at the quoted price',
    params: idParams,
    status: 200,
    response: tradingOrderSchema,
  }),
  cancel: defineEndpoint({ method: 'DELETE', path: '/api/trading/orders/{id}', tags, summary: 'Cancel an order', params: idParams, status: 200, response: tradingOrderSchema }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/trading/orders',
    tags,
    summary: 'The customer’s orders, newest first',
    query: z.object({ state: z.enum(['open', 'done', 'all']).default('all') }),
    status: 200,
    response: orderListSchema,
  }),
  order: defineEndpoint({ method: 'GET', path: '/api/trading/orders/{id}', tags, summary: 'One order with its executions', params: idParams, status: 200, response: tradingOrderSchema }),
  confirmLowTrading: defineEndpoint({
    method: 'POST',
    path: '/api/user/confirmlowtrading',
    tags: ['user'],
    summary: 'One-time confirmation: small orders in low-trading instruments',
    status: 204,
  }),
  confirmOtcTrading: defineEndpoint({ method: 'POST', path: '/api/user/confirmotctrading', tags: ['user'], summary: 'One-time confirmation: OTC trading', status: 204 }),
};
