import { useQuery } from '@tanstack/react-query';
import type { Instrument } from '@kontor/domain/instrument';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * One instrument with its trading rules (grids, minimum order value, disabled kinds): the
 * instrument page and the order ticket share the answer. Both pages show their own "not found"
 * and load-error cards, so no error toast.
 */
export function useInstrument(isin: string | null) {
  return useQuery({
    queryKey: queryKeys.instrument(isin),
    enabled: isin !== null,
    queryFn: ({ signal }) => api.request<Instrument>('GET', `/api/instrument/${encodeURIComponent(isin ?? '')}`, { signal, skipGlobalErrorHandler: true }),
  });
}
