import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../lib/format';
import { useTaxEnabled } from '../../parts/queries/tax';
import { useCustomerStats } from '../../parts/queries/user-preferences';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import styles from './settings.module.css';

/** "Statistik 2026": the customer's own figures of the current year (GET /api/stats). */
export function StatsCard() {
  const { t } = useTranslation();
  const stats = useCustomerStats();
  const taxEnabled = useTaxEnabled();
  const s = stats.data;
  return (
    <Card title={s ? t('settings.stats.title', { year: s.year }) : t('settings.stats.titleNoYear')}>
      {stats.isPending ? (
        <div role="status" aria-busy="true" className={styles.statFigures}>
          <span className="visually-hidden">{t('common.loading')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height="2.75rem" />
          ))}
        </div>
      ) : stats.isError || !s ? (
        <LoadError message={t('settings.stats.loadError')} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className={styles.statFigures} data-stats>
          <div>
            <dt>{t('settings.stats.trades')}</dt>
            <dd>{formatCount(s.trades)}</dd>
          </div>
          <div>
            <dt>{t('settings.stats.volume')}</dt>
            <dd>{formatMoney(s.tradedVolume)}</dd>
          </div>
          <div>
            <dt>{t('settings.stats.fees')}</dt>
            <dd>{formatMoney(s.feesPaid)}</dd>
          </div>
          <div>
            <dt>{t('settings.stats.savingsPlans')}</dt>
            <dd>{formatCount(s.savingsPlanExecutions)}</dd>
          </div>
          <div>
            <dt>{t('settings.stats.dividends')}</dt>
            <dd>{formatMoney(s.dividendsReceived)}</dd>
          </div>
          {taxEnabled && (
            <div>
              <dt>{t('settings.stats.tax')}</dt>
              <dd>{formatMoney(s.taxPaid)}</dd>
            </div>
          )}
        </dl>
      )}
    </Card>
  );
}
