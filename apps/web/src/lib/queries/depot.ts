import { useQuery } from '@tanstack/react-query';
import type { Depot } from '@kontor/domain/trading-contracts';
import { api } from '../api-client';
import { useOrderFallbackRefetch } from '../order-stream';
import { queryKeys } from '../query-keys';

/**
 * Cash and positions: the depot page's valuation, the ticket's buying power and pieces to sell.
 * Executions and cancellations refresh it through the order stream; it polls only while that is down.
 */
export function useDepot() {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    queryKey: queryKeys.depot,
    queryFn: ({ signal }) => api.request<Depot>('GET', '/api/trading/positions', { signal, skipGlobalErrorHandler: true }),
    refetchInterval: fallback,
  });
}
