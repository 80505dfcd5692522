import type { TFunction } from 'i18next';
import { isOpenOrder } from '@kontor/domain/order-kinds';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { domainLabel, useLabels } from '../../lib/domain-labels';
import { formatDate, formatMoney, formatPercent, formatQuantity } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';

/** The colour that goes with a status; the German label (spec §4) carries the meaning. */
export function statusTone(order: Pick<TradingOrder, 'status' | 'cancelStatus'>): BadgeTone {
  if (order.status === 'Filled' || order.cancelStatus === 'Filled') return 'success';
  if (order.status === 'Rejected') return 'danger';
  if (!isOpenOrder(order)) return 'neutral';
  if (order.cancelStatus) return 'warning';
  return 'info';
}

export function OrderStatusBadge({ order }: { order: Pick<TradingOrder, 'status' | 'cancelStatus' | 'display'> }) {
  const { label } = useLabels();
  return (
    <span data-order-status={order.display}>
      <Badge tone={statusTone(order)}>{label('orderStatus', order.display)}</Badge>
    </span>
  );
}

/** "Kauf · Limit": side and kind with the labels of spec §4. */
export function orderTypeText(order: Pick<TradingOrder, 'side' | 'kind'>, t: TFunction): string {
  return `${domainLabel(t, 'orderKind', order.side)} · ${domainLabel(t, 'orderKind', order.kind)}`;
}

/** Pieces, or the amount of a fraction order. */
export function orderSizeText(order: Pick<TradingOrder, 'quantity' | 'amount'>, t: TFunction): string {
  if (order.quantity) return t('trading.pieces', { quantity: formatQuantity(order.quantity) });
  if (order.amount) return formatMoney(order.amount);
  return '–';
}

/** The price condition of an order: limit, stop or both, a TSL's current stop, or "Markt". */
export function priceConditionText(
  order: Pick<TradingOrder, 'kind' | 'limit' | 'stop' | 'currency' | 'trailingDistance' | 'trailingUnit' | 'quotedPrice'>,
  t: TFunction,
  decimals = 2,
): string {
  const money = (v: string) => formatMoney(v, order.currency, { fractionDigits: { min: decimals, max: Math.max(decimals, 2) } });
  const parts: string[] = [];
  if (order.limit) parts.push(t('trading.condition.limit', { price: money(order.limit) }));
  if (order.stop) parts.push(t('trading.condition.stop', { price: money(order.stop) }));
  if (order.kind === 'tsl' && order.trailingDistance) {
    parts.push(
      t('trading.condition.distance', {
        distance: order.trailingUnit === 'PERCENT' ? formatPercent(order.trailingDistance, { signed: false, fractionDigits: { min: 0, max: 6 } }) : money(order.trailingDistance),
      }),
    );
  }
  if (order.kind === 'previously_quoted' && order.quotedPrice) parts.push(t('trading.condition.quoted', { price: money(order.quotedPrice) }));
  return parts.length > 0 ? parts.join(' · ') : t('trading.condition.market');
}

export function validityText(validity: TradingOrder['validity'], t: TFunction): string {
  switch (validity.type) {
    case 'day':
      return t('trading.validity.day');
    case 'date':
      return t('trading.validity.until', { date: formatDate(validity.date) });
    case 'ultimo':
      return t('trading.validity.ultimo');
    case 'gtc':
      return t('trading.validity.gtc');
  }
}
