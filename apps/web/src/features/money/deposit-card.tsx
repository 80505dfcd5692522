import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import type { MoneyOverview } from '@kontor/domain/money-contracts';
import { isApiError } from '../../lib/api-client';
import { devToolsMissing, useDevToolsAvailable } from '../../lib/dev-tools';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { Notice } from '../../ui/notice';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { AmountField, useAmountInput } from './amount-field';
import { DirectDebitPanel } from './direct-debit';
import { useSimulatedTransfer } from './money-api';
import styles from './money.module.css';

/** Einzahlen: by transfer to Kontor's account, or — where the flag is on — by direct debit. */
export function DepositCard({ overview }: { overview: MoneyOverview }) {
  const { t } = useTranslation();
  const transfer = <TransferPanel overview={overview} />;
  return (
    <Card title={t('money.deposit.title')}>
      {overview.directDebit.enabled ? (
        <Tabs>
          <TabList aria-label={t('money.deposit.tabsLabel')}>
            <Tab id="transfer">{t('money.deposit.transferTab')}</Tab>
            <Tab id="debit">{t('money.deposit.debitTab')}</Tab>
          </TabList>
          <TabPanel id="transfer" className={styles.tabPanel}>
            {transfer}
          </TabPanel>
          <TabPanel id="debit" className={styles.tabPanel}>
            <DirectDebitPanel overview={overview} />
          </TabPanel>
        </Tabs>
      ) : (
        <div className={styles.stack}>{transfer}</div>
      )}
    </Card>
  );
}

/** One line of bank details with a copy button: what the customer types into their bank's form. */
export function CopyFact({ label, display, value, mono = true }: { label: string; display: string; value: string; mono?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.copyFact}>
      <dt>{label}</dt>
      <dd>
        <span className={mono ? styles.mono : undefined}>{display}</span>
        <CopyButton value={value} copiedLabel={t('money.deposit.copied')} ariaLabel={t('money.deposit.copy', { label })}>
          {t('money.deposit.copyShort')}
        </CopyButton>
      </dd>
    </div>
  );
}

function TransferPanel({ overview }: { overview: MoneyOverview }) {
  const { t } = useTranslation();
  const devTools = useDevToolsAvailable();
  const account = overview.depositAccount;
  return (
    <>
      <p className={styles.muted}>{t('money.deposit.transferIntro')}</p>
      <dl className={styles.facts} aria-label={t('money.deposit.bankDetails')}>
        <CopyFact label={t('money.deposit.holder')} display={account.holder} value={account.holder} mono={false} />
        <CopyFact label={t('money.deposit.iban')} display={formatIban(account.iban)} value={account.iban} />
        <CopyFact label={t('money.deposit.bic')} display={account.bic} value={account.bic} />
        <CopyFact label={t('money.deposit.reference')} display={account.reference} value={account.reference} />
      </dl>
      <Notice>{t('money.deposit.arrival')}</Notice>
      {devTools && <SimulateTransfer />}
    </>
  );
}

/** Development only: an incoming SEPA credit as the clearing would deliver it. */
function SimulateTransfer() {
  const { t } = useTranslation();
  const amount = useAmountInput('1.000,00');
  const simulate = useSimulatedTransfer();
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.submit();
    if (value === null) return;
    setResult(null);
    try {
      const { bookingDate } = await simulate.mutateAsync(value);
      setResult({ tone: 'success', text: t('money.deposit.simulate.done', { date: formatDate(bookingDate) }) });
    } catch (e) {
      if (devToolsMissing(e)) return;
      setResult({ tone: 'danger', text: isApiError(e) ? e.message : t('money.unexpected') });
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="simulate-transfer-title">
      <h3 id="simulate-transfer-title" className={styles.subTitle}>
        {t('money.deposit.simulate.title')}
      </h3>
      <p className={styles.muted}>{t('money.deposit.simulate.text')}</p>
      <div className={styles.amountRow}>
        <AmountField input={amount} />
        <Button type="submit" variant="secondary" isPending={simulate.isPending}>
          {t('money.deposit.simulate.submit')}
        </Button>
      </div>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}
