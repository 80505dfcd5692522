import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Instrument } from '@kontor/domain/instrument';
import { isApiError } from '../../lib/api-client';
import { OwnNoteCard } from '../../parts/notes/own-note-card';
import { searchPath } from '../../lib/paths';
import { useQuoteOutage } from '../../lib/live-quotes';
import { PHONE_LAYOUT, useMediaQuery } from '../../lib/use-media-query';
import { useInstrument } from '../../parts/queries/instrument';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { SearchIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { InstrumentChart } from './instrument-chart';
import { DerivativeDetails, Documents, KeyData } from './instrument-facts';
import { HoldingCard, purchaseDay, useHeldPosition } from './holding-card';
import { InstrumentIdentity, QuoteCard, TradeActions, TradeBar } from './instrument-header';
import { Dividends, News } from './instrument-insights';
import { tradability, withoutQuote } from './tradability';
import styles from './instrument-page.module.css';

function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className={styles.skeletonHeader}>
        <Skeleton width="min(60%, 22rem)" height="2rem" />
        <Skeleton width="min(80%, 18rem)" height="1rem" />
      </div>
      <Skeleton height="6.5rem" radius="var(--radius-lg)" />
      <Skeleton height="22rem" radius="var(--radius-lg)" />
      <div className={styles.columns}>
        <SkeletonText lines={6} />
        <SkeletonText lines={6} />
      </div>
    </div>
  );
}

/**
 * /wertpapier/:isin — the instrument page: name, ISIN/WKN and type, the live bid and ask with the
 * day's change, the customer's own holding, the chart (with "Seit Kauf" when held), key data, derivative details, documents, dividends and news, and the
 * way into the order ticket (Kaufen / Verkaufen).
 *
 * `actions` (slot): rendered in the header's action area next to Kaufen / Verkaufen (the app puts
 * "Zur Watchlist" and "Preisalarm" there).
 */
export function InstrumentPage({ actions }: { actions?: (instrument: Instrument) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { isin = '' } = useParams();
  const instrument = useInstrument(isin);

  if (instrument.isPending) return <PageSkeleton />;
  if (instrument.isError) {
    const notFound = isApiError(instrument.error) && (instrument.error.status === 404 || instrument.error.status === 400);
    return (
      <Page title={notFound ? t('instrument.notFound') : t('instrument.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('instrument.notFound')}
              action={
                <LinkButton href={searchPath()} variant="secondary">
                  {t('instrument.toSearch')}
                </LinkButton>
              }
            >
              {t('instrument.notFoundText', { isin })}
            </EmptyState>
          ) : (
            <LoadError message={t('instrument.loadError')} onRetry={() => void instrument.refetch()} />
          )}
        </Card>
      </Page>
    );
  }
  return <InstrumentView key={instrument.data.isin} instrument={instrument.data} actions={actions} />;
}

function InstrumentView({ instrument, actions }: { instrument: Instrument; actions?: (instrument: Instrument) => ReactNode }) {
  const reasonId = useId();
  // Without a quote neither side can be priced: Kaufen and Verkaufen wait for one, with the reason.
  const { outage, retry } = useQuoteOutage(instrument.isin);
  const tradable = outage ? withoutQuote(tradability(instrument, new Date())) : tradability(instrument, new Date());
  const derivative = instrument.instrumentType === 'DERIVAT';
  const held = useHeldPosition(instrument.isin);
  const phone = useMediaQuery(PHONE_LAYOUT);
  return (
    <Page
      title={instrument.name}
      description={<InstrumentIdentity instrument={instrument} tradable={tradable} />}
      actions={<TradeActions instrument={instrument} tradable={tradable} reasonId={reasonId} extra={actions?.(instrument)} trade={!phone} />}
    >
      <QuoteCard instrument={instrument} tradable={tradable} reasonId={reasonId} outage={outage} onRetry={retry} />
      {held && <HoldingCard position={held} />}
      <InstrumentChart instrument={instrument} since={held ? purchaseDay(held) : undefined} />
      <div className={styles.columns}>
        <div className={styles.column}>
          {derivative && <DerivativeDetails instrument={instrument} tradable={tradable} />}
          <KeyData instrument={instrument} />
          <Documents instrument={instrument} />
        </div>
        <div className={styles.column}>
          <OwnNoteCard isin={instrument.isin} subject="INSTRUMENT" />
          <Dividends instrument={instrument} />
          <News instrument={instrument} />
        </div>
      </div>
      {phone && <TradeBar instrument={instrument} tradable={tradable} reasonId={reasonId} />}
    </Page>
  );
}
