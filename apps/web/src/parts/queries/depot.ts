import { useQuery } from '@tanstack/react-query';
import type { depotEndpoints } from '@kontor/domain/endpoints/depot';
import type { Depot } from '@kontor/domain/trading-contracts';
import { api } from '../../lib/api-client';
import { useOrderFallbackRefetch } from '../../lib/order-stream';
import { queryKeys } from '../../lib/query-keys';

/**
 * Cash and positions: the depot page's valuation, the ticket's buying power and pieces to sell.
 * Executions and cancellations refresh it through the order stream; it polls only while that is down.
 */
// Unparsed: checking the answer against its schema would load the trading contracts (about 8 KB)
// into the depot's first load.
export function useDepot(enabled = true) {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    enabled,
    queryKey: queryKeys.depot,
    queryFn: ({ signal }) => api.callUnparsed<typeof depotEndpoints.positions>({ method: 'GET', path: '/api/trading/positions' }, { signal, skipGlobalErrorHandler: true }),
    refetchInterval: fallback,
  });
}

/**
 * A depot with nothing in it yet: no position and no money, as a new customer's. The depot page
 * welcomes the customer instead of showing notices (the welcome is the page's one notice).
 */
export function isFreshDepot(depot: Pick<Depot, 'positions' | 'cash'>): boolean {
  // Read unparsed by the shell as well: an answer of another shape is no reason to welcome, nor to fail.
  // A wire amount is a plain decimal string ("0.00"); no decimal library on the shell's first load for this.
  return Array.isArray(depot.positions) && depot.positions.length === 0 && /^0+(\.0+)?$/.test(depot.cash?.total ?? '');
}
