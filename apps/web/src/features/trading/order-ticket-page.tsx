import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EUR_USD_ISIN, eurPerUnit } from '@kontor/domain/fx';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderField, OrderFieldErrors, OrderSide, TicketOrderKind } from '@kontor/domain/order-rules';
import { TICKET_ORDER_KINDS } from '@kontor/domain/order-rules';
import { dayChange, midPrice } from '@kontor/domain/quote-rules';
import type { OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import { isApiError, newIdempotencyKey } from '../../lib/api-client';
import { priceDecimals } from '../../lib/format';
import { useLiveQuote, usePreviousCloses } from '../../lib/live-quotes';
import { onDemand } from '../../lib/on-demand';
import { searchPath } from '../../lib/paths';
import { useDepot } from '../../parts/queries/depot';
import { useInstrument } from '../../parts/queries/instrument';
import { useUserPreferences } from '../../parts/queries/user-preferences';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { SearchIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { Change, FlashingPrice } from '../../ui/number';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { TicketFields } from './ticket-fields';
import { initialValues, serverFieldErrors, ticketErrors, toTicket, type TicketValues } from './ticket-form';
import styles from './trading.module.css';
import { InstrumentLink } from '../../parts/instrument-link';

/**
 * The steps after the fields (the review with costs and notes, the RFQ quote, the result) and the
 * calls they make load when the customer starts on the ticket, not with the page (decision 041);
 * "Order prüfen" waits for them with the preview, so a step shows whole once it is there.
 */
const review = onDemand(() => import('./ticket-review'));
const rfq = onDemand(() => import('./rfq-quote'));
const result = onDemand(() => import('./ticket-result'));
const calls = onDemand(() => import('./trading-api'));
const loadSteps = () => Promise.all([calls.load(), review.load(), rfq.load(), result.load()]);

type Step =
  | { name: 'edit' }
  | { name: 'review'; ticket: OrderTicketRequest; preview: OrderPreview; key: string }
  | { name: 'quote'; ticket: OrderTicketRequest; preview: OrderPreview; order: TradingOrder; deadline: number }
  | { name: 'result'; order: TradingOrder };

function TicketSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton width="min(70%, 24rem)" height="2rem" />
      <div className={styles.layout}>
        <Skeleton height="24rem" radius="var(--radius-lg)" />
        <div className={styles.side}>
          <SkeletonText lines={4} />
        </div>
      </div>
    </div>
  );
}

/**
 * /orders/neu?isin=…&side=BUY|SELL — the order ticket: the fields with live checks from the
 * instrument's rules, "Order prüfen" with the costs and the confirmations, the order sent only
 * from there, and its result with the way to the order. An RFQ asks for a binding price first.
 */
export function OrderTicketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isin = params.get('isin')?.trim().toUpperCase() || null;
  const side: OrderSide = params.get('side')?.toUpperCase() === 'SELL' ? 'sell' : 'buy';
  const kindParam = params.get('kind');
  const kind = (TICKET_ORDER_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as TicketOrderKind) : undefined;
  const instrument = useInstrument(isin);

  if (!isin) {
    return (
      <Page title={t('trading.ticket.title')}>
        <Card>
          <EmptyState
            icon={<SearchIcon />}
            title={t('trading.ticket.noInstrumentTitle')}
            action={
              <LinkButton href={searchPath()} variant="secondary">
                {t('trading.ticket.toSearch')}
              </LinkButton>
            }
          >
            {t('trading.ticket.noInstrumentText')}
          </EmptyState>
        </Card>
      </Page>
    );
  }
  if (instrument.isPending) return <TicketSkeleton />;
  if (instrument.isError) {
    const notFound = isApiError(instrument.error) && (instrument.error.status === 404 || instrument.error.status === 400);
    return (
      <Page title={t('trading.ticket.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('trading.ticket.notFoundTitle')}
              action={
                <LinkButton href={searchPath()} variant="secondary">
                  {t('trading.ticket.toSearch')}
                </LinkButton>
              }
            >
              {t('trading.ticket.notFoundText', { isin })}
            </EmptyState>
          ) : (
            <LoadError message={t('trading.ticket.loadError')} onRetry={() => void instrument.refetch()} />
          )}
        </Card>
      </Page>
    );
  }
  return <OrderTicket key={`${isin}-${side}`} instrument={instrument.data} side={side} kind={kind} />;
}

function OrderTicket({ instrument, side, kind }: { instrument: Instrument; side: OrderSide; kind?: TicketOrderKind }) {
  const { t } = useTranslation();
  const defaultValidity = useUserPreferences().data?.defaultOrderValidity;
  const [values, setValues] = useState<TicketValues>(() => initialValues(side, kind, defaultValidity));
  // The customer's default validity, once the settings have arrived, unless a validity was picked meanwhile.
  const validityDefaulted = useRef(defaultValidity !== undefined);
  useEffect(() => {
    if (validityDefaulted.current || !defaultValidity) return;
    validityDefaulted.current = true;
    setValues((v) => (v.validityType === 'day' ? { ...v, validityType: defaultValidity } : v));
  }, [defaultValidity]);
  const [touched, setTouched] = useState<ReadonlySet<OrderField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<OrderFieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const quote = useLiveQuote(instrument.isin) ?? null;
  const eurUsd = useLiveQuote(instrument.quoteCurrencyCode === 'USD' ? EUR_USD_ISIN : undefined);
  const fxRate = eurPerUnit(instrument.quoteCurrencyCode, eurUsd ? midPrice(eurUsd) : null);
  const depot = useDepot();
  const decimals = priceDecimals(instrument.priceScale);

  const ruleErrors = ticketErrors(values, instrument, { now: new Date(), quote, fxRate, depot: depot.data });
  // The server's word counts until the customer changes that field (the rules then speak again).
  const errors: OrderFieldErrors = { ...serverErrors, ...ruleErrors };

  // Each step announces itself: focus moves to its heading (not on the first render).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step.name]);

  const change = (next: TicketValues) => {
    // The customer starts on the ticket: the later steps (and the calls they make) load meanwhile.
    void loadSteps().catch(() => undefined);
    const changed = (Object.keys(next) as (keyof TicketValues)[]).filter((k) => next[k] !== values[k]);
    if (changed.length > 0) {
      setServerErrors((old) => {
        const copy = { ...old };
        for (const k of changed) delete copy[(k.startsWith('validity') ? 'validity' : k === 'trailingUnit' ? 'trailingDistance' : k) as OrderField];
        return copy;
      });
    }
    setValues(next);
  };

  const check = async () => {
    setSubmitted(true);
    setMessage(null);
    if (Object.keys(errors).length > 0) return;
    const ticket = toTicket(values, instrument.isin);
    setChecking(true);
    try {
      const [{ previewOrder }] = await loadSteps();
      const preview = await previewOrder(ticket);
      setStep({ name: 'review', ticket, preview, key: newIdempotencyKey() });
    } catch (e) {
      if (isApiError(e) && e.status === 400) setServerErrors(serverFieldErrors(e.backendError.errors));
      setMessage(isApiError(e) ? (e.status === 0 ? t('trading.errors.network') : e.message) : t('trading.errors.unexpected'));
    } finally {
      setChecking(false);
    }
  };

  const requestAgain = (ticket: OrderTicketRequest, preview: OrderPreview) => setStep({ name: 'review', ticket, preview, key: newIdempotencyKey() });

  // Loaded before a step other than the fields is reached (check, above).
  const TicketReview = review.loaded()?.TicketReview;
  const RfqQuote = rfq.loaded()?.RfqQuote;
  const TicketResult = result.loaded()?.TicketResult;

  const stepTitle = {
    edit: t('trading.step.edit'),
    review: t('trading.step.review'),
    quote: t('trading.step.quote'),
    result: t('trading.step.result'),
  }[step.name];

  return (
    <Page title={t('trading.ticket.pageTitle', { name: instrument.name })}>
      <div className={styles.layout}>
        <Card className={styles.ticketCard}>
          <h2 ref={heading} tabIndex={-1} className={styles.stepTitle} data-step={step.name}>
            {stepTitle}
          </h2>
          {message && step.name === 'edit' && <Notice tone="danger">{message}</Notice>}
          {step.name === 'edit' && (
            <TicketFields
              instrument={instrument}
              values={values}
              onChange={change}
              errors={errors}
              shows={(field) => submitted || touched.has(field) || field === 'side' || field === 'kind' || Boolean(serverErrors[field])}
              onBlur={(field) => setTouched((old) => (old.has(field) ? old : new Set([...old, field])))}
              onSubmit={() => void check()}
              isChecking={checking}
              quote={quote}
              fxRate={fxRate}
              depot={depot.data}
            />
          )}
          {step.name === 'review' && TicketReview && (
            <TicketReview
              key={step.key}
              instrument={instrument}
              ticket={step.ticket}
              preview={step.preview}
              idempotencyKey={step.key}
              priceDecimals={decimals}
              onBack={() => setStep({ name: 'edit' })}
              onPlaced={(order) => setStep({ name: 'result', order })}
              onQuoted={(order, deadline) => setStep({ name: 'quote', ticket: step.ticket, preview: step.preview, order, deadline })}
              onFieldErrors={(fieldErrors, text) => {
                setServerErrors(fieldErrors);
                setMessage(text);
                setSubmitted(true);
                setStep({ name: 'edit' });
              }}
            />
          )}
          {step.name === 'quote' && RfqQuote && (
            <RfqQuote
              key={step.order.id}
              order={step.order}
              deadline={step.deadline}
              priceDecimals={decimals}
              onAccepted={(order) => setStep({ name: 'result', order })}
              onRequestAgain={() => requestAgain(step.ticket, step.preview)}
              onBack={() => setStep({ name: 'edit' })}
            />
          )}
          {step.name === 'result' && TicketResult && (
            <TicketResult
              placed={step.order}
              priceDecimals={decimals}
              onNew={() => {
                setValues((v) => ({ ...initialValues(v.side, v.kind), validityType: v.validityType }));
                setTouched(new Set());
                setSubmitted(false);
                setStep({ name: 'edit' });
              }}
            />
          )}
        </Card>
        <InstrumentSummary instrument={instrument} decimals={decimals} />
      </div>
    </Page>
  );
}

/** Name, ISIN/WKN and the live bid and ask beside the ticket, so the customer sees what the order meets. */
function InstrumentSummary({ instrument, decimals }: { instrument: Instrument; decimals: number }) {
  const { t } = useTranslation();
  const quote = useLiveQuote(instrument.isin);
  const previousClose = usePreviousCloses([instrument.isin]).get(instrument.isin);
  const change = quote && previousClose ? dayChange(quote, previousClose) : undefined;
  const currency = instrument.quoteCurrencyCode;
  const price = (value: string | undefined) =>
    value ? <FlashingPrice value={value} currency={currency} fractionDigits={decimals} /> : <Skeleton width="6rem" height="1.25rem" />;
  return (
    <Card className={styles.side} title={t('trading.summary.title')}>
      <p className={styles.summaryName}>
        <InstrumentLink isin={instrument.isin} className={styles.nameLink}>
          {instrument.name}
        </InstrumentLink>
      </p>
      <p className={styles.ids}>
        {t('trading.summary.isin')} {instrument.isin}
        {instrument.wkn && ` · ${t('trading.summary.wkn')} ${instrument.wkn}`}
      </p>
      <dl className={styles.quote}>
        <div data-quote="bid">
          <dt>{t('trading.summary.bid')}</dt>
          <dd>{price(quote?.bid)}</dd>
        </div>
        <div data-quote="ask">
          <dt>{t('trading.summary.ask')}</dt>
          <dd>{price(quote?.ask)}</dd>
        </div>
        <div>
          <dt>{t('trading.summary.change')}</dt>
          <dd>{change ? <Change value={change.percent} /> : '–'}</dd>
        </div>
      </dl>
      <p className={styles.hint}>{t('trading.summary.market', { market: instrument.marketName })}</p>
    </Card>
  );
}
