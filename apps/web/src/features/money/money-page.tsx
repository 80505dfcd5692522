import { useTranslation } from 'react-i18next';
import { IdleReauthGate } from '../../parts/authorisation/idle-reauth-gate';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { AccountHistory } from './account-history';
import { CashFigures } from './cash-figures';
import { DepositCard } from './deposit-card';
import { useMoneyOverview } from './money-api';
import { PayoutCard } from './payout-card';
import styles from './money.module.css';

/**
 * /geldtransfer — the cash account: its figures, deposits (transfer, direct debit), payouts to the
 * reference account and the account history. Asks for strong authentication again after five
 * minutes without activity, as every money page does.
 */
export function MoneyPage() {
  const { t } = useTranslation();
  const overview = useMoneyOverview();

  let content;
  if (overview.isPending) {
    content = (
      <div className={styles.page} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton height="7rem" />
        <div className={styles.columns}>
          <Skeleton height="16rem" />
          <Skeleton height="16rem" />
        </div>
      </div>
    );
  } else if (overview.isError) {
    content = <LoadError message={t('money.loadError')} onRetry={() => void overview.refetch()} />;
  } else {
    content = (
      <div className={styles.page}>
        <CashFigures cash={overview.data.cash} />
        <div className={styles.columns}>
          <DepositCard overview={overview.data} />
          <PayoutCard overview={overview.data} />
        </div>
      </div>
    );
  }

  return (
    <Page title={t('pages.money.title')} description={t('money.description')}>
      <IdleReauthGate>
        <div className={styles.page}>
          {content}
          <AccountHistory />
        </div>
      </IdleReauthGate>
    </Page>
  );
}
