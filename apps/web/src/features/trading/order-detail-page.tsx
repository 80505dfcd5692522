import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from 'react-aria-components';
import { canCancel, isOpenOrder } from '@kontor/domain/order-kinds';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { domainLabel } from '../../lib/domain-labels';
import { isApiError } from '../../lib/api-client';
import { formatDateTime, formatMoney, formatQuantity, PRICE_DIGITS } from '../../lib/format';
import { documentPdfUrl } from '../../lib/paths';
import { toasts } from '../../lib/toasts';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { OrdersIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { Change, Money } from '../../ui/number';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import { OrderStatusBadge, orderSizeText, orderTypeText, priceConditionText, validityText } from './order-format';
import { OrderTaxCard } from './sale-tax';
import { useCancelOrder, useOrder } from './trading-api';
import { useWidth } from '../../lib/use-width';
import styles from './trading.module.css';
import { InstrumentLink } from '../../parts/instrument-link';
import { shortReference } from '@kontor/domain/documents';

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton width="min(70%, 24rem)" height="2rem" />
      <div className={styles.detailGrid}>
        <SkeletonText lines={7} />
        <SkeletonText lines={4} />
      </div>
    </div>
  );
}

/**
 * /orders/:id — one order: its terms, its German status (kept current by the order stream, so a
 * cancellation or a TSL's moving stop shows), its executions with the contract notes, and "Order
 * streichen" behind a confirmation.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);

  if (order.isPending) return <DetailSkeleton />;
  if (order.isError) {
    const notFound = isApiError(order.error) && order.error.status === 404;
    return (
      <Page title={t('orders.detail.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<OrdersIcon />}
              title={t('orders.detail.notFound')}
              action={
                <LinkButton variant="secondary" href="/orders">
                  {t('orders.detail.toList')}
                </LinkButton>
              }
            >
              {t('orders.detail.notFoundText')}
            </EmptyState>
          ) : (
            <LoadError message={t('orders.detail.loadError')} onRetry={() => void order.refetch()} />
          )}
        </Card>
      </Page>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: TradingOrder }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = isOpenOrder(order);
  const money = (v: string) => formatMoney(v, order.currency, { fractionDigits: PRICE_DIGITS });

  const doCancel = async () => {
    setError(null);
    try {
      await cancel.mutateAsync(order.id);
      setConfirming(false);
      toasts.success(t('orders.detail.cancelSent'));
    } catch (e) {
      setConfirming(false);
      setError(isApiError(e) ? e.message : t('trading.errors.unexpected'));
    }
  };

  return (
    <Page
      title={t('orders.detail.pageTitle', { name: order.name })}
      description={
        <span className={styles.detailHeader}>
          <span>{orderTypeText(order, t)}</span>
          <OrderStatusBadge order={order} />
        </span>
      }
      actions={
        // A savings-plan order belongs to its plan: changed or deleted there, never cancelled here.
        canCancel(order) && order.kind !== 'savings' ? (
          <Button variant="danger" onPress={() => setConfirming(true)}>
            {order.kind === 'previously_quoted' ? t('orders.detail.decline') : t('orders.detail.cancel')}
          </Button>
        ) : undefined
      }
    >
      <Link href="/orders" className={`${styles.nameLink} ${styles.back}`}>
        {t('orders.detail.toList')}
      </Link>
      {error && <Notice tone="danger">{error}</Notice>}
      {open && order.cancelStatus && <Notice tone="info">{t('orders.detail.cancelling', { status: domainLabel(t, 'orderStatus', order.display) })}</Notice>}
      {/* Why it ended: refused, or stopped by the back office after parts were bought. */}
      {!open && order.reason && (
        <Notice tone={order.status === 'Rejected' ? 'danger' : 'info'} title={order.status === 'Rejected' ? t('trading.result.rejectedTitle') : undefined}>
          {order.reason}
        </Notice>
      )}

      <div className={styles.detailGrid}>
        <Card title={t('orders.detail.termsTitle')}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('trading.review.instrument')}</dt>
              <dd>
                <InstrumentLink isin={order.isin} className={styles.nameLink}>
                  {order.name}
                </InstrumentLink>
                <br />
                <span className={styles.ids}>{order.isin}</span>
              </dd>
            </div>
            <div>
              <dt>{t('trading.review.order')}</dt>
              <dd>{orderTypeText(order, t)}</dd>
            </div>
            <div>
              <dt>{order.amount ? t('trading.field.amount') : t('trading.field.quantity')}</dt>
              <dd>{orderSizeText(order, t)}</dd>
            </div>
            <div>
              <dt>{order.kind === 'tsl' ? t('orders.detail.tslCondition') : t('trading.review.condition')}</dt>
              <dd data-order-condition="">{priceConditionText(order, t)}</dd>
            </div>
            <div>
              <dt>{t('trading.validity.label')}</dt>
              <dd>
                {validityText(order.validity, t)}
                {open && (
                  <>
                    <br />
                    <span className={styles.muted}>{t('orders.detail.expiresAt', { date: formatDateTime(order.expiresAt) })}</span>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('orders.detail.number')}</dt>
              <dd data-order-number="">{shortReference(order.id)}</dd>
            </div>
            <div>
              <dt>{t('orders.columns.created')}</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('orders.columns.status')}</dt>
              <dd>
                <OrderStatusBadge order={order} />
              </dd>
            </div>
            {order.reserved !== '0.00' && (
              <div>
                <dt>{t('orders.detail.reserved')}</dt>
                <dd>
                  <Money amount={order.reserved} />
                </dd>
              </div>
            )}
          </dl>
        </Card>

        <Card title={t('orders.detail.executionTitle')}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('orders.detail.filled')}</dt>
              <dd>{t('trading.pieces', { quantity: formatQuantity(order.filledQuantity) })}</dd>
            </div>
            <div>
              <dt>{t('orders.detail.averagePrice')}</dt>
              <dd>{order.averagePrice ? money(order.averagePrice) : '–'}</dd>
            </div>
            {/* The cost information given before the order: while it is open, or for what it bought; an order that ended with nothing bought cost nothing. */}
            {order.costs && (open || order.averagePrice !== null) && (
              <div>
                <dt>{t('orders.detail.estimatedCosts')}</dt>
                <dd>
                  <Money amount={order.costs.total} />
                </dd>
              </div>
            )}
          </dl>
        </Card>
      </div>

      <Executions order={order} />
      {order.side === 'sell' && <OrderTaxCard order={order} />}

      <ConfirmDialog
        title={order.kind === 'previously_quoted' ? t('orders.detail.declineTitle') : t('orders.detail.cancelTitle')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        confirmLabel={order.kind === 'previously_quoted' ? t('orders.detail.decline') : t('orders.detail.cancel')}
        cancelLabel={t('orders.detail.keep')}
        tone="danger"
        isPending={cancel.isPending}
        onConfirm={doCancel}
      >
        <p>
          {t('orders.detail.cancelText', { type: orderTypeText(order, t), size: orderSizeText(order, t), name: order.name })}
        </p>
      </ConfirmDialog>
    </Page>
  );
}

/** The executions of the order, each with its contract note (Wertpapierabrechnung) as PDF. */
function Executions({ order }: { order: TradingOrder }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const compact = width !== undefined && width < 640;
  const executions = order.executions ?? [];
  const note = (documentId: string | null) =>
    documentId ? (
      <a href={documentPdfUrl(documentId)} target="_blank" rel="noopener" className={styles.textLink}>
        {t('orders.executions.note')}
        <span className="visually-hidden"> {t('orders.executions.opensNewTab')}</span>
      </a>
    ) : (
      '–'
    );

  return (
    <Card title={t('orders.executions.title')} flush>
      <div ref={container}>
        {executions.length === 0 ? (
          <p className={`${styles.hint} ${styles.loadingRows}`}>{isOpenOrder(order) ? t('orders.executions.noneYet') : t('orders.executions.none')}</p>
        ) : compact ? (
          <ul className={styles.list} aria-label={t('orders.executions.title')}>
            {executions.map((e) => (
              <li key={e.id} className={`${styles.listItem} ${styles.listLink}`}>
                <span className={styles.listMain}>
                  <span>{t('orders.executions.line', { quantity: formatQuantity(e.quantity), price: formatMoney(e.price, e.currency, { fractionDigits: PRICE_DIGITS }) })}</span>
                  <span className={styles.muted}>{formatDateTime(e.executedAt)}</span>
                  <span>{note(e.documentId)}</span>
                </span>
                <span className={styles.listSide}>
                  <Money amount={e.value} />
                  {e.realisedPnl !== null && <Change value={e.realisedPnl} kind="money" />}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <TableContainer>
            <Table aria-label={t('orders.executions.title')} className={styles.table}>
              <TableHeader>
                <Column id="time" isRowHeader>
                  {t('orders.executions.time')}
                </Column>
                <Column id="quantity" align="end">
                  {t('orders.executions.quantity')}
                </Column>
                <Column id="price" align="end">
                  {t('orders.executions.price')}
                </Column>
                <Column id="value" align="end">
                  {t('orders.executions.value')}
                </Column>
                <Column id="fee" align="end">
                  {t('orders.executions.fee')}
                </Column>
                <Column id="pnl" align="end">
                  {t('orders.executions.pnl')}
                </Column>
                <Column id="note">{t('orders.executions.document')}</Column>
              </TableHeader>
              <TableBody items={executions}>
                {(e) => (
                  <Row id={e.id}>
                    <Cell>{formatDateTime(e.executedAt)}</Cell>
                    <Cell align="end">{formatQuantity(e.quantity)}</Cell>
                    <Cell align="end">{formatMoney(e.price, e.currency, { fractionDigits: PRICE_DIGITS })}</Cell>
                    <Cell align="end">
                      <Money amount={e.value} />
                    </Cell>
                    <Cell align="end">
                      <Money amount={e.fee} />
                    </Cell>
                    <Cell align="end">{e.realisedPnl !== null ? <Change value={e.realisedPnl} kind="money" /> : '–'}</Cell>
                    <Cell>{note(e.documentId)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </div>
    </Card>
  );
}
