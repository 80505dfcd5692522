import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { moneyEndpoints } from '@kontor/domain/endpoints/money';
import type { Depot } from '@kontor/domain/trading-contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Development only (POST /api/dev/deposit): money arrives on the cash account at once. Unparsed: on the depot's first load. */
export function useSimulatedDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => api.callUnparsed<typeof moneyEndpoints.devDeposit>({ method: 'POST', path: '/api/dev/deposit' }, { body: { amount }, skipGlobalErrorHandler: true }),
    onSuccess: (cash) => {
      client.setQueryData<Depot>(queryKeys.depot, (old) => (old ? { ...old, cash } : old));
      void client.invalidateQueries({ queryKey: queryKeys.depot });
    },
  });
}
