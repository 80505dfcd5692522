import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from 'react-aria-components';
import type { SavingsPlan, SavingsPlanDetail } from '@kontor/domain/savings-plan-contracts';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { savingsPlansPath } from '../../lib/paths';
import { useInstrument } from '../../parts/queries/instrument';
import { useToast } from '../../lib/toasts';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { SavingsPlanIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { ChangePlanDialog } from './change-plan-dialog';
import { ExecutionHistory } from './execution-history';
import { CostFacts, SavingsCalendar } from './plan-costs';
import { PlanFigures, PlanState, rateText } from './plan-format';
import { dayLabel } from './plan-terms-fields';
import { type PlanAction, useSavingsPlan, useSavingsPlanAction } from './savings-plans-api';
import { ValueChartLegend } from '../../ui/value-chart-legend';
import styles from './savings-plans.module.css';
import { InstrumentLink } from '../../parts/instrument-link';

const PlanChartCanvas = lazy(() => import('./plan-chart-canvas'));

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton width="min(70%, 24rem)" height="2rem" />
      <div className={styles.columns}>
        <SkeletonText lines={7} />
        <SkeletonText lines={5} />
      </div>
    </div>
  );
}

/**
 * /sparplaene/:id — one savings plan: its terms and state, Ändern / Pausieren / Fortsetzen /
 * Löschen, the executions with their orders and documents, invested vs value over time, the next
 * 12 executions (Sparkalender) and the ex-ante costs.
 */
export function SavingsPlanDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useSavingsPlan(id);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const notFound = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <Page title={t('savingsPlans.detail.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<SavingsPlanIcon />}
              title={t('savingsPlans.detail.notFound')}
              action={
                <LinkButton variant="secondary" href={savingsPlansPath}>
                  {t('savingsPlans.detail.toList')}
                </LinkButton>
              }
            >
              {t('savingsPlans.detail.notFoundText')}
            </EmptyState>
          ) : (
            <LoadError message={t('savingsPlans.detail.loadError')} onRetry={() => void detail.refetch()} />
          )}
        </Card>
      </Page>
    );
  }
  return <PlanDetail detail={detail.data} />;
}

/** What the customer can do with a plan in its state (a waiting pause can be taken back by Fortsetzen). */
function actionsOf(plan: SavingsPlan) {
  const pending = plan.pending?.action;
  const running = plan.state === 'active' || (plan.state === 'atwork' && pending === 'change');
  return {
    change: plan.state !== 'deleted' && pending !== 'delete',
    pause: running,
    resume: plan.state === 'inactive' || pending === 'pause',
    delete: plan.state !== 'deleted' && pending !== 'delete',
  };
}

function PlanDetail({ detail }: { detail: SavingsPlanDetail }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const { plan } = detail;
  const instrument = useInstrument(plan.isin);
  const action = useSavingsPlanAction(plan.id);
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const can = actionsOf(plan);

  const run = async (what: PlanAction) => {
    setError(null);
    try {
      const next = await action.mutateAsync(what);
      setDeleting(false);
      toasts.success(t(`savingsPlans.detail.done.${what}`, { name: plan.name, state: next.stateLabel }));
    } catch (e) {
      setDeleting(false);
      setError(isApiError(e) ? e.message : t('savingsPlans.unexpected'));
    }
  };

  return (
    <Page
      title={plan.name}
      description={
        <span className={styles.stack}>
          <span>{rateText(plan, t)}</span>
          <PlanState plan={plan} />
        </span>
      }
      actions={
        <div className={styles.actions}>
          {can.change && (
            <Button variant="secondary" onPress={() => setChanging(true)}>
              {t('savingsPlans.detail.change')}
            </Button>
          )}
          {can.pause && (
            <Button variant="secondary" onPress={() => void run('pause')} isPending={action.isPending && action.variables === 'pause'}>
              {t('savingsPlans.detail.pause')}
            </Button>
          )}
          {can.resume && (
            <Button variant="secondary" onPress={() => void run('resume')} isPending={action.isPending && action.variables === 'resume'}>
              {t('savingsPlans.detail.resume')}
            </Button>
          )}
          {can.delete && (
            <Button variant="danger" onPress={() => setDeleting(true)}>
              {t('savingsPlans.detail.delete')}
            </Button>
          )}
        </div>
      }
    >
      <Link href={savingsPlansPath} className={styles.link}>
        {t('savingsPlans.detail.toList')}
      </Link>
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.columns}>
        <Card title={t('savingsPlans.detail.terms')}>
          <Terms plan={plan} />
        </Card>
        <Card title={t('savingsPlans.detail.figures')}>
          <PlanFigures plan={plan} className={styles.facts} />
        </Card>
      </div>
      <PlanChart detail={detail} />
      <ExecutionHistory history={detail.history} currency={instrument.data?.quoteCurrencyCode} />
      <div className={styles.columns}>
        <Card title={t('savingsPlans.calendar.title')}>
          {detail.calendar.length > 0 ? (
            <SavingsCalendar calendar={detail.calendar} label={t('savingsPlans.calendar.title')} />
          ) : (
            <p className={styles.muted}>{t('savingsPlans.calendar.none')}</p>
          )}
        </Card>
        <Card title={t('savingsPlans.costs.title')}>
          <CostFacts costs={detail.costs} />
        </Card>
      </div>
      {can.change && <ChangePlanDialog plan={plan} isOpen={changing} onOpenChange={setChanging} />}
      <ConfirmDialog
        title={t('savingsPlans.detail.deleteTitle')}
        isOpen={deleting}
        onOpenChange={setDeleting}
        confirmLabel={t('savingsPlans.detail.delete')}
        cancelLabel={t('savingsPlans.detail.keep')}
        tone="danger"
        isPending={action.isPending}
        onConfirm={() => run('delete')}
      >
        <p>{t('savingsPlans.detail.deleteText', { name: plan.name, rate: rateText(plan, t) })}</p>
      </ConfirmDialog>
    </Page>
  );
}

function Terms({ plan }: { plan: SavingsPlan }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('savingsPlans.detail.instrument')}</dt>
        <dd>
          <InstrumentLink isin={plan.isin} className={styles.link}>
            {plan.name}
          </InstrumentLink>
          <br />
          <span className={styles.muted}>{plan.isin}</span>
        </dd>
      </div>
      <div>
        <dt>{t('savingsPlans.form.amount')}</dt>
        <dd>{rateText(plan, t)}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.form.day')}</dt>
        <dd>{dayLabel(plan.interval, plan.day, t)}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.form.dynamic')}</dt>
        <dd>{plan.dynamicPercent === 0 ? t('savingsPlans.form.noDynamic') : `${plan.dynamicPercent} %`}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.form.payment')}</dt>
        <dd>{t(`savingsPlans.payment.${plan.payment}`)}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.detail.firstDate')}</dt>
        <dd>{formatDate(plan.firstDate)}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.detail.executions')}</dt>
        <dd>{plan.executions}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.detail.state')}</dt>
        <dd>
          <PlanState plan={plan} />
        </dd>
      </div>
    </dl>
  );
}

function PlanChart({ detail }: { detail: SavingsPlanDetail }) {
  const { t } = useTranslation();
  const points = useMemo(() => detail.chart.map((p) => ({ date: p.date, invested: Number(p.invested), value: Number(p.value) })), [detail.chart]);
  return (
    <Card title={t('savingsPlans.chart.title')}>
      {points.length === 0 ? (
        <p className={styles.muted}>{t('savingsPlans.chart.empty')}</p>
      ) : (
        <div className={styles.stack}>
          <ValueChartLegend value={t('savingsPlans.figures.value')} invested={t('savingsPlans.figures.invested')} />
          <Suspense
            fallback={
              <div role="status" aria-busy="true">
                <span className="visually-hidden">{t('common.loading')}</span>
                <Skeleton height="16rem" />
              </div>
            }
          >
            <PlanChartCanvas points={points} label={t('savingsPlans.chart.label', { count: points.length })} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
