import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { CaAnnouncement } from '@kontor/domain/ca-contracts';
import { useLabels } from '../../lib/domain-labels';
import { formatDate, formatDateTime } from '../../lib/format';
import { corporateActionPath } from '../../lib/paths';
import { useServerNow } from '../../lib/server-today';
import { Card } from '../../ui/card';
import { CorporateActionIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { useCaList } from './ca-api';
import { byUrgency, CaStatusBadges } from './ca-status';
import { formatCountdown } from './countdown';
import styles from './corporate-actions.module.css';

/**
 * /kapitalmassnahmen — the customer's corporate actions: open ones first with the time left to
 * give an instruction, then those given, those only for information and the past ones. Each opens
 * its terms and the instruction form.
 */
export function CorporateActionsPage() {
  const { t } = useTranslation();
  const list = useCaList();
  const now = useServerNow();

  let content: ReactNode;
  const title = t('corporateActions.listLabel');
  if (list.isPending) {
    content = (
      <Card title={title}>
        <div role="status" aria-busy="true" className={styles.stack}>
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width="14rem" height="1.25rem" />
          <SkeletonText lines={4} />
        </div>
      </Card>
    );
  } else if (list.isError) {
    content = (
      <Card title={title}>
        <LoadError message={t('corporateActions.loadError')} onRetry={() => void list.refetch()} />
      </Card>
    );
  } else if (list.data.items.length === 0) {
    content = (
      <Card>
        <EmptyState icon={<CorporateActionIcon />} title={t('pages.corporateActions.emptyTitle')}>
          {t('pages.corporateActions.emptyText')}
        </EmptyState>
      </Card>
    );
  } else {
    content = (
      <Card title={title} flush>
        <ul className={styles.list} aria-label={title}>
          {[...list.data.items].sort(byUrgency).map((event) => (
            <EventItem key={event.id} event={event} now={now} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <Page title={t('pages.corporateActions.title')} description={t('corporateActions.description')}>
      {content}
    </Page>
  );
}

function EventItem({ event, now }: { event: CaAnnouncement; now: number | null }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const open = event.status === 'OFFEN' || event.status === 'WEISUNG_ERTEILT';
  let when: ReactNode;
  if (event.status === 'GEBUCHT') when = t('corporateActions.bookedOn', { date: formatDate(event.payDate) });
  else if (event.status === 'ABGESCHLOSSEN') when = t('corporateActions.closedOn', { date: formatDate(event.payDate) });
  else if (event.mandatory) when = t('corporateActions.bookingOn', { date: formatDate(event.payDate) });
  else if (!open) when = t('corporateActions.countdown.over');
  else if (now === null) when = <Skeleton width="8rem" height="1rem" />;
  else when = <span className={styles.countdown}>{formatCountdown(t, event.deadline, now)}</span>;
  return (
    <li className={styles.item} data-ca-event={event.id} data-ca-status={event.status}>
      <div className={styles.itemMain}>
        <Link href={corporateActionPath(event.id)} className={styles.itemLink}>
          {event.name}
        </Link>
        <span className={styles.muted}>
          {label('caType', event.type)} · {event.isin}
        </span>
      </div>
      <div className={styles.itemSide}>
        <CaStatusBadges event={event} />
        <span className={styles.when}>
          {when}
          {open && !event.mandatory && <span className={styles.muted}> {t('corporateActions.until', { date: formatDateTime(event.deadline) })}</span>}
        </span>
      </div>
    </li>
  );
}
