import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '@kontor/domain/security-log-contracts';
import { useCountryName } from '../../lib/countries';
import { formatDateTime, formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { useSecurityLog } from './security-log-api';
import styles from './settings.module.css';

/** Where it came from: "Lokales Netz", or the country, with the shortened address. */
function usePlace(): (e: SecurityEvent) => string | null {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (e) => {
    const where = e.network === 'LOCAL' ? t('settings.securityLog.localNetwork') : e.country ? countryName(e.country) : e.network ? t('settings.securityLog.unknownPlace') : null;
    return [where, e.address].filter(Boolean).join(' · ') || null;
  };
}

function Entry({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const place = usePlace()(event);
  const detail = !event.detail
    ? null
    : event.kind === 'PAYOUT'
      ? formatMoney(event.detail)
      : event.kind === 'TAN_LOCKED'
        ? t('settings.securityLog.tanLockedUntil', { until: formatDateTime(event.detail) })
        : event.detail;
  return (
    <li className={styles.logEntry} data-kind={event.kind}>
      <div className={styles.logHead}>
        <strong>{t(`settings.securityLog.kinds.${event.kind}`)}</strong>
        <time dateTime={event.at} className={styles.muted}>
          {formatDateTime(event.at)}
        </time>
      </div>
      {detail && <p className={styles.logLine}>{detail}</p>}
      {(event.device || place) && (
        <p className={`${styles.logLine} ${styles.muted}`}>
          {[event.device ?? t('settings.securityLog.unknownDevice'), place].filter(Boolean).join(' · ')}
        </p>
      )}
    </li>
  );
}

/**
 * Einstellungen → Sicherheitsprotokoll: sign-ins, failed attempts, lockouts and changes to access
 * and money, newest first, as the server keeps them (three years, unchangeable).
 */
export function SecurityLogCard() {
  const { t } = useTranslation();
  const log = useSecurityLog();
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Card title={t('settings.securityLog.title')} className={styles.wide}>
      <div className={styles.stack}>
        <p className={styles.muted}>{t('settings.securityLog.text')}</p>
        {log.isPending ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="6rem" />
          </div>
        ) : log.isError ? (
          <LoadError message={t('settings.securityLog.loadError')} onRetry={() => void log.refetch()} />
        ) : events.length === 0 ? (
          <p>{t('settings.securityLog.empty')}</p>
        ) : (
          <ol className={styles.log} aria-label={t('settings.securityLog.title')}>
            {events.map((e) => (
              <Entry key={e.id} event={e} />
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <div>
            <Button variant="secondary" isPending={log.isFetchingNextPage} onPress={() => void log.fetchNextPage()}>
              {t('settings.securityLog.loadMore')}
            </Button>
          </div>
        )}
        {log.isFetchNextPageError && (
          <p className={styles.muted} role="alert">
            {t('settings.securityLog.loadMoreError')}
          </p>
        )}
      </div>
    </Card>
  );
}
