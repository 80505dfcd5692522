import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationsPath } from '../../lib/paths';
import { useToast } from '../../lib/toasts';
import { LinkButton } from '../../ui/button';
import { BellIcon } from '../../ui/icons';
import { ALERTS_KEY, useNotifications, type Notification } from './notifications-api';
import styles from './notifications.module.css';
import { domainText } from '../../lib/domain-text';

/** At most this many toasts for notifications that arrive together; the bell counts the rest. */
const MAX_TOASTS = 3;

/**
 * Announces notifications that arrive while the app is open (an order executed, a price alert
 * that fired) as a toast, and refreshes the alert list they may come from. What was there at the
 * first load is not announced again. They arrive with the live stream's `notifications` event.
 */
function useArrivals(items: readonly Notification[] | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    const known = seen.current;
    const arrived = items.filter((n) => !known.has(n.id));
    if (arrived.length === 0) return;
    for (const n of arrived) known.add(n.id);
    for (const n of arrived.filter((x) => !x.readAt).slice(0, MAX_TOASTS)) toast.info(t(`notifications.arrived.${n.kind}`, { body: domainText(n.body), title: domainText(n.title) }));
    void client.invalidateQueries({ queryKey: ALERTS_KEY });
  }, [items, toast, client, t]);
}

/** The bell in the top bar: opens /benachrichtigungen and shows how many are unread (the count the live stream sends). */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  useArrivals(notifications.data?.items);
  const unread = notifications.data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <LinkButton href={notificationsPath()} variant="ghost" iconOnly aria-label={label} className={[styles.bell, className].filter(Boolean).join(' ')}>
      <BellIcon />
      {unread > 0 && (
        <span className={styles.bellCount} aria-hidden="true" data-unread-count={unread}>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </LinkButton>
  );
}
