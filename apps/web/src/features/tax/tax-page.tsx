import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import { useTaxYear } from '../../parts/queries/tax';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { ChurchTaxCard } from './church-tax-card';
import { AllowanceCard, LossPotsCard, PaidCard } from './tax-figures';
import { TaxEvents } from './tax-events';
import styles from './tax.module.css';

/** The year asked for in the address (`?jahr=2025`), or null for the current one. */
function yearParam(value: string | null): number | null {
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}

/**
 * /steuern — the customer's tax year as the bank withheld it: the Sparerpauschbetrag used and left,
 * both loss pots, the tax paid, each taxed event with its calculation, and the Kirchensteuermerkmal.
 * The current year unless another is chosen (kept in the address, so a link or reload keeps it).
 */
export function TaxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const year = yearParam(params.get('jahr'));
  const view = useTaxYear(year);

  let content;
  if (view.isPending) {
    content = (
      <Card title={t('tax.overviewTitle')}>
        <div className={styles.page} role="status" aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className={styles.figures}>
            <Skeleton height="7rem" />
            <Skeleton height="7rem" />
            <Skeleton height="7rem" />
          </div>
          <Skeleton height="12rem" />
        </div>
      </Card>
    );
  } else if (view.isError) {
    content = (
      <Card title={t('tax.overviewTitle')}>
        <LoadError message={t('tax.loadError')} onRetry={() => void view.refetch()} />
      </Card>
    );
  } else {
    content = <TaxYearContent view={view.data} />;
  }

  const years = view.data?.years ?? [];
  return (
    <Page
      title={t('pages.tax.title')}
      description={t('tax.description')}
      actions={
        view.data && years.length > 0 ? (
          <Select
            label={t('tax.year')}
            className={styles.yearSelect}
            options={years.map((y) => ({ id: y, label: String(y) }))}
            selectedKey={view.data.year}
            onSelectionChange={(key) => {
              if (key === null) return;
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.set('jahr', String(key));
                return next;
              });
            }}
          />
        ) : undefined
      }
    >
      {content}
    </Page>
  );
}

function TaxYearContent({ view }: { view: TaxYearView }) {
  return (
    <div className={styles.page}>
      <div className={styles.figures}>
        <AllowanceCard view={view} />
        <LossPotsCard view={view} />
        <PaidCard view={view} />
      </div>
      <TaxEvents view={view} />
      <ChurchTaxCard key={`${view.year}:${view.churchTaxNext.churchTax}`} view={view} />
    </div>
  );
}
