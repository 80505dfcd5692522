import { useTranslation } from 'react-i18next';
import { shownReservedParts, type CashFigures as Figures } from '@kontor/domain/money-contracts';
import { formatMoney, trend } from '../../lib/format';
import { Card } from '../../ui/card';
import styles from './money.module.css';

const FIGURES = ['availableToBuy', 'availableToPayout', 'reserved', 'notYetSettled', 'balance'] as const;

/** A negative balance (a returned debit already spent) shows red with its minus sign. */
export function BalanceValue({ amount }: { amount: string }) {
  const negative = trend(amount) === 'loss';
  return <span className={negative ? styles.loss : undefined}>{formatMoney(amount).replace('-', '\u2212')}</span>;
}

/** Kaufkraft, Auszahlbar, Reserviert (with what it is held for), Noch nicht abgerechnet and the Kontostand of the cash account. */
export function CashFigures({ cash }: { cash: Figures }) {
  const { t } = useTranslation();
  return (
    <Card title={t('money.cash.title')}>
      <dl className={styles.figures}>
        {FIGURES.map((figure) => (
          <div key={figure} className={styles.figure} data-main={figure === 'availableToBuy' ? '' : undefined} data-cash={figure}>
            <dt>{t(`money.cash.${figure}`)}</dt>
            <dd>
              {figure === 'balance' ? <BalanceValue amount={cash.balance} /> : formatMoney(cash[figure])}
              {figure === 'reserved' && (
                <dl className={styles.parts}>
                  {shownReservedParts(cash.reservedParts).map((part) => (
                    <div key={part} data-reserved={part}>
                      <dt>{t(`reservedParts.${part}`)}</dt>
                      <dd>{formatMoney(cash.reservedParts[part])}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
