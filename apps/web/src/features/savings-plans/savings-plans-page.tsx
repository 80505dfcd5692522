import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { SavingsPlan } from '@kontor/domain/savings-plan-contracts';
import { formatMoney } from '../../lib/format';
import { newSavingsPlanPath, savingsPlanPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { SavingsPlanIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { PlanFigures, PlanState, rateText } from './plan-format';
import { useSavingsPlans } from './savings-plans-api';
import styles from './savings-plans.module.css';

function NewPlanButton() {
  const { t } = useTranslation();
  return (
    <LinkButton variant="primary" href={newSavingsPlanPath()}>
      {t('savingsPlans.create')}
    </LinkButton>
  );
}

function PlanList({ plans, label }: { plans: SavingsPlan[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.plans} aria-label={label}>
      {plans.map((plan) => (
        <li key={plan.id} className={styles.plan} data-plan-id={plan.id}>
          <Link href={savingsPlanPath(plan.id)} className={styles.planLink}>
            <span className={styles.planName}>
              <span className={styles.name}>{plan.name}</span>
              <span className={styles.muted}>{rateText(plan, t)}</span>
              <PlanState plan={plan} />
            </span>
            <PlanFigures plan={plan} className={styles.figures} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /sparplaene — the customer's savings plans: the total monthly rate, each running or paused plan
 * with its rate, next execution, invested sum, value and gain; deleted plans below as "Verlauf".
 */
export function SavingsPlansPage() {
  const { t } = useTranslation();
  const list = useSavingsPlans();
  // With no plan the empty state carries the button.
  const hasPlans = list.data?.plans.some((p) => p.state !== 'deleted') === true;

  let content;
  if (list.isPending) {
    content = (
      <Card title={t('savingsPlans.current')}>
        <div className={styles.loading} role="status" aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="3rem" />
          <Skeleton height="8rem" />
        </div>
      </Card>
    );
  } else if (list.isError) {
    content = (
      <Card title={t('savingsPlans.current')}>
        <LoadError message={t('savingsPlans.loadError')} onRetry={() => void list.refetch()} />
      </Card>
    );
  } else {
    const current = list.data.plans.filter((p) => p.state !== 'deleted');
    const deleted = list.data.plans.filter((p) => p.state === 'deleted');
    content = (
      <div className={styles.page}>
        {current.length === 0 ? (
          <Card>
            <EmptyState icon={<SavingsPlanIcon />} title={t('pages.savingsPlans.emptyTitle')} action={<NewPlanButton />}>
              {t('pages.savingsPlans.emptyText')}
            </EmptyState>
          </Card>
        ) : (
          <>
            <Card>
              <div className={styles.total}>
                <span>{t('savingsPlans.monthlyTotal')}</span>
                <span className={styles.totalValue} data-monthly-total="">
                  {formatMoney(list.data.monthlyTotal)}
                </span>
              </div>
            </Card>
            <Card flush title={t('savingsPlans.current')}>
              <PlanList plans={current} label={t('savingsPlans.current')} />
            </Card>
          </>
        )}
        {deleted.length > 0 && (
          <Card flush title={t('savingsPlans.verlauf')}>
            <PlanList plans={deleted} label={t('savingsPlans.verlauf')} />
          </Card>
        )}
      </div>
    );
  }

  return (
    <Page title={t('pages.savingsPlans.title')} description={t('savingsPlans.description')} actions={hasPlans ? <NewPlanButton /> : undefined}>
      {content}
    </Page>
  );
}
