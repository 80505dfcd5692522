import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  notificationListSchema,
  priceAlertSchema,
  type ALERT_DIRECTIONS,
  type Notification,
  type PriceAlert,
} from '@kontor/domain/notifications';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const NOTIFICATIONS_KEY = queryKeys.notifications;
export const ALERTS_KEY = ['notifications', 'alerts'] as const;

/** How often the app asks for new notifications (and at once when the window gets focus again). */
export const NOTIFICATION_POLL_MS = 15_000;

type NotificationList = z.infer<typeof notificationListSchema>;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/**
 * The customer's notifications, newest first, with the unread count. Polled: the bell in the top
 * bar and the page share this one query. Errors stay quiet (the bell just shows no count).
 */
export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: async ({ signal }) =>
      notificationListSchema.parse(await api.request<unknown>('GET', '/api/notification', { signal, skipGlobalErrorHandler: true })),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
  });
}

export function usePriceAlerts() {
  return useQuery({
    queryKey: ALERTS_KEY,
    queryFn: async ({ signal }) =>
      z.array(priceAlertSchema).parse(await api.request<unknown>('GET', '/api/notification/alerts', { signal, skipGlobalErrorHandler: true })),
  });
}

const notificationPath = (id: string) => `/api/notification/${encodeURIComponent(id)}`;

/** Read and delete; the list changes at once (optimistically) and is fetched again afterwards. */
export function useNotificationMutations() {
  const client = useQueryClient();
  const change = (update: (list: NotificationList) => NotificationList) => {
    void client.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
    const before = client.getQueryData<NotificationList>(NOTIFICATIONS_KEY);
    if (before) client.setQueryData<NotificationList>(NOTIFICATIONS_KEY, update(before));
    return { before };
  };
  const settle = () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const rollback = (_error: unknown, _id: string, context: { before?: NotificationList } | undefined) => {
    if (context?.before) client.setQueryData(NOTIFICATIONS_KEY, context.before);
  };

  const markRead = useMutation({
    mutationFn: (id: string) => api.request<void>('POST', `${notificationPath(id)}/read`),
    onMutate: (id) =>
      change((list) => {
        const target = list.items.find((n) => n.id === id);
        if (!target || target.readAt) return list;
        const now = new Date().toISOString();
        return { unread: Math.max(0, list.unread - 1), items: list.items.map((n) => (n.id === id ? { ...n, readAt: now } : n)) };
      }),
    onError: rollback,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request<void>('DELETE', notificationPath(id)),
    onMutate: (id) =>
      change((list) => {
        const target = list.items.find((n) => n.id === id);
        return { unread: target && !target.readAt ? Math.max(0, list.unread - 1) : list.unread, items: list.items.filter((n) => n.id !== id) };
      }),
    onError: rollback,
    onSettled: settle,
  });
  return { markRead, remove };
}

export function usePriceAlertMutations() {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (input: { isin: string; direction: AlertDirection; price: string }) =>
      api.request<PriceAlert>('POST', '/api/notification/alerts', { body: input, skipGlobalErrorHandler: true }),
    onSuccess: (alert) => client.setQueryData<PriceAlert[]>(ALERTS_KEY, (alerts) => (alerts ? [alert, ...alerts] : alerts)),
    onSettled: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request<void>('DELETE', `/api/notification/alerts/${encodeURIComponent(id)}`),
    onSuccess: (_nothing, id) => client.setQueryData<PriceAlert[]>(ALERTS_KEY, (alerts) => alerts?.filter((a) => a.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  return { create, remove };
}

export type { Notification, PriceAlert };
