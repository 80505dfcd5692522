import { useInfiniteQuery } from '@tanstack/react-query';
import { userEndpoints } from '@kontor/domain/endpoints/user';
import { SECURITY_LOG_PAGE_DEFAULT } from '@kontor/domain/security-log-contracts';
import { api } from '../../lib/api-client';

/** The security log, newest first, a page at a time (keyset: the next page starts at nextCursor). */
export function useSecurityLog() {
  return useInfiniteQuery({
    queryKey: ['security-log'],
    queryFn: ({ pageParam, signal }) =>
      api.call(userEndpoints.securityLog, { query: { limit: SECURITY_LOG_PAGE_DEFAULT, cursor: pageParam }, signal, skipGlobalErrorHandler: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
