import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { SavingsPlanPreview } from '@kontor/domain/savings-plan-contracts';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { priceListPath } from '../../lib/paths';
import styles from './savings-plans.module.css';

type Costs = SavingsPlanPreview['costs'];
type Upcoming = SavingsPlanPreview['calendar'];

/**
 * Ex-ante-Kosteninformation (MiFID II art. 50): the fee of one execution and what a year of
 * executions costs in euros and percent of the sum invested, with the price list it comes from.
 */
export function CostFacts({ costs }: { costs: Costs }) {
  const { t } = useTranslation();
  return (
    <div className={styles.stack} data-costs="">
      <dl className={styles.facts}>
        <div>
          <dt>{t('savingsPlans.costs.feePerExecution')}</dt>
          <dd data-cost="fee">{formatMoney(costs.feePerExecution)}</dd>
        </div>
        <div>
          <dt>{t('savingsPlans.costs.investedPerYear', { count: costs.executionsPerYear })}</dt>
          <dd>{formatMoney(costs.investedPerYear)}</dd>
        </div>
        <div>
          <dt>{t('savingsPlans.costs.feesPerYear')}</dt>
          <dd>{formatMoney(costs.feesPerYear)}</dd>
        </div>
        <div>
          <dt>{t('savingsPlans.costs.spreadPerYear')}</dt>
          <dd>{formatMoney(costs.spreadPerYear)}</dd>
        </div>
        <div className={styles.sum}>
          <dt>{t('savingsPlans.costs.totalPerYear')}</dt>
          <dd data-cost="total">
            {formatMoney(costs.totalPerYear)} ({formatPercent(costs.totalPercent, { signed: false })})
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {t('savingsPlans.costs.source')}{' '}
        <Link href={priceListPath} className={styles.link}>
          {t('savingsPlans.costs.priceList')}
        </Link>
      </p>
    </div>
  );
}

/** Sparkalender: the next executions, each with its day and amount (a yearly increase shows). */
export function SavingsCalendar({ calendar, label }: { calendar: Upcoming; label: string }) {
  return (
    <ol className={styles.calendar} aria-label={label}>
      {calendar.map((e) => (
        <li key={e.nominal}>
          <span>{formatDate(e.date)}</span>
          <span>{formatMoney(e.amount)}</span>
        </li>
      ))}
    </ol>
  );
}
