import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { ibanProblem, normaliseIban } from '@kontor/domain/iban';
import type { MoneyOverview, Payout, ReferenceAccount } from '@kontor/domain/money-contracts';
import { isApiError } from '../../lib/api-client';
import { formatDecimalInput } from '../../lib/decimal-input';
import { formatDate, formatMoney } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { AmountField, useAmountInput } from './amount-field';
import { AuthoriseDialog } from '../../parts/authorisation/authorise-dialog';
import { useCancelPayout, usePayout, useSetReferenceAccount } from './money-api';
import { useSubmissionKey } from '../../lib/submission-key';
import styles from './money.module.css';

/** Auszahlen: only to the reference account, at most what is settled and free, confirmed by TAN. */
export function PayoutCard({ overview }: { overview: MoneyOverview }) {
  const { t } = useTranslation();
  const open = overview.payouts.filter((p) => p.state === 'ORDERED');
  return (
    <Card title={t('money.payout.title')}>
      <div className={styles.stack}>
        {overview.referenceAccount ? (
          <PayoutForm account={overview.referenceAccount} available={overview.cash.availableToPayout} />
        ) : (
          <ReferenceAccountForm />
        )}
        {open.length > 0 && <OpenPayouts payouts={open} />}
      </div>
    </Card>
  );
}

function PayoutForm({ account, available }: { account: ReferenceAccount; available: string }) {
  const { t } = useTranslation();
  const amount = useAmountInput('', available);
  const payout = usePayout();
  const key = useSubmissionKey();
  const [step, setStep] = useState<{ amount: string; key: string } | null>(null);
  const [done, setDone] = useState<Payout | null>(null);
  const nothing = new Decimal(available).lte(0);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.submit();
    if (value === null) return;
    setDone(null);
    setStep({ amount: value, key: key.keyFor(value) });
  };

  return (
    <>
      <dl className={styles.facts}>
        <div className={styles.factText}>
          <dt>{t('money.payout.to')}</dt>
          <dd>
            <span className={styles.mono}>{account.ibanMasked}</span> · {account.holder}
          </dd>
        </div>
      </dl>
      {nothing ? (
        <Notice>{t('money.payout.nothing')}</Notice>
      ) : (
        <form className={styles.form} onSubmit={next} noValidate aria-label={t('money.payout.title')}>
          <AmountField input={amount} />
          <div className={styles.availableRow}>
            <span className={styles.muted}>{t('money.payout.available', { amount: formatMoney(available) })}</span>
            <Button variant="secondary" size="sm" onPress={() => amount.setText(formatDecimalInput(available, 2))}>
              {t('money.payout.all')}
            </Button>
          </div>
          <div className={styles.actions}>
            <Button type="submit">{t('money.payout.next')}</Button>
          </div>
        </form>
      )}
      {done && (
        <Notice tone="success" title={t('money.payout.done')}>
          {t('money.payout.doneText', { amount: formatMoney(done.amount), date: formatDate(done.executionDate), iban: done.ibanMasked })}
        </Notice>
      )}
      {step && (
        <AuthoriseDialog
          isOpen
          onOpenChange={(isOpen) => !isOpen && setStep(null)}
          title={t('money.payout.authTitle')}
          details={
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>{t('money.payout.amountLabel')}</dt>
                <dd>{formatMoney(step.amount)}</dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('money.payout.ibanLabel')}</dt>
                <dd className={styles.mono}>{account.ibanMasked}</dd>
              </div>
            </dl>
          }
          payload={{ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: step.amount, iban: account.iban } }}
          onAuthorised={async (authorisation) => {
            const ordered = await payout.mutateAsync({ amount: step.amount, authorisation, idempotencyKey: step.key });
            key.done();
            amount.reset();
            setDone(ordered);
          }}
        />
      )}
    </>
  );
}

function OpenPayouts({ payouts }: { payouts: Payout[] }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const cancel = useCancelPayout();
  const [confirm, setConfirm] = useState<Payout | null>(null);

  const cancelPayout = async (p: Payout) => {
    try {
      await cancel.mutateAsync(p.id);
      toasts.success(t('money.payout.cancelled'));
    } catch (e) {
      toasts.error(isApiError(e) ? e.message : t('money.unexpected'));
    } finally {
      setConfirm(null);
    }
  };

  return (
    <section aria-labelledby="open-payouts-title" className={styles.stack}>
      <h3 id="open-payouts-title" className={styles.subTitle}>
        {t('money.payout.openTitle')}
      </h3>
      <ul className={styles.items}>
        {payouts.map((p) => (
          <li key={p.id} className={styles.item} data-payout-id={p.id}>
            <div className={styles.factText}>
              <span className={styles.nowrap}>{formatMoney(p.amount)}</span>
              <span className={styles.muted}>{t('money.payout.executes', { date: formatDate(p.executionDate), iban: p.ibanMasked })}</span>
            </div>
            {p.cancellable && (
              <div className={styles.itemSide}>
                <Button variant="secondary" size="sm" onPress={() => setConfirm(p)} aria-label={t('money.payout.cancelLabel', { amount: formatMoney(p.amount) })}>
                  {t('money.payout.cancel')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title={t('money.payout.cancelTitle')}
        isOpen={confirm !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirm(null)}
        confirmLabel={t('money.payout.cancelConfirm')}
        cancelLabel={t('money.payout.cancelKeep')}
        tone="danger"
        isPending={cancel.isPending}
        onConfirm={() => (confirm ? cancelPayout(confirm) : undefined)}
      >
        {confirm && <p>{t('money.payout.cancelText', { amount: formatMoney(confirm.amount), date: formatDate(confirm.executionDate) })}</p>}
      </ConfirmDialog>
    </section>
  );
}

/** No reference account yet: the customer names it once (a SEPA IBAN, checked as typed). */
function ReferenceAccountForm() {
  const { t } = useTranslation();
  const toasts = useToast();
  const save = useSetReferenceAccount();
  const [iban, setIban] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = ibanProblem(iban);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setError(null);
    if (problem) return;
    try {
      await save.mutateAsync(normaliseIban(iban) ?? iban);
      toasts.success(t('money.reference.saved'));
    } catch (e) {
      setError(isApiError(e) ? e.message : t('money.unexpected'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="reference-title">
      <h3 id="reference-title" className={styles.subTitle}>
        {t('money.reference.title')}
      </h3>
      <p className={styles.muted}>{t('money.reference.missing')}</p>
      <TextField
        label={t('money.reference.iban')}
        description={t('money.reference.hint')}
        value={iban}
        onChange={setIban}
        onBlur={() => setShown(true)}
        autoComplete="off"
        errorMessage={shown && problem ? problem : undefined}
      />
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.actions}>
        <Button type="submit" isPending={save.isPending}>
          {t('money.reference.save')}
        </Button>
      </div>
    </form>
  );
}
