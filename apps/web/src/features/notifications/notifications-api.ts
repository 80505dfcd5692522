import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { notificationEndpoints as n } from '@kontor/domain/endpoints/notifications';
import {
  type ALERT_DIRECTIONS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type notificationListSchema,
  type PriceAlert,
} from '@kontor/domain/notifications';
import { api } from '../../lib/api-client';
import { useOrderFallbackRefetch } from '../../lib/order-stream';
import { queryKeys } from '../../lib/query-keys';

export const NOTIFICATIONS_KEY = queryKeys.notifications;
export const ALERTS_KEY = ['notifications', 'alerts'] as const;
export const PREFERENCES_KEY = ['notifications', 'preferences'] as const;

type NotificationList = z.infer<typeof notificationListSchema>;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

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
    queryFn: ({ signal }) => api.call(n.list, { signal, skipGlobalErrorHandler: true }),
    refetchInterval: fallback,
    staleTime: 5_000,
  });
}

/** Per kind: bell, e-mail, app push. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => api.call(n.preferences, { signal, skipGlobalErrorHandler: true }),
  });
}

/** Saves one checkbox at once: shown checked at once, rolled back should the server refuse. */
export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, channels }: { kind: NotificationKind; channels: NotificationPreferences['kinds'][NotificationKind]; channel: NotificationChannel }) =>
      api.call(n.savePreferences, { body: { kinds: { [kind]: channels } }, skipGlobalErrorHandler: true }),
    onMutate: ({ kind, channels }) => {
      void client.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = client.getQueryData<NotificationPreferences>(PREFERENCES_KEY);
      if (before) client.setQueryData<NotificationPreferences>(PREFERENCES_KEY, { kinds: { ...before.kinds, [kind]: channels } });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(PREFERENCES_KEY, context.before);
    },
    onSuccess: (saved) => client.setQueryData(PREFERENCES_KEY, saved),
  });
}

export function usePriceAlerts() {
  return useQuery({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => api.call(n.alerts, { signal, skipGlobalErrorHandler: true }),
  });
}

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
    mutationFn: (id: string) => api.call(n.markRead, { params: { id } }),
    onMutate: (id) =>
      change((list) => {
        const target = list.items.find((n) => n.id === id);
        if (!target || target.readAt) return list;
        const now = new Date().toISOString();
        return { unread: Math.max(0, list.unread - 1), items: list.items.map((n) => (n.id === id ? { ...n, readAt: now } : n)) };
      }),
    onError: rollback,
    onSettled: (_data, _error, id) => {
      void settle();
      // A document's notification read is the document read: the Posteingang's count follows.
      if (client.getQueryData<NotificationList>(NOTIFICATIONS_KEY)?.items.find((x) => x.id === id)?.documentId) void client.invalidateQueries({ queryKey: queryKeys.inbox });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(n.remove, { params: { id } }),
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
      api.call(n.createAlert, { body: input, skipGlobalErrorHandler: true }),
    onSuccess: (alert) => client.setQueryData<PriceAlert[]>(ALERTS_KEY, (alerts) => (alerts ? [alert, ...alerts] : alerts)),
    onSettled: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(n.removeAlert, { params: { id } }),
    onSuccess: (_nothing, id) => client.setQueryData<PriceAlert[]>(ALERTS_KEY, (alerts) => alerts?.filter((a) => a.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  return { create, remove };
}

export type { Notification, PriceAlert };
