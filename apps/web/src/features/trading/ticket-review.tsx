import { useState } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderFieldErrors } from '@kontor/domain/order-rules';
import type { OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import { productClassOf } from '@kontor/domain/onboarding';
import { domainLabel } from '../../lib/domain-labels';
import { isApiError } from '../../lib/api-client';
import { useExperience } from '../../parts/queries/experience';
import { formatMoney, formatNumber, formatPercent, formatQuantity } from '../../lib/format';
import { documentHref } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Notice } from '../../ui/notice';
import { Money } from '../../ui/number';
import { priceConditionText, validityText } from './order-format';
import { SaleTaxEstimateSection } from './sale-tax';
import { serverFieldErrors } from './ticket-form';
import { confirmOnce, placeOrder, requestQuote } from './trading-api';
import styles from './trading.module.css';
import { toWireAmount } from '@kontor/domain/numbers';
import lists from '../../ui/lists.module.css';

type Requirements = OrderPreview['requirements'];

export type TicketReviewProps = {
  instrument: Instrument;
  ticket: OrderTicketRequest;
  preview: OrderPreview;
  /** One key per submission: a retry of the same submission sends it again. */
  idempotencyKey: string;
  onBack: () => void;
  onPlaced: (order: TradingOrder) => void;
  onQuoted: (order: TradingOrder) => void;
  /** The server found field errors after all: back to the fields with them. */
  onFieldErrors: (errors: OrderFieldErrors, message: string) => void;
  priceDecimals: number;
};

/**
 * "Order prüfen": the order as it will be sent, its ex-ante costs, what stays available, the
 * one-time confirmations, the warnings for complex products and for a product class the customer
 * lacks knowledge or experience in (appropriateness test), and the button that sends it.
 * Nothing is sent before the customer pressed that button here.
 */
export function TicketReview({ instrument, ticket, preview, idempotencyKey, onBack, onPlaced, onQuoted, onFieldErrors, priceDecimals }: TicketReviewProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [requirements, setRequirements] = useState<Requirements>(preview.requirements);
  const [ticked, setTicked] = useState({ lowTrading: false, otc: false, complex: false, appropriateness: false });
  const lacking = useLackingExperience(instrument);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { costs } = preview;
  const buy = ticket.side === 'buy';
  const rfq = ticket.kind === 'previously_quoted';
  const currency = preview.currency;

  const missing = {
    lowTrading: requirements.lowTradingConfirmation && !ticked.lowTrading,
    otc: requirements.otcConfirmation && !ticked.otc,
    complex: requirements.complexWarning && !ticked.complex,
    appropriateness: lacking !== null && !ticked.appropriateness,
  };
  const anyMissing = missing.lowTrading || missing.otc || missing.complex || missing.appropriateness;
  const anyRequired = requirements.lowTradingConfirmation || requirements.otcConfirmation || requirements.complexWarning || lacking !== null;

  const send = async () => {
    setAttempted(true);
    setError(null);
    if (anyMissing) return;
    setSending(true);
    try {
      // One-time confirmations first; once given they are not asked again.
      if (requirements.otcConfirmation) {
        await confirmOnce('otc');
        setRequirements((r) => ({ ...r, otcConfirmation: false }));
      }
      if (requirements.lowTradingConfirmation) {
        await confirmOnce('lowtrading');
        setRequirements((r) => ({ ...r, lowTradingConfirmation: false }));
      }
      const acknowledged = requirements.complexWarning ? { acknowledgedComplexRisk: true } : {};
      if (rfq) {
        const order = await requestQuote({ isin: ticket.isin, side: ticket.side, quantity: ticket.quantity ?? '', ...acknowledged }, idempotencyKey);
        onQuoted(order);
      } else {
        const order = await placeOrder({ ...ticket, ...acknowledged }, idempotencyKey);
        onPlaced(order);
      }
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      void client.invalidateQueries({ queryKey: queryKeys.depot });
      // A sale executed at once has its tax withheld.
      if (!buy) void client.invalidateQueries({ queryKey: queryKeys.tax });
    } catch (e) {
      if (!isApiError(e)) {
        setError(t('trading.errors.unexpected'));
        return;
      }
      // A 409 names each confirmation still missing as a field: its checkbox appears.
      const missing = e.status === 409 ? e.backendError.errors.map((x) => x.field).filter((f): f is keyof Requirements => f in requirements) : [];
      if (missing.length > 0) {
        setRequirements((r) => ({ ...r, ...Object.fromEntries(missing.map((f) => [f, true])) }));
        // A new note: the confirmation covers it only once ticked again.
        setTicked({ lowTrading: false, otc: false, complex: false, appropriateness: false });
        setError(e.message);
      } else if (e.status === 400) {
        onFieldErrors(serverFieldErrors(e.backendError.errors), e.message);
      } else {
        // 0 is no connection: pressing again sends the same submission with the same key.
        setError(e.status === 0 ? t('trading.errors.network') : e.message);
      }
    } finally {
      setSending(false);
    }
  };

  const money = (v: string) => <Money amount={v} />;
  const fees = new Decimal(costs.orderFee).plus(costs.smallOrderSurcharge);
  const net = toWireAmount(buy ? new Decimal(costs.orderValue).plus(fees) : new Decimal(costs.orderValue).minus(fees));
  const quoted = buy ? preview.ask : preview.bid;

  return (
    <div className={styles.review}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('trading.review.instrument')}</dt>
          <dd>{instrument.name}</dd>
        </div>
        <div>
          <dt>{t('trading.review.order')}</dt>
          <dd>
            {domainLabel(t, 'orderKind', ticket.side)} · {t(`trading.kind.${ticket.kind}`)}
          </dd>
        </div>
        <div>
          <dt>{ticket.kind === 'fraction' ? t('trading.field.amount') : t('trading.field.quantity')}</dt>
          <dd>{ticket.kind === 'fraction' ? formatMoney(ticket.amount ?? '0') : formatQuantity(ticket.quantity ?? '0')}</dd>
        </div>
        <div>
          <dt>{t('trading.review.condition')}</dt>
          <dd>
            {priceConditionText(
              { kind: ticket.kind, limit: ticket.limit ?? null, stop: ticket.stop ?? null, currency, trailingDistance: ticket.trailingDistance ?? null, trailingUnit: ticket.trailingUnit ?? null, quotedPrice: null },
              t,
              priceDecimals,
            )}
          </dd>
        </div>
        {!rfq && (
          <div>
            <dt>{t('trading.validity.label')}</dt>
            <dd>{validityText(ticket.validity, t)}</dd>
          </div>
        )}
        {quoted && (
          <div>
            <dt>{buy ? t('trading.review.ask') : t('trading.review.bid')}</dt>
            <dd>{formatMoney(quoted, currency, { fractionDigits: priceDecimals })}</dd>
          </div>
        )}
        {currency !== 'EUR' && (
          <div>
            <dt>{t('trading.review.fxRate')}</dt>
            <dd>{t('trading.review.fxRateValue', { currency, rate: formatNumber(preview.fxRate, { min: 4, max: 6 }) })}</dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="ticket-costs" className={styles.costs}>
        <h3 id="ticket-costs" className={styles.subTitle}>
          {t('trading.review.costsTitle')}
        </h3>
        <dl className={styles.facts}>
          <div>
            <dt>{t('trading.review.orderValue')}</dt>
            <dd>{money(costs.orderValue)}</dd>
          </div>
          <div>
            <dt>{t('trading.review.orderFee')}</dt>
            <dd>{money(costs.orderFee)}</dd>
          </div>
          {costs.smallOrder && (
            <div>
              <dt>{t('trading.review.smallOrderSurcharge')}</dt>
              <dd>{money(costs.smallOrderSurcharge)}</dd>
            </div>
          )}
          <div>
            <dt>{t('trading.review.spreadCost')}</dt>
            <dd>{money(costs.spreadCost)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('trading.review.totalCosts')}</dt>
            <dd>
              {money(costs.total)} <span className={styles.muted}>({formatPercent(costs.totalPercent, { signed: false })})</span>
            </dd>
          </div>
          <div className={styles.total}>
            <dt>{buy ? t('trading.review.toPay') : t('trading.review.proceeds')}</dt>
            <dd>{money(net)}</dd>
          </div>
          {preview.availableAfter !== null && (
            <div>
              <dt>{buy ? t('trading.review.cashAfter') : t('trading.review.piecesAfter')}</dt>
              <dd>{buy ? money(preview.availableAfter) : t('trading.pieces', { quantity: formatQuantity(preview.availableAfter) })}</dd>
            </div>
          )}
        </dl>
        <p className={styles.hint}>{rfq ? t('trading.review.rfqHint') : t('trading.review.estimateHint')}</p>
      </section>

      {!buy && preview.tax && <SaleTaxEstimateSection tax={preview.tax} />}

      {anyRequired && (
        <section aria-labelledby="ticket-confirmations" className={styles.confirmations}>
          <h3 id="ticket-confirmations" className={styles.subTitle}>
            {t('trading.review.confirmationsTitle')}
          </h3>
          {/* Every note at once, and one confirmation of them all. */}
          <Notice tone="warning">
            <ul className={`${lists.stacked} ${styles.confirmList}`}>
              {lacking && (
                <li>
                  <strong>{t('trading.confirm.appropriatenessTitle')}</strong>
                  {t('trading.confirm.appropriatenessText', { productClass: t(`trading.confirm.appropriatenessClasses.${lacking}`) })}
                </li>
              )}
              {requirements.complexWarning && (
                <li>
                  <strong>{t('trading.confirm.complexTitle')}</strong>
                  {t('trading.confirm.complexText')}
                </li>
              )}
              {requirements.otcConfirmation && (
                <li>
                  <strong>{t('trading.confirm.otcTitle')}</strong>
                  {t('trading.confirm.otcText')} {t('trading.confirm.once')}
                </li>
              )}
              {requirements.lowTradingConfirmation && (
                <li>
                  <strong>{t('trading.confirm.lowTradingTitle')}</strong>
                  {t('trading.confirm.lowTradingText', { threshold: formatMoney(instrument.lowTradingThreshold), surcharge: formatMoney(costs.smallOrderSurcharge) })}{' '}
                  {t('trading.confirm.once')}
                </li>
              )}
            </ul>
            {instrument.basisinformationen && (
              <a href={documentHref(instrument.basisinformationen)} target="_blank" rel="noopener" className={styles.kidLink}>
                {t('trading.confirm.kid')}
              </a>
            )}
          </Notice>
          <Requirement
            label={t('trading.confirm.all')}
            checked={!anyMissing}
            onChange={(all) => setTicked({ lowTrading: all, otc: all, complex: all, appropriateness: all })}
            error={attempted && anyMissing ? t('trading.confirm.required') : undefined}
          />
        </section>
      )}

      {error && <Notice tone="danger">{error}</Notice>}

      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onBack} isDisabled={sending}>
          {t('trading.review.back')}
        </Button>
        <Button onPress={() => void send()} isPending={sending}>
          {rfq ? t('trading.review.requestQuote') : buy ? t('trading.review.sendBuy') : t('trading.review.sendSell')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The product class of the instrument when the customer's appropriateness test (§63(10) WpHG) does
 * not cover it; null when it does, when the class needs no test, or the customer was never assessed.
 */
function useLackingExperience(instrument: Instrument) {
  const experience = useExperience();
  const productClass = productClassOf(instrument.instrumentType);
  const appropriate = experience.data?.appropriate;
  return productClass && appropriate && !appropriate[productClass] ? productClass : null;
}

function Requirement({
  label,
  description,
  checked,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div className={styles.requirement}>
      <Checkbox isSelected={checked} onChange={onChange} description={description} isInvalid={Boolean(error)}>
        {label}
      </Checkbox>
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
