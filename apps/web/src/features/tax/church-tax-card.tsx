import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHURCH_TAX_RATES, type ChurchTaxRate } from '@kontor/domain/tax';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import { isApiError } from '../../lib/api-client';
import { useSaveTaxSettings } from '../../parts/queries/tax';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import styles from './tax.module.css';

/**
 * The Kirchensteuermerkmal (none, 8 % or 9 %). A real broker receives it from the Bundeszentralamt
 * für Steuern once a year; here the customer sets it, and a change applies from the next year on.
 */
export function ChurchTaxCard({ view }: { view: Pick<TaxYearView, 'year' | 'churchTax' | 'churchTaxNext'> }) {
  const current = view.churchTaxNext.churchTax;
  const nextYear = view.churchTaxNext.year;
  const { t } = useTranslation();
  const save = useSaveTaxSettings();
  const toasts = useToast();
  const [choice, setChoice] = useState<ChurchTaxRate>(current);
  const [error, setError] = useState<string | null>(null);
  const options = CHURCH_TAX_RATES.map((rate) => ({ id: rate, label: t(`tax.churchTax.rate.${rate}`) }));

  const submit = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ churchTax: choice });
      setChoice(saved.next.churchTax);
      toasts.success(t('tax.churchTax.saved', { year: saved.next.year }));
    } catch (e) {
      setError(isApiError(e) ? e.message : t('tax.churchTax.saveError'));
    }
  };

  return (
    <Card title={t('tax.churchTax.title')}>
      <form
        className={styles.churchTax}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p data-church-tax-year={view.year}>{t('tax.churchTax.inYear', { year: view.year, rate: t(`tax.churchTax.rate.${view.churchTax}`) })}</p>
        <Select
          label={t('tax.churchTax.label', { year: nextYear })}
          options={options}
          selectedKey={choice}
          onSelectionChange={(key) => key !== null && setChoice(key as ChurchTaxRate)}
          description={t('tax.churchTax.note', { year: nextYear })}
        />
        {error && <Notice tone="danger">{error}</Notice>}
        <div>
          <Button type="submit" variant="secondary" isPending={save.isPending} isDisabled={choice === current && !save.isPending}>
            {t('tax.churchTax.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
