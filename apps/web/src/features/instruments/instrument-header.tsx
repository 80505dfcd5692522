import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@kontor/domain/instrument';
import { dayChange } from '@kontor/domain/quote';
import { useLabels } from '../../lib/domain-labels';
import { formatDate, formatTime, priceDecimals } from '../../lib/format';
import { useLiveQuote, useLiveStatus, usePreviousCloses } from '../../lib/live-quotes';
import { newSavingsPlanPath, orderTicketPath } from '../../lib/paths';
import { Badge } from '../../ui/badge';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Change, FlashingPrice } from '../../ui/number';
import { Skeleton } from '../../ui/skeleton';
import type { Tradability, TradeBlock } from './tradability';
import styles from './instrument-page.module.css';

/** ISIN, WKN and type under the name, with the badges that change what the customer can do. */
export function InstrumentIdentity({ instrument, tradable }: { instrument: Instrument; tradable: Tradability }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <span className={styles.identity}>
      <span className={styles.ids}>
        <span>
          <span className={styles.idLabel}>{t('search.isin')}</span> <span data-isin="">{instrument.isin}</span>
        </span>
        {instrument.wkn && (
          <span>
            <span className={styles.idLabel}>{t('search.wkn')}</span> <span data-wkn="">{instrument.wkn}</span>
          </span>
        )}
      </span>
      <span className={styles.badges}>
        <Badge>{label('instrumentType', instrument.instrumentType)}</Badge>
        {instrument.derivativeKind && <Badge tone="info">{t(`instrument.derivative.kind.${instrument.derivativeKind}`)}</Badge>}
        {instrument.knockedOutFlag && <Badge tone="danger">{t('instrument.badge.knockedOut')}</Badge>}
        {tradable.matured && <Badge tone="warning">{t('instrument.badge.matured')}</Badge>}
        {instrument.complex && <Badge>{t('instrument.badge.complex')}</Badge>}
      </span>
    </span>
  );
}

// The order ticket lives at /orders/neu (the trading area builds it). Until it exists the link
// leads to the app's "page not found"; the route and its parameters are the agreed contract.

/**
 * Kaufen and Verkaufen, "Sparplan anlegen" where a savings plan can buy the instrument, and the
 * slot for other actions (watchlist, price alert) beside them.
 * A side that is not possible is shown disabled, with the reason next to the quote (and named
 * to assistive technology via aria-describedby); an index shows no trade buttons at all.
 */
export function TradeActions({
  instrument,
  tradable,
  reasonId,
  extra,
  trade = true,
}: {
  instrument: Instrument;
  tradable: Tradability;
  reasonId: string;
  extra?: ReactNode;
  /** Kaufen and Verkaufen here; false on a phone, where they sit in the TradeBar at the bottom. */
  trade?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      {extra}
      {/* The savings-plans area builds the form; linked by its path only. */}
      {instrument.sparplan && tradable.buy === null && (
        <LinkButton variant="secondary" href={newSavingsPlanPath(instrument.isin)}>
          {t('instrument.savingsPlan')}
        </LinkButton>
      )}
      {trade && <TradeButtons instrument={instrument} tradable={tradable} reasonId={reasonId} />}
    </div>
  );
}

/** Verkaufen and Kaufen, each disabled with the reason when that side cannot trade; none for an index. */
function TradeButtons({ instrument, tradable, reasonId }: { instrument: Instrument; tradable: Tradability; reasonId: string }) {
  const { t } = useTranslation();
  if (tradable.buy === 'index') return null;
  return (
    <>
      {(['sell', 'buy'] as const).map((side) => (
        <LinkButton
          key={side}
          variant={side === 'buy' ? 'primary' : 'secondary'}
          href={orderTicketPath(instrument.isin, side)}
          isDisabled={tradable[side] !== null}
          aria-describedby={tradable[side] ? reasonId : undefined}
        >
          {t(`instrument.${side}`)}
        </LinkButton>
      ))}
    </>
  );
}

/** On a phone: Verkaufen and Kaufen in a bar that stays above the bottom navigation while the page scrolls. */
export function TradeBar({ instrument, tradable, reasonId }: { instrument: Instrument; tradable: Tradability; reasonId: string }) {
  const { t } = useTranslation();
  if (tradable.buy === 'index') return null;
  return (
    <div className={styles.tradeBar} role="group" aria-label={t('instrument.tradeBar')}>
      <TradeButtons instrument={instrument} tradable={tradable} reasonId={reasonId} />
    </div>
  );
}

function blockText(block: TradeBlock, instrument: Instrument, t: (key: string, options?: Record<string, string>) => string): string {
  switch (block) {
    case 'index':
      return t('instrument.blocked.index');
    case 'matured':
      return t('instrument.blocked.matured', { date: instrument.endfaellig ? formatDate(instrument.endfaellig) : '' });
    case 'knockedOut':
      return t('instrument.blocked.knockedOut');
    case 'disabled':
      return t('instrument.blocked.disabled');
    case 'noQuote':
      return t('instrument.blocked.noQuote');
  }
}

/** Why a side cannot be traded, in one sentence (or two, when buying and selling differ). */
export function TradeBlockNotice({ instrument, tradable, id }: { instrument: Instrument; tradable: Tradability; id: string }) {
  const { t } = useTranslation();
  const reasons = [...new Set([tradable.buy, tradable.sell].filter((b): b is TradeBlock => b !== null))];
  if (reasons.length === 0) return null;
  return (
    <div id={id}>
      <Notice tone={tradable.buy === 'index' ? 'info' : 'warning'}>{reasons.map((b) => blockText(b, instrument, t)).join(' ')}</Notice>
    </div>
  );
}

/**
 * Bid (Geld) and ask (Brief) as they stream in, flashing on a change, and the day's change of
 * the mid against the previous close: green with "+", red with "−".
 */
export function QuoteCard({
  instrument,
  tradable,
  reasonId,
  outage = false,
  onRetry,
}: {
  instrument: Instrument;
  tradable: Tradability;
  reasonId: string;
  /** No quote came in time: dashes instead of skeletons, and a way to ask again. */
  outage?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const quote = useLiveQuote(instrument.isin);
  const status = useLiveStatus();
  const previousClose = usePreviousCloses([instrument.isin]).get(instrument.isin);
  const change = quote && previousClose ? dayChange(quote, previousClose) : undefined;
  const currency = instrument.quoteCurrencyCode;
  // Prices in the instrument's own precision (a derivative may trade at 0,003 €).
  const decimals = priceDecimals(instrument.priceScale);

  const value = (content: ReactNode | undefined, width: string) =>
    content ??
    (outage ? (
      <span aria-label={t('instrument.quote.none')}>–</span>
    ) : (
      <span role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton width={width} height="1.75rem" />
      </span>
    ));

  return (
    <Card className={styles.quoteCard}>
      <h2 className="visually-hidden">
        {t('instrument.quote.title')}
      </h2>
      <dl className={styles.quote}>
        <div className={styles.quoteItem} data-quote="bid">
          <dt>{t('instrument.quote.bid')}</dt>
          <dd className={styles.price}>{value(quote && <FlashingPrice value={quote.bid} currency={currency} fractionDigits={decimals} />, '7rem')}</dd>
        </div>
        <div className={styles.quoteItem} data-quote="ask">
          <dt>{t('instrument.quote.ask')}</dt>
          <dd className={styles.price}>{value(quote && <FlashingPrice value={quote.ask} currency={currency} fractionDigits={decimals} />, '7rem')}</dd>
        </div>
        <div className={styles.quoteItem} data-quote="change">
          <dt>{t('instrument.quote.change')}</dt>
          <dd className={styles.change}>
            {value(
              change && (
                <>
                  <Change value={change.absolute} kind="money" currency={currency} fractionDigits={decimals} /> <Change value={change.percent} className={styles.changePercent} />
                </>
              ),
              '9rem',
            )}
          </dd>
        </div>
      </dl>
      <p className={styles.quoteMeta}>
        {quote && <span>{t('instrument.quote.time', { time: formatTime(quote.ts), date: formatDate(quote.ts) })}</span>}
        <span>{instrument.marketName}</span>
        <span className={styles.live} data-status={status}>
          <span className={styles.liveDot} aria-hidden="true" />
          {t(`instrument.quote.status.${status}`)}
        </span>
      </p>
      {status === 'interrupted' && <Notice tone="warning">{t('instrument.quote.interrupted')}</Notice>}
      <TradeBlockNotice instrument={instrument} tradable={tradable} id={reasonId} />
      {outage && onRetry && (
        <div>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
    </Card>
  );
}
