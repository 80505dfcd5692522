import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from 'react-aria-components';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { formatDateTime, formatMoney } from '../../lib/format';
import { orderPath, searchPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { OrdersIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { SegmentedControl } from '../../ui/segmented-control';
import { Skeleton } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import { OrderStatusBadge, orderSizeText, orderTypeText, priceConditionText } from './order-format';
import { type OrderFilter, useOrders } from './trading-api';
import { useWidth } from '../../lib/use-width';
import styles from './trading.module.css';

/** The filter as it stands in the address (German, so a link says what it shows). */
const FILTER_PARAM: Record<OrderFilter, string> = { open: 'offen', done: 'abgeschlossen', all: 'alle' };
const FILTERS: readonly OrderFilter[] = ['open', 'done', 'all'];

function filterFrom(param: string | null): OrderFilter {
  return FILTERS.find((f) => FILTER_PARAM[f] === param) ?? 'all';
}

/** Below this width of the card the table turns into a two-line list (phones). */
const COMPACT_BELOW_PX = 720;

function averagePriceText(order: TradingOrder): string {
  return order.averagePrice ? formatMoney(order.averagePrice, order.currency) : '–';
}

/**
 * /orders — the customer's orders, newest first, filtered to open, finished or all, each with its
 * German status (spec §4). The order stream keeps it current, so fills, a trailing stop's new stop
 * and a cancellation ("zur Streichung vorgemerkt" → "gestrichen") appear by themselves. A row
 * opens the order.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params.get('status'));
  const orders = useOrders(filter);
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const compact = width !== undefined && width < COMPACT_BELOW_PX;

  const setFilter = (next: OrderFilter) => {
    const copy = new URLSearchParams(params);
    if (next === 'all') copy.delete('status');
    else copy.set('status', FILTER_PARAM[next]);
    setParams(copy, { replace: true });
  };

  let content;
  if (orders.isPending) {
    content = (
      <div className={styles.loadingRows} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="2.75rem" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    content = (
      <LoadError message={t('orders.loadError')} onRetry={() => void orders.refetch()} inset />
    );
  } else if (orders.data.orders.length === 0) {
    content = (
      <EmptyState
        icon={<OrdersIcon />}
        title={t(`orders.empty.${filter}.title`)}
        action={
          <LinkButton variant="secondary" href={filter === 'all' ? searchPath() : '/orders'}>
            {filter === 'all' ? t('orders.empty.toSearch') : t('orders.empty.showAll')}
          </LinkButton>
        }
      >
        {t(`orders.empty.${filter}.text`)}
      </EmptyState>
    );
  } else if (compact) {
    content = (
      <ul className={styles.list} aria-label={t('orders.listLabel')}>
        {orders.data.orders.map((order) => (
          <li key={order.id} className={styles.listItem} data-order-id={order.id}>
            <Link href={orderPath(order.id)} className={styles.listLink}>
              <span className={styles.listMain}>
                <span className={styles.listName}>{order.name}</span>
                <span className={styles.muted}>
                  {orderTypeText(order, t)} · {orderSizeText(order, t)}
                </span>
                <span className={styles.muted}>{priceConditionText(order, t)}</span>
                {order.averagePrice && (
                  <span className={styles.muted} data-execution-price="">
                    {t('orders.columns.price')}: {averagePriceText(order)}
                  </span>
                )}
              </span>
              <span className={styles.listSide}>
                <OrderStatusBadge order={order} />
                <span className={styles.muted}>{formatDateTime(order.createdAt)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  } else {
    content = (
      <TableContainer>
        <Table aria-label={t('orders.listLabel')} className={styles.table}>
          <TableHeader>
            <Column id="created">{t('orders.columns.created')}</Column>
            <Column id="name" isRowHeader>
              {t('orders.columns.name')}
            </Column>
            <Column id="type">{t('orders.columns.type')}</Column>
            <Column id="size" align="end">
              {t('orders.columns.size')}
            </Column>
            <Column id="condition">{t('orders.columns.condition')}</Column>
            <Column id="status">{t('orders.columns.status')}</Column>
            <Column id="price" align="end">
              {t('orders.columns.price')}
            </Column>
          </TableHeader>
          <TableBody items={orders.data.orders}>
            {(order) => (
              <Row id={order.id} href={orderPath(order.id)} data-order-id={order.id}>
                <Cell>
                  <span className={styles.nowrap}>{formatDateTime(order.createdAt)}</span>
                </Cell>
                <Cell>
                  <span className={styles.nameCell}>
                    <span className={styles.listName}>{order.name}</span>
                    <span className={styles.ids}>{order.isin}</span>
                  </span>
                </Cell>
                <Cell>
                  <span className={styles.nowrap}>{orderTypeText(order, t)}</span>
                </Cell>
                <Cell align="end">
                  <span className={styles.nowrap}>{orderSizeText(order, t)}</span>
                </Cell>
                <Cell>{priceConditionText(order, t)}</Cell>
                <Cell>
                  <OrderStatusBadge order={order} />
                </Cell>
                <Cell align="end">
                  <span className={styles.nowrap}>{averagePriceText(order)}</span>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Page title={t('pages.orders.title')} description={t('orders.description')}>
      <Card
        flush
        title={t(`orders.listTitle.${filter}`)}
        actions={
          <SegmentedControl<OrderFilter>
            label={t('orders.filter.label')}
            items={FILTERS.map((f) => ({ id: f, label: t(`orders.filter.${f}`) }))}
            selected={filter}
            onChange={setFilter}
          />
        }
      >
        <div ref={container}>{content}</div>
      </Card>
    </Page>
  );
}
