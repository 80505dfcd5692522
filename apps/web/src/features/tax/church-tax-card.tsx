import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHURCH_TAX_RATES, type ChurchTaxRate } from '@kontor/domain/tax';
import { isApiError } from '../../lib/api-client';
import { useSaveTaxSettings } from '../../lib/queries/tax';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import styles from './tax.module.css';

/**
 * The Kirchensteuermerkmal (none, 8 % or 9 %). A real broker receives it from the Bundeszentralamt
 * für Steuern; here the customer sets it. It applies from the next taxed event on.
 */
export function ChurchTaxCard({ current }: { current: ChurchTaxRate }) {
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
      setChoice(saved.churchTax);
      toasts.success(t('tax.churchTax.saved'));
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
        <Select
          label={t('tax.churchTax.label')}
          options={options}
          selectedKey={choice}
          onSelectionChange={(key) => key !== null && setChoice(key as ChurchTaxRate)}
          description={t('tax.churchTax.note')}
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
