import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { amountInputError, amountInputValue } from '../../lib/amount-input';
import { devToolsMissing } from '../../lib/dev-tools';
import { formatMoney } from '../../lib/format';
import { toasts } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { useSimulatedDeposit } from './depot-api';
import styles from './depot.module.css';

/** Development only: "Einzahlung simulieren" (a chunk of its own, loaded when the dialog opens). */
export function DepositDialog({ isOpen, onOpenChange, onUnavailable }: { isOpen: boolean; onOpenChange: (open: boolean) => void; onUnavailable: () => void }) {
  const { t } = useTranslation();
  const deposit = useSimulatedDeposit();
  const [amount, setAmount] = useState('10.000,00');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldError = amountInputError(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setError(null);
    if (fieldError) return;
    try {
      const value = amountInputValue(amount);
      await deposit.mutateAsync(value);
      toasts.success(t('depot.deposit.done', { amount: formatMoney(value) }));
      onOpenChange(false);
    } catch (e) {
      if (devToolsMissing(e)) {
        toasts.info(t('depot.deposit.unavailable'));
        onUnavailable();
        return;
      }
      setError(isApiError(e) ? e.message : t('trading.errors.unexpected'));
    }
  };

  return (
    <Dialog title={t('depot.deposit.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.muted}>{t('depot.deposit.text')}</p>
        <TextField
          label={t('depot.deposit.amount')}
          value={amount}
          onChange={setAmount}
          onBlur={() => setShown(true)}
          inputMode="decimal"
          autoComplete="off"
          errorMessage={shown && fieldError ? t(fieldError.key) : undefined}
        />
        {error && <Notice tone="danger">{error}</Notice>}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={deposit.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isPending={deposit.isPending}>
            {t('depot.deposit.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
