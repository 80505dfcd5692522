import { useQuery } from '@tanstack/react-query';
import { moneyEndpoints } from '@kontor/domain/endpoints/money';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The money overview (GET /api/moneytransaction): cash figures, reference account, direct-debit
 * mandate. The Geldtransfer page and the settings (Referenzkonto, Lastschriftmandat) read it;
 * each shows its own error, so no toast.
 */
export function useMoneyOverview() {
  return useQuery({
    queryKey: queryKeys.moneyOverview,
    queryFn: ({ signal }) => api.call(moneyEndpoints.overview, { signal, skipGlobalErrorHandler: true }),
  });
}
