import { useQuery } from '@tanstack/react-query';
import type { instrumentEndpoints } from '@kontor/domain/endpoints/instruments';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * One instrument with its trading rules (grids, minimum order value, disabled kinds): the
 * instrument page and the order ticket share the answer. Both pages show their own "not found"
 * and load-error cards, so no error toast. Unparsed: the order ticket is on the depot's first load,
 * which the instrument schemas would take past its budget.
 */
export function useInstrument(isin: string | null) {
  return useQuery({
    queryKey: queryKeys.instrument(isin),
    enabled: isin !== null,
    queryFn: ({ signal }) => api.callUnparsed<typeof instrumentEndpoints.get>({ method: 'GET', path: '/api/instrument/{isin}' }, { params: { isin: isin ?? '' }, signal, skipGlobalErrorHandler: true }),
  });
}
