import { useTranslation } from 'react-i18next';
import { isOpenOrder } from '@kontor/domain/order-kinds';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { domainLabel } from '../../lib/domain-labels';
import { formatMoney, formatQuantity } from '../../lib/format';
import { orderPath } from '../../lib/paths';
import { Button, LinkButton } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { OrderStatusBadge, orderSizeText, orderTypeText, priceConditionText } from './order-format';
import { useOrder } from './trading-api';
import styles from './trading.module.css';

/**
 * What became of the order: executed, resting in the book, or refused with the reason. The state
 * keeps updating while the order is open; the order's page has the details and its executions.
 */
export function TicketResult({ placed, onNew, priceDecimals }: { placed: TradingOrder; onNew: () => void; priceDecimals: number }) {
  const { t } = useTranslation();
  const order = useOrder(placed.id, placed).data ?? placed;
  const side = order.side === 'buy' ? 'buy' : 'sell';
  const filled = order.filledQuantity !== '0' && order.averagePrice !== null;

  let notice;
  if (order.status === 'Filled') {
    notice = (
      <Notice tone="success" title={t('trading.result.filledTitle')}>
        {t(`trading.result.filled.${side}`, {
          quantity: formatQuantity(order.filledQuantity),
          name: order.name,
          price: formatMoney(order.averagePrice ?? '0', order.currency, { fractionDigits: { min: priceDecimals, max: Math.max(priceDecimals, 2) } }),
        })}
      </Notice>
    );
  } else if (order.status === 'Rejected') {
    notice = (
      <Notice tone="danger" title={t('trading.result.rejectedTitle')}>
        {order.reason ?? t('trading.result.rejectedText')}
      </Notice>
    );
  } else if (isOpenOrder(order)) {
    notice = (
      <Notice tone="info" title={t('trading.result.openTitle')}>
        {t('trading.result.openText')}
      </Notice>
    );
  } else {
    notice = <Notice tone="info">{t('trading.result.closedText', { status: domainLabel(t, 'orderStatus', order.display) })}</Notice>;
  }

  return (
    <div className={styles.review}>
      {notice}
      <dl className={styles.facts}>
        <div>
          <dt>{t('trading.review.instrument')}</dt>
          <dd>{order.name}</dd>
        </div>
        <div>
          <dt>{t('trading.review.order')}</dt>
          <dd>{orderTypeText(order, t)}</dd>
        </div>
        <div>
          <dt>{t('trading.field.quantity')}</dt>
          <dd>{orderSizeText(order, t)}</dd>
        </div>
        <div>
          <dt>{t('trading.review.condition')}</dt>
          <dd>{priceConditionText(order, t, priceDecimals)}</dd>
        </div>
        <div>
          <dt>{t('orders.columns.status')}</dt>
          <dd>
            <OrderStatusBadge order={order} />
          </dd>
        </div>
        {filled && (
          <div>
            <dt>{t('orders.detail.averagePrice')}</dt>
            <dd>{formatMoney(order.averagePrice ?? '0', order.currency, { fractionDigits: { min: priceDecimals, max: Math.max(priceDecimals, 2) } })}</dd>
          </div>
        )}
      </dl>
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onNew}>
          {t('trading.result.newOrder')}
        </Button>
        <LinkButton variant="secondary" href="/depot">
          {t('trading.result.toDepot')}
        </LinkButton>
        <LinkButton href={orderPath(order.id)}>{t('trading.result.toOrder')}</LinkButton>
      </div>
    </div>
  );
}
