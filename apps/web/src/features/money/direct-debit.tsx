import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KONTOR_BANK_ACCOUNT, type DirectDebit, type MoneyOverview } from '@kontor/domain/money-contracts';
import { isApiError } from '../../lib/api-client';
import { devToolsMissing, useDevToolsAvailable } from '../../lib/dev-tools';
import { formatDate, formatMoney } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { AmountField, useAmountInput } from './amount-field';
import { AuthoriseDialog } from '../../parts/authorisation/authorise-dialog';
import { useDirectDebit, useSignMandate, useSimulatedDebitReturn } from './money-api';
import { useSubmissionKey } from '../../lib/submission-key';
import styles from './money.module.css';

const STATE_TONE: Record<DirectDebit['state'], BadgeTone> = { PENDING: 'info', SETTLED: 'success', RETURNED: 'danger' };

/** Lastschrift: the SEPA mandate first (signed by TAN), then debits from the reference account. */
export function DirectDebitPanel({ overview }: { overview: MoneyOverview }) {
  const { t } = useTranslation();
  const { mandate } = overview.directDebit;
  if (!overview.referenceAccount) return <Notice>{t('money.debit.needsReference')}</Notice>;
  return (
    <>
      {mandate ? (
        <>
          <dl className={styles.facts} aria-label={t('money.debit.mandateTitle')}>
            <Fact label={t('money.debit.mandateReference')} value={mandate.mandateReference} />
            <Fact label={t('money.debit.signedAt')} value={formatDate(mandate.signedAt)} />
            <Fact label={t('money.debit.account')} value={mandate.ibanMasked} />
          </dl>
          <DebitForm instantLimit={overview.directDebit.instantLimit} />
        </>
      ) : (
        <MandateForm iban={overview.referenceAccount.iban} ibanMasked={overview.referenceAccount.ibanMasked} holder={overview.referenceAccount.holder} />
      )}
      {overview.debits.length > 0 && <DebitList debits={overview.debits} />}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function MandateForm({ iban, ibanMasked, holder }: { iban: string; ibanMasked: string; holder: string }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const sign = useSignMandate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <h3 className={styles.subTitle}>{t('money.debit.mandateTitle')}</h3>
      <dl className={styles.facts}>
        <Fact label={t('money.debit.creditor')} value={KONTOR_BANK_ACCOUNT.holder} />
        <Fact label={t('money.debit.creditorId')} value={KONTOR_BANK_ACCOUNT.creditorId} />
        <Fact label={t('money.debit.debtor')} value={holder} />
        <Fact label={t('money.debit.account')} value={ibanMasked} />
      </dl>
      <p className={styles.mandateText}>{t('money.debit.mandateText', { creditor: KONTOR_BANK_ACCOUNT.holder })}</p>
      <div className={styles.actions}>
        <Button onPress={() => setOpen(true)}>{t('money.debit.sign')}</Button>
      </div>
      <AuthoriseDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={t('money.debit.authTitle')}
        details={
          <dl className={styles.facts}>
            <Fact label={t('money.debit.creditorId')} value={KONTOR_BANK_ACCOUNT.creditorId} />
            <Fact label={t('money.debit.account')} value={ibanMasked} />
          </dl>
        }
        payload={{ type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban } }}
        onAuthorised={async (authorisation) => {
          await sign.mutateAsync(authorisation);
          toasts.success(t('money.debit.signed'));
        }}
      />
    </>
  );
}

function DebitForm({ instantLimit }: { instantLimit: string }) {
  const { t } = useTranslation();
  const amount = useAmountInput();
  const debit = useDirectDebit();
  const key = useSubmissionKey();
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.submit();
    if (value === null) return;
    setResult(null);
    try {
      const done = await debit.mutateAsync({ amount: value, idempotencyKey: key.keyFor(value) });
      key.done();
      amount.reset();
      setResult({
        tone: 'success',
        text: t('money.debit.done', { amount: formatMoney(done.amount), credited: formatMoney(done.creditedAtOnce), date: formatDate(done.settlementDate) }),
      });
    } catch (e) {
      setResult({ tone: 'danger', text: isApiError(e) ? e.message : t('money.unexpected') });
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="debit-title">
      <h3 id="debit-title" className={styles.subTitle}>
        {t('money.debit.formTitle')}
      </h3>
      <AmountField input={amount} description={t('money.debit.instantHint', { limit: formatMoney(instantLimit) })} />
      <div className={styles.actions}>
        <Button type="submit" isPending={debit.isPending}>
          {t('money.debit.submit')}
        </Button>
      </div>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}

function DebitList({ debits }: { debits: DirectDebit[] }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const devTools = useDevToolsAvailable();
  const bounce = useSimulatedDebitReturn();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const simulateReturn = async (id: string) => {
    setPendingId(id);
    try {
      await bounce.mutateAsync(id);
      toasts.info(t('money.debit.returned'));
    } catch (e) {
      if (!devToolsMissing(e)) toasts.error(isApiError(e) ? e.message : t('money.unexpected'));
    } finally {
      setPendingId(null);
    }
  };

  return (
    <section aria-labelledby="debits-title" className={styles.stack}>
      <h3 id="debits-title" className={styles.subTitle}>
        {t('money.debit.listTitle')}
      </h3>
      <ul className={styles.items}>
        {debits.map((d) => (
          <li key={d.id} className={styles.item} data-debit-id={d.id}>
            <div className={styles.factText}>
              <span className={styles.nowrap}>{formatMoney(d.amount)}</span>
              <span className={styles.muted}>
                {d.state === 'PENDING' ? t('money.debit.settles', { date: formatDate(d.settlementDate) }) : formatDate(d.requestedAt)}
              </span>
            </div>
            <div className={styles.itemSide}>
              <Badge tone={STATE_TONE[d.state]}>{t(`money.debit.states.${d.state}`)}</Badge>
              {devTools && d.state === 'PENDING' && (
                <Button variant="ghost" size="sm" isPending={pendingId === d.id} onPress={() => void simulateReturn(d.id)}>
                  {t('money.debit.simulateReturn')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
