import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PerformanceRange } from '@kontor/domain/performance';
import { performanceEndpoints } from '@kontor/domain/endpoints/performance';
import { api } from '../../lib/api-client';

/** GET /api/depot/performance: the depot's value history and its returns over a range. */
export function usePerformance(range: PerformanceRange) {
  return useQuery({
    queryKey: ['depot', 'performance', range],
    queryFn: ({ signal }) => api.call(performanceEndpoints.depot, { query: { range }, signal, skipGlobalErrorHandler: true }),
    // The last range's figures stay while the next range loads (the card does not jump).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
