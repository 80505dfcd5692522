import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import type { OrderTax, SaleTaxEstimate } from '@kontor/domain/tax-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { formatDateTime, formatMoney, trend } from '../../lib/format';
import { useTaxEnabled } from '../../parts/queries/tax';
import { isRefund } from '../../parts/tax/tax-format';
import { TaxLines, type TaxFigures } from '../../parts/tax/tax-lines';
import { Card } from '../../ui/card';
import styles from './trading.module.css';
import { toWireAmount } from '@kontor/domain/numbers';

const figuresOf = (tax: OrderTax): TaxFigures => ({ ...tax, amount: tax.gain });

/**
 * "Voraussichtliche Steuer" beside the ex-ante costs of a sale: the gain at the current bid, the
 * Teilfreistellung, the pots before and after, the allowance, the taxes and their sum. A loss says
 * which pot it goes to; a negative tax is a refund of tax withheld earlier in the year.
 */
export function SaleTaxEstimateSection({ tax }: { tax: SaleTaxEstimate }) {
  const { t } = useTranslation();
  const enabled = useTaxEnabled();
  if (!enabled) return null;
  const loss = trend(tax.gain) === 'loss';
  const toSharesPot = new Decimal(tax.lossPotSharesAfter).gt(tax.lossPotSharesBefore);
  const refund = isRefund(tax.total);
  return (
    <section aria-labelledby="ticket-tax" className={styles.costs} data-sale-tax="">
      <h3 id="ticket-tax" className={styles.subTitle}>
        {t('tax.sale.estimateTitle')}
      </h3>
      <TaxLines
        figures={{ ...figuresOf(tax), lossPotSharesBefore: tax.lossPotSharesBefore, lossPotOtherBefore: tax.lossPotOtherBefore }}
        amountLabel={loss ? t('tax.sale.loss') : t('tax.sale.gain')}
        label={t('tax.sale.estimateTitle')}
        showTotal
      />
      {loss && (
        <p className={styles.hint}>
          {t('tax.sale.lossNote', { amount: formatMoney(toWireAmount(new Decimal(tax.gain).abs())), pot: toSharesPot ? t('tax.sale.potShares') : t('tax.sale.potOther') })}
        </p>
      )}
      {refund && <p className={styles.hint}>{t('tax.sale.refundNote', { amount: formatMoney(toWireAmount(new Decimal(tax.total).abs())) })}</p>}
      <p className={styles.hint}>{t('tax.sale.estimateHint')}</p>
    </section>
  );
}

/** "Steuern" of an executed sale: the order's tax, and each execution's when there were several. */
export function OrderTaxCard({ order }: { order: TradingOrder }) {
  const { t } = useTranslation();
  const enabled = useTaxEnabled();
  if (!enabled || !order.tax) return null;
  const executions = (order.executions ?? []).filter((e) => e.tax);
  const amountLabel = (tax: OrderTax) => (trend(tax.gain) === 'loss' ? t('tax.sale.loss') : t('tax.sale.gain'));
  return (
    <Card title={t('tax.sale.orderTitle')}>
      <div className={styles.taxLines} data-order-tax="">
        <TaxLines figures={figuresOf(order.tax)} amountLabel={amountLabel(order.tax)} label={t('tax.sale.orderLabel')} showTotal />
        {executions.length > 1 &&
          executions.map((e) => (
            <section key={e.id} aria-label={t('tax.sale.executionLabel', { date: formatDateTime(e.executedAt) })} data-execution-tax={e.id}>
              <h3 className={styles.subTitle}>{t('tax.sale.executionTitle', { date: formatDateTime(e.executedAt) })}</h3>
              <TaxLines figures={figuresOf(e.tax!)} amountLabel={amountLabel(e.tax!)} label={t('tax.sale.executionLabel', { date: formatDateTime(e.executedAt) })} showTotal />
            </section>
          ))}
      </div>
    </Card>
  );
}
