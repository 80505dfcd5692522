import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tradingEndpoints as trading } from '@kontor/domain/endpoints/trading';
import { isOpenOrder } from '@kontor/domain/order-kinds';
import type { OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import { api } from '../../lib/api-client';
import { useOrderFallbackRefetch } from '../../lib/order-stream';
import { queryKeys } from '../../lib/query-keys';

/** The three views of the order list; the server's `done` is every order that is no longer open. */
export type OrderFilter = 'open' | 'done' | 'all';

// While an order is open its state moves on the server (fills, a TSL's stop, a cancellation): the
// order stream brings each change; only while it is down are open orders looked at again.

export function useOrders(filter: OrderFilter) {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    queryKey: queryKeys.orderList(filter),
    queryFn: ({ signal }) =>
      api.call(trading.orders, { query: { state: filter }, signal, skipGlobalErrorHandler: true }),
    refetchInterval: (query) => (query.state.data?.orders.some(isOpenOrder) ? fallback : false),
  });
}

export function useOrder(id: string, initialData?: TradingOrder) {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    queryKey: queryKeys.order(id),
    initialData,
    // An order just placed is shown at once and then fetched with its executions.
    initialDataUpdatedAt: 0,
    queryFn: ({ signal }) => api.call(trading.order, { params: { id }, signal, skipGlobalErrorHandler: true }),
    refetchInterval: (query) => (query.state.data && isOpenOrder(query.state.data) ? fallback : false),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(trading.cancel, { params: { id }, skipGlobalErrorHandler: true }),
    onSuccess: (order) => {
      client.setQueryData(queryKeys.order(order.id), (old: TradingOrder | undefined) => ({ ...old, ...order }));
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      void client.invalidateQueries({ queryKey: queryKeys.depot });
    },
  });
}

export function previewOrder(ticket: OrderTicketRequest): Promise<OrderPreview> {
  return api.call(trading.costs, { body: ticket, skipGlobalErrorHandler: true });
}

export function placeOrder(ticket: OrderTicketRequest, idempotencyKey: string): Promise<TradingOrder> {
  return api.call(trading.place, { body: ticket, idempotencyKey, skipGlobalErrorHandler: true });
}

export function requestQuote(
  request: { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean },
  idempotencyKey: string,
): Promise<TradingOrder> {
  return api.call(trading.requestQuote, { body: request, idempotencyKey, skipGlobalErrorHandler: true });
}

export function acceptQuote(id: string): Promise<TradingOrder> {
  return api.call(trading.acceptQuote, { params: { id }, skipGlobalErrorHandler: true });
}

export function declineQuote(id: string): Promise<TradingOrder> {
  return api.call(trading.cancel, { params: { id }, skipGlobalErrorHandler: true });
}

/** The one-time confirmations (spec §7 /api/user/confirmlowtrading, /api/user/confirmotctrading). */
export function confirmOnce(kind: 'lowtrading' | 'otc'): Promise<void> {
  return api.call(kind === 'otc' ? trading.confirmOtcTrading : trading.confirmLowTrading, { skipGlobalErrorHandler: true });
}
