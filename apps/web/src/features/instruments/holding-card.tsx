import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '@kontor/domain/trading-contracts';
import { marketLocalTime } from '@kontor/domain/trading-window';
import { formatDate, formatQuantity } from '../../lib/format';
import { usePositionValuations } from '../../parts/depot-valuation';
import { useDepot } from '../../parts/queries/depot';
import { Card } from '../../ui/card';
import { Change, Money } from '../../ui/number';
import { Skeleton } from '../../ui/skeleton';
import styles from './instrument-page.module.css';

/** The customer's own holding of this instrument (rights positions are their own line in the depot); undefined when none. */
export function useHeldPosition(isin: string): Position | undefined {
  const depot = useDepot();
  return useMemo(() => depot.data?.positions?.find((p) => p.isin === isin && !p.rightsOf), [depot.data, isin]);
}

/** The day of the first purchase in German time: where the "Seit Kauf" chart starts. */
export const purchaseDay = (position: Position) => marketLocalTime(new Date(position.firstPurchase)).date;

/**
 * "Ihre Position": pieces, cost and the gain since purchase, valued live at the bid as the depot
 * values it (one valuation serves both pages).
 */
export function HoldingCard({ position }: { position: Position }) {
  const { t } = useTranslation();
  const positions = useMemo(() => [position], [position]);
  const [row] = usePositionValuations(positions);
  const pending = <Skeleton width="5rem" height="1rem" />;
  return (
    <Card title={t('instrument.holding.title')}>
      <dl className={styles.holding} data-holding="">
        <div className={styles.quoteItem}>
          <dt>{t('instrument.holding.quantity')}</dt>
          <dd>
            {formatQuantity(position.quantity)}
            {position.blocked !== '0' && <span className={styles.muted}> · {t('instrument.holding.blocked', { quantity: formatQuantity(position.blocked) })}</span>}
          </dd>
        </div>
        <div className={styles.quoteItem}>
          <dt>{t('instrument.holding.averagePrice')}</dt>
          <dd>
            <Money amount={position.averagePrice} />
          </dd>
        </div>
        <div className={styles.quoteItem}>
          <dt>{t('instrument.holding.value')}</dt>
          <dd>{row?.value !== undefined ? <Money amount={row.value} /> : pending}</dd>
        </div>
        <div className={styles.quoteItem}>
          <dt>{t('instrument.holding.pnl')}</dt>
          <dd className={styles.holdingPnl}>
            {row?.pnl !== undefined ? (
              <>
                <Change value={row.pnl} kind="money" />
                {row.pnlPercent != null && <Change value={row.pnlPercent} />}
              </>
            ) : (
              pending
            )}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {t('instrument.holding.since', { date: formatDate(position.firstPurchase) })} · {t('instrument.holding.cost')} <Money amount={position.cost} />
      </p>
    </Card>
  );
}
