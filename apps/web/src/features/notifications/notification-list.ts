import { useQuery } from '@tanstack/react-query';
import type { notificationEndpoints } from '@kontor/domain/endpoints/notifications';
import { api } from '../../lib/api-client';
import { useOrderFallbackRefetch } from '../../lib/order-stream';
import { queryKeys } from '../../lib/query-keys';

export const NOTIFICATIONS_KEY = queryKeys.notifications;
export const ALERTS_KEY = ['notifications', 'alerts'] as const;

/**
 * The customer's notifications, newest first, with the unread count: the bell in the top bar and
 * the page share this one query. Not polled: the live stream's `notifications` event sets the
 * count and fetches the list again (lib/order-stream); only while the stream is down is it looked
 * at now and then. Errors stay quiet (the bell just shows no count).
 */
export function useNotifications() {
  const fallback = useOrderFallbackRefetch();
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    // Unparsed: the bell is in every signed-in page's first load (decision 041).
    queryFn: ({ signal }) => api.callUnparsed<typeof notificationEndpoints.list>({ method: 'GET', path: '/api/notification' }, { signal, skipGlobalErrorHandler: true }),
    refetchInterval: fallback,
    staleTime: 5_000,
  });
}
