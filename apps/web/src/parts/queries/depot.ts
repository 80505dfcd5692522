import { useQuery } from '@tanstack/react-query';
import type { depotEndpoints } from '@kontor/domain/endpoints/depot';
import { api } from '../../lib/api-client';
import { useOrderFallbackRefetch } from '../../lib/order-stream';
import { queryKeys } from '../../lib/query-keys';

/**
 * Cash and positions: the depot page's valuation, the ticket's buying power and pieces to sell.
 * Executions and cancellations refresh it through the order stream; it polls only while that is down.
 */
// Unparsed: checking the answer against its schema would load the trading contracts (about 8 KB)
// into the depot's first load.
export function useDepot() {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    queryKey: queryKeys.depot,
    queryFn: ({ signal }) => api.callUnparsed<typeof depotEndpoints.positions>({ method: 'GET', path: '/api/trading/positions' }, { signal, skipGlobalErrorHandler: true }),
    refetchInterval: fallback,
  });
}
