import { useQuery } from '@tanstack/react-query';
import { instrumentEndpoints as instruments } from '@kontor/domain/endpoints/instruments';
import { marketEndpoints as market } from '@kontor/domain/endpoints/market';
import { instrumentSearchParams, type InstrumentCounts, type InstrumentSearchResponse } from '@kontor/domain/instrument-search';
import type { ChartRange } from '@kontor/domain/enums';
import type { DividendHistory } from '@kontor/domain/dividends';
import type { NewsResponse } from '@kontor/domain/news';
import type { PriceHistory } from '@kontor/domain/quote';
import { api } from '../../lib/api-client';
import type { SearchFilters } from '../../lib/paths';

/** GET /api/instrumentsearch with the query string the spec asks for (instrumentSearchParams). */
export function searchInstruments(
  filters: Partial<SearchFilters> & { size?: number; from?: number },
  signal?: AbortSignal,
): Promise<InstrumentSearchResponse> {
  return api.call(instruments.search, {
    query: instrumentSearchParams(filters),
    signal,
  });
}

export function fetchInstrumentCounts(): Promise<InstrumentCounts> {
  return api.call(instruments.counts, { skipGlobalErrorHandler: true });
}

export type { HistoryBar, PriceHistory } from '@kontor/domain/quote';

/** GET /api/quotes/:isin/history: OHLC bars of a chart range, the last close at the current mid. */
export function fetchPriceHistory(isin: string, range: ChartRange, signal?: AbortSignal, since?: string): Promise<PriceHistory> {
  return api.call(market.history, {
    params: { isin },
    query: { range, since },
    signal,
    skipGlobalErrorHandler: true,
  });
}

/** `since`: the first day of a "Seit Kauf" (CSI) chart. */
export function usePriceHistory(isin: string, range: ChartRange, enabled = true, since?: string) {
  return useQuery({
    queryKey: ['quotes', 'history', isin, range, since ?? null],
    queryFn: ({ signal }) => fetchPriceHistory(isin, range, signal, since),
    enabled,
    // Bars before the current one do not change; the live quote moves the last one.
    staleTime: 60_000,
  });
}

export function fetchDividends(isin: string, signal?: AbortSignal): Promise<DividendHistory> {
  return api.call(instruments.dividends, { params: { isin }, signal, skipGlobalErrorHandler: true });
}

export function useDividends(isin: string) {
  return useQuery({ queryKey: ['instruments', 'dividends', isin], queryFn: ({ signal }) => fetchDividends(isin, signal), staleTime: 60 * 60_000 });
}

/** How many news items the instrument page shows. */
export const NEWS_SIZE = 5;

export function fetchNews(isin: string, size: number, signal?: AbortSignal): Promise<NewsResponse> {
  return api.call(instruments.news, { query: { isin, size }, signal, skipGlobalErrorHandler: true });
}

export function useNews(isin: string) {
  return useQuery({ queryKey: ['instruments', 'news', isin], queryFn: ({ signal }) => fetchNews(isin, NEWS_SIZE, signal), staleTime: 5 * 60_000 });
}


export function useInstrumentCounts() {
  return useQuery({ queryKey: ['instruments', 'counts'], queryFn: fetchInstrumentCounts, staleTime: Infinity, retry: 1 });
}
/** The name split around the first case-insensitive occurrence of the query, for highlighting. */
export function splitMatch(name: string, query: string): [string, string, string] {
  const q = query.trim();
  const index = q ? name.toLocaleLowerCase('de').indexOf(q.toLocaleLowerCase('de')) : -1;
  if (index < 0) return [name, '', ''];
  return [name.slice(0, index), name.slice(index, index + q.length), name.slice(index + q.length)];
}
