import { useEffect, useState } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RFQ_QUOTE_VALIDITY_MS } from '@kontor/domain/order-rules';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { isApiError } from '../../lib/api-client';
import { formatMoney, formatQuantity } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { acceptQuote, declineQuote } from './trading-api';
import styles from './trading.module.css';
import { toWireAmount } from '@kontor/domain/numbers';

/**
 * When the quote runs out, on this browser's clock: the server's validity (expiresAt) measured
 * from the server's own time of the quote (updatedAt), so a skewed device clock does not matter.
 */
export function quoteDeadline(order: Pick<TradingOrder, 'expiresAt' | 'updatedAt'>, receivedAt: number): number {
  const validity = Date.parse(order.expiresAt) - Date.parse(order.updatedAt);
  return receivedAt + Math.min(Math.max(Number.isFinite(validity) ? validity : 0, 0), RFQ_QUOTE_VALIDITY_MS);
}

/** Milliseconds left until the deadline, updated several times a second. */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}

export type RfqQuoteProps = {
  order: TradingOrder;
  deadline: number;
  onAccepted: (order: TradingOrder) => void;
  /** Asks for a fresh quote (the same ticket, a new submission). */
  onRequestAgain: () => void;
  onBack: () => void;
  priceDecimals: number;
};

/**
 * The binding price of an RFQ with a visible countdown: "Annehmen" executes the whole order at
 * exactly this price while the quote is valid; after that it is "abgelaufen" and a new quote can
 * be requested.
 */
export function RfqQuote({ order, deadline, onAccepted, onRequestAgain, onBack, priceDecimals }: RfqQuoteProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remaining = useCountdown(deadline);
  const [refused, setRefused] = useState(false);
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const expired = refused || remaining <= 0;
  const price = order.quotedPrice ?? '0';
  const money = (v: string, decimals = 2) => formatMoney(v, order.currency, { fractionDigits: decimals });
  const seconds = Math.ceil(remaining / 1000);
  const total = RFQ_QUOTE_VALIDITY_MS;

  const accept = async () => {
    setPending('accept');
    setError(null);
    try {
      const accepted = await acceptQuote(order.id);
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      void client.invalidateQueries({ queryKey: queryKeys.depot });
      onAccepted(accepted);
    } catch (e) {
      if (isApiError(e) && e.status === 409) setRefused(true);
      setError(isApiError(e) ? e.message : t('trading.errors.unexpected'));
    } finally {
      setPending(null);
    }
  };

  const decline = async () => {
    setPending('decline');
    // A quote that ran out meanwhile needs no cancelling.
    await declineQuote(order.id).catch(() => undefined);
    void client.invalidateQueries({ queryKey: queryKeys.orders });
    setPending(null);
    onBack();
  };

  return (
    <div className={styles.review} data-rfq-state={expired ? 'expired' : 'valid'}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('trading.rfq.price')}</dt>
          <dd className={styles.quotedPrice} data-quoted-price="">
            {money(price, priceDecimals)}
          </dd>
        </div>
        <div>
          <dt>{t('trading.field.quantity')}</dt>
          <dd>{formatQuantity(order.quantity ?? '0')}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t('trading.rfq.value')}</dt>
          <dd>{money(toWireAmount(new Decimal(price).mul(order.quantity ?? '0')))}</dd>
        </div>
      </dl>

      {expired ? (
        <div className={styles.stack}>
          <p>
            <Badge tone="neutral">{t('trading.rfq.expiredBadge')}</Badge>
          </p>
          <Notice tone="warning">{t('trading.rfq.expired')}</Notice>
        </div>
      ) : (
        <div className={styles.countdown}>
          <p role="timer" aria-atomic="true" data-seconds-left={seconds}>
            {t('trading.rfq.validFor', { count: seconds })}
          </p>
          <div className={styles.countdownTrack} aria-hidden="true">
            <div className={styles.countdownBar} style={{ width: `${Math.min(100, (remaining / total) * 100)}%` }} />
          </div>
        </div>
      )}

      {error && !expired && <Notice tone="danger">{error}</Notice>}

      <div className={styles.formActions}>
        {expired ? (
          <>
            <Button variant="secondary" onPress={onBack}>
              {t('trading.review.back')}
            </Button>
            <Button onPress={onRequestAgain}>{t('trading.rfq.again')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={() => void decline()} isPending={pending === 'decline'} isDisabled={pending === 'accept'}>
              {t('trading.rfq.decline')}
            </Button>
            <Button onPress={() => void accept()} isPending={pending === 'accept'} isDisabled={pending === 'decline'}>
              {t('trading.rfq.accept')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
