import { useQuery } from '@tanstack/react-query';
import type { Depot } from '@kontor/domain/trading-contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** How often the depot is looked at again while a page shows it: open orders fill in the background. */
const DEPOT_REFETCH_MS = 15_000;

/** Cash and positions: the depot page's valuation, the ticket's buying power and pieces to sell. */
export function useDepot() {
  return useQuery({
    queryKey: queryKeys.depot,
    queryFn: ({ signal }) => api.request<Depot>('GET', '/api/trading/positions', { signal, skipGlobalErrorHandler: true }),
    refetchInterval: DEPOT_REFETCH_MS,
  });
}
