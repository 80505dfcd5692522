import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { midPrice } from '@kontor/domain/quote';
import { useLabels } from '../../lib/domain-labels';
import { formatDateTime, formatMoney, PRICE_DIGITS } from '../../lib/format';
import { useInstrumentList } from '../../parts/queries/instrument-list';
import { useLiveQuotes } from '../../lib/live-quotes';
import { orderPath, posteingangDocumentPath, searchPath } from '../../lib/paths';
import { useToast } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { BellIcon, CheckIcon, TrashIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { NotificationPreferencesTable } from './notification-preferences';
import { useNotificationMutations, useNotifications, usePriceAlertMutations, usePriceAlerts, type Notification, type PriceAlert } from './notifications-api';
import { useDomainText } from '../../lib/domain-text';
import styles from './notifications.module.css';
import { InstrumentLink, useInstrumentPath } from '../../parts/instrument-link';

type View = 'meldungen' | 'kursalarme' | 'einstellungen';
const VIEWS: readonly View[] = ['meldungen', 'kursalarme', 'einstellungen'];

/** Where a notification leads: its order, its document in the Posteingang, else its instrument. */
function targetOf(n: Notification, instrumentPath: (isin: string) => string | null): string | null {
  if (n.orderId) return orderPath(n.orderId);
  if (n.documentId) return posteingangDocumentPath(n.documentId);
  return n.isin ? instrumentPath(n.isin) : null;
}

function LoadingList() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton height="4rem" />
      <Skeleton height="4rem" />
      <Skeleton height="4rem" />
    </div>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { markRead, remove } = useNotificationMutations();
  const unread = notification.readAt === null;
  const target = targetOf(notification, useInstrumentPath());
  // The server writes notifications in German; in English they read from the domain-text catalogue.
  const text = useDomainText();
  const title = text(notification.title);
  const read = () => {
    if (unread) markRead.mutate(notification.id);
  };
  return (
    <li className={styles.item} data-unread={unread || undefined}>
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.itemMain}>
        <p className={styles.itemTitle}>
          {target ? (
            <Link href={target} className={styles.titleLink} onPress={read}>
              {title}
            </Link>
          ) : (
            <span>{title}</span>
          )}
          {unread && <Badge tone="info">{t('notifications.unread')}</Badge>}
        </p>
        <p className={styles.itemBody}>{text(notification.body)}</p>
        <p className={styles.meta}>
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        </p>
      </div>
      <div className={styles.itemActions}>
        {unread && (
          <Button variant="ghost" size="sm" iconOnly aria-label={t('notifications.markReadNamed', { title })} onPress={read}>
            <CheckIcon />
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('notifications.deleteNamed', { title })}
          onPress={() => remove.mutate(notification.id, { onSuccess: () => toast.success(t('notifications.deleted'), { deleteOnRouteChange: true }) })}
        >
          <TrashIcon />
        </Button>
      </div>
    </li>
  );
}

function NotificationList() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const { markRead } = useNotificationMutations();
  if (notifications.isPending) return <LoadingList />;
  if (notifications.isError && !notifications.data) {
    return <LoadError message={t('notifications.loadError')} onRetry={() => void notifications.refetch()} />;
  }
  const { items, unread } = notifications.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon />}
        title={t('notifications.emptyTitle')}
        action={
          <LinkButton href={searchPath()} variant="secondary">
            {t('notifications.toSearch')}
          </LinkButton>
        }
      >
        {t('notifications.emptyText')}
      </EmptyState>
    );
  }
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.meta} role="status">
          {unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')}
        </p>
        {unread > 0 && (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              for (const n of items) if (!n.readAt) markRead.mutate(n.id);
            }}
          >
            <CheckIcon />
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      <ul className={styles.list} aria-label={t('notifications.listLabel')}>
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} />
        ))}
      </ul>
    </div>
  );
}

function AlertList() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const toast = useToast();
  const alerts = usePriceAlerts();
  const { remove } = usePriceAlertMutations();
  const isins = useMemo(() => (alerts.data ?? []).map((a) => a.isin), [alerts.data]);
  const openIsins = useMemo(() => (alerts.data ?? []).filter((a) => !a.triggeredAt).map((a) => a.isin), [alerts.data]);
  const instruments = useInstrumentList(isins);
  const quotes = useLiveQuotes(openIsins);
  if (alerts.isPending) return <LoadingList />;
  if (alerts.isError && !alerts.data) return <LoadError message={t('alerts.loadError')} onRetry={() => void alerts.refetch()} />;
  if (alerts.data.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon />}
        title={t('alerts.emptyTitle')}
        action={
          <LinkButton href={searchPath()} variant="secondary">
            {t('notifications.toSearch')}
          </LinkButton>
        }
      >
        {t('alerts.emptyText')}
      </EmptyState>
    );
  }
  const describe = (alert: PriceAlert) => {
    const instrument = instruments.byIsin.get(alert.isin);
    return { name: instrument?.name ?? alert.isin, currency: instrument?.quoteCurrencyCode ?? 'EUR', instrument };
  };
  return (
    <ul className={styles.list} aria-label={t('alerts.listLabel')}>
      {alerts.data.map((alert) => {
        const { name, currency, instrument } = describe(alert);
        const quote = quotes.get(alert.isin);
        const price = formatMoney(alert.price, currency, { fractionDigits: PRICE_DIGITS });
        return (
          <li key={alert.id} className={styles.item}>
            <div className={styles.itemMain}>
              <p className={styles.itemTitle}>
                {!instrument && instruments.isFetching ? (
                  <Skeleton width="10rem" height="1.1rem" />
                ) : (
                  <InstrumentLink isin={alert.isin} className={styles.titleLink}>
                    {name}
                  </InstrumentLink>
                )}
                {alert.triggeredAt ? <Badge>{t('alerts.triggered')}</Badge> : <Badge tone="success">{t('alerts.active')}</Badge>}
              </p>
              <p className={styles.itemBody}>
                {label('alertDirection', alert.direction)} <strong className={styles.number}>{price}</strong>
                {!alert.triggeredAt && quote && (
                  <span className={styles.meta}> · {t('alerts.now', { price: formatMoney(midPrice(quote), currency, { fractionDigits: PRICE_DIGITS }) })}</span>
                )}
              </p>
              <p className={styles.meta}>
                {alert.triggeredAt
                  ? t('alerts.triggeredAt', { date: formatDateTime(alert.triggeredAt) })
                  : t('alerts.createdAt', { date: formatDateTime(alert.createdAt) })}
              </p>
            </div>
            <div className={styles.itemActions}>
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={t('alerts.deleteNamed', { name, direction: label('alertDirection', alert.direction), price })}
                isPending={remove.isPending && remove.variables === alert.id}
                onPress={() => remove.mutate(alert.id, { onSuccess: () => toast.success(t('alerts.deleted'), { deleteOnRouteChange: true }) })}
              >
                <TrashIcon />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /benachrichtigungen: the notifications (newest first, each leading to its order, document or
 * instrument; read on opening or with the check mark, delete), the price alerts that raise some of
 * them, and where each kind goes (?ansicht=kursalarme, ?ansicht=einstellungen).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('ansicht') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'meldungen';
  const notifications = useNotifications();
  const alerts = usePriceAlerts();
  const unread = notifications.data?.unread ?? 0;
  const active = alerts.data?.filter((a) => !a.triggeredAt).length ?? 0;
  return (
    <Page title={t('pages.notifications.title')} description={t('notifications.intro')}>
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'kursalarme' || key === 'einstellungen') next.set('ansicht', key);
          else next.delete('ansicht');
          setParams(next, { replace: true });
        }}
      >
        <TabList aria-label={t('notifications.views')} className={styles.fillTabs}>
          <Tab id="meldungen">
            {t('notifications.tab')}
            {unread > 0 && <span className={styles.tabCount}>{t('notifications.tabUnread', { count: unread })}</span>}
          </Tab>
          <Tab id="kursalarme">
            {t('alerts.tab')}
            {active > 0 && <span className={styles.tabCount}>{t('alerts.tabActive', { count: active })}</span>}
          </Tab>
          <Tab id="einstellungen">{t('notifications.preferences.tab')}</Tab>
        </TabList>
        <TabPanel id="meldungen">
          <h2 className="visually-hidden">{t('notifications.tab')}</h2>
          <Card>
            <NotificationList />
          </Card>
        </TabPanel>
        <TabPanel id="kursalarme">
          <h2 className="visually-hidden">{t('alerts.tab')}</h2>
          <Card>
            <AlertList />
          </Card>
        </TabPanel>
        <TabPanel id="einstellungen">
          <h2 className="visually-hidden">{t('notifications.preferences.tab')}</h2>
          <Card>
            <NotificationPreferencesTable />
          </Card>
        </TabPanel>
      </Tabs>
    </Page>
  );
}
