import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ToggleButton } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { INSTRUMENT_TYPES, type InstrumentType } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { dayChange, type Quote } from '@kontor/domain/quote';
import { useLabels } from '../../lib/domain-labels';
import { formatCount } from '../../lib/format';
import { useLiveQuotes, usePreviousCloses } from '../../lib/live-quotes';
import type { SearchFilters } from '../../lib/paths';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Change, FlashingPrice } from '../../ui/number';
import { SearchIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { HighlightedName } from './instrument-search-field';
import { searchInstruments, useInstrumentCounts } from './instruments-api';
import styles from './instruments.module.css';
import { InstrumentLink } from '../../parts/instrument-link';

export const RESULTS_PAGE_SIZE = 20;

function readFilters(params: URLSearchParams): SearchFilters {
  const types = (params.get('type') ?? '')
    .split(',')
    .filter((value): value is InstrumentType => (INSTRUMENT_TYPES as readonly string[]).includes(value));
  return {
    q: params.get('q') ?? '',
    type: types,
    sparplan: params.get('sparplan') === 'true',
    fractional: params.get('fractional') === 'true',
    weekendTrading: params.get('weekendTrading') === 'true',
  };
}

const TOGGLES = [
  ['sparplan', 'search.sparplan'],
  ['fractional', 'search.fractional'],
  ['weekendTrading', 'search.weekendTrading'],
] as const;

/** A result's price to sell at and the day's change, live; a dash while no quote is there. */
function ResultPrice({ quote, previousClose, currency }: { quote: Quote | undefined; previousClose: string | undefined; currency: string }) {
  const { t } = useTranslation();
  if (!quote)
    return (
      <span className={styles.resultPrice}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('search.noQuote')}</span>
      </span>
    );
  return (
    <span className={styles.resultPrice}>
      <FlashingPrice value={quote.bid} currency={currency} />
      {previousClose && <Change value={dayChange(quote, previousClose).percent} />}
    </span>
  );
}

/**
 * /suche?q=…&type=…: every hit of a search, with type filters and toggles kept in the URL.
 * `resultActions` (slot): rendered at the end of each result row, outside the row's link, so that
 * its buttons (e.g. "Zur Watchlist") are reachable by keyboard on their own.
 */
export function SearchPage({ resultActions }: { resultActions?: (instrument: Instrument) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const counts = useInstrumentCounts();
  const search = useInfiniteQuery({
    queryKey: ['instruments', 'search', filters],
    queryFn: ({ pageParam, signal }) => searchInstruments({ ...filters, size: RESULTS_PAGE_SIZE, from: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.stats.hits.HITS ? loaded : undefined;
    },
  });
  const results = useMemo(() => search.data?.pages.flatMap((page) => page.results) ?? [], [search.data]);
  const hits = search.data?.pages[0]?.stats.hits.HITS;
  // With a query, each type's count is of its hits; without one, of every instrument a customer can buy.
  const typeCount = (type: InstrumentType) => (filters.q.trim() ? search.data?.pages[0]?.stats.types?.[type] : counts.data?.tradable[type]);
  const isins = useMemo(() => results.map((r) => r.isin), [results]);
  const quotes = useLiveQuotes(isins);
  const closes = usePreviousCloses(isins);

  const update = (change: Partial<Record<string, string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const toggleType = (type: InstrumentType) => {
    const current = new Set(filters.type);
    if (current.has(type)) current.delete(type);
    else current.add(type);
    update({ type: INSTRUMENT_TYPES.filter((value) => current.has(value)).join(',') || null });
  };

  // Infinite scroll: the sentinel under the list loads the next page as it comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const title = filters.q ? t('search.titleFor', { q: filters.q }) : t('search.title');
  return (
    <Page title={title} description={hits !== undefined ? t('search.hits', { count: hits, formatted: formatCount(hits) }) : undefined}>
      <Card>
        <div className={styles.filters}>
          <div className={styles.chips} role="group" aria-label={t('search.typeFilter')}>
            {INSTRUMENT_TYPES.filter((type) => type !== 'INDEX').map((type) => {
              const count = typeCount(type);
              return (
                <ToggleButton key={type} className={styles.chip} isSelected={filters.type.includes(type)} onChange={() => toggleType(type)}>
                  {label('instrumentType', type)}
                  {count !== undefined && <span className={styles.chipCount}>{formatCount(count)}</span>}
                </ToggleButton>
              );
            })}
          </div>
          <div className={styles.toggles}>
            {TOGGLES.map(([key, label]) => (
              <Checkbox key={key} isSelected={filters[key]} onChange={(on) => update({ [key]: on ? 'true' : null })}>
                {t(label)}
              </Checkbox>
            ))}
          </div>
        </div>
      </Card>

      <Card>
        {search.isPending ? (
          <div className={styles.loadingList} role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="3rem" />
            <Skeleton height="3rem" />
            <Skeleton height="3rem" />
          </div>
        ) : search.isError ? (
          <LoadError message={t('search.loadError')} onRetry={() => void search.refetch()} />
        ) : results.length === 0 ? (
          <EmptyState icon={<SearchIcon />} title={t('search.noHits')}>
            {t('search.noHitsText')}
          </EmptyState>
        ) : (
          <>
            <ul className={styles.results} aria-label={t('search.resultsLabel')}>
              {results.map((instrument) => (
                <li key={instrument.isin} className={styles.result}>
                  <InstrumentLink isin={instrument.isin} className={styles.resultLink}>
                    <span className={styles.resultName}>
                      <HighlightedName name={instrument.name} query={filters.q} />
                    </span>
                    <span className={styles.resultIds}>
                      <span>
                        <span className={styles.idLabel}>{t('search.isin')}</span> {instrument.isin}
                      </span>
                      {instrument.wkn && (
                        <span>
                          <span className={styles.idLabel}>{t('search.wkn')}</span> {instrument.wkn}
                        </span>
                      )}
                    </span>
                    <span className={styles.resultType}>
                      <Badge>{label('instrumentType', instrument.instrumentType)}</Badge>
                    </span>
                    <ResultPrice quote={quotes.get(instrument.isin)} previousClose={closes.get(instrument.isin)} currency={instrument.quoteCurrencyCode} />
                  </InstrumentLink>
                  {resultActions && <div className={styles.resultActions}>{resultActions(instrument)}</div>}
                </li>
              ))}
            </ul>
            <div ref={sentinel} aria-hidden="true" />
            {hasNextPage && (
              <div className={styles.more}>
                <Button variant="secondary" isPending={isFetchingNextPage} onPress={() => void fetchNextPage()}>
                  {t('search.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}
