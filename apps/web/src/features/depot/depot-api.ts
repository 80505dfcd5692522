import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cash, Depot } from '@kontor/domain/trading-contracts';
import { api } from '../../lib/api-client';

/** The same key the order ticket uses, so a placed order refreshes the depot and the other way round. */
export const DEPOT_KEY = ['trading', 'positions'] as const;

/** Positions and cash (GET /api/trading/positions). */
export function useDepot() {
  return useQuery({
    queryKey: DEPOT_KEY,
    queryFn: ({ signal }) => api.request<Depot>('GET', '/api/trading/positions', { signal, skipGlobalErrorHandler: true }),
    // Open orders fill in the background: look again now and then while the page is open.
    refetchInterval: 15_000,
  });
}

/** Development only (POST /api/dev/deposit): money arrives on the cash account at once. */
export function useSimulatedDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => api.request<Cash>('POST', '/api/dev/deposit', { body: { amount }, skipGlobalErrorHandler: true }),
    onSuccess: (cash) => {
      client.setQueryData<Depot>(DEPOT_KEY, (old) => (old ? { ...old, cash } : old));
      void client.invalidateQueries({ queryKey: DEPOT_KEY });
    },
  });
}
