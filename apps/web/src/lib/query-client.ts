import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * Server state lives in TanStack Query. A 4xx answer will not change by asking again, so only
 * network failures and 5xx answers are retried (twice).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
