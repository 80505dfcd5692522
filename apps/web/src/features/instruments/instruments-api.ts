import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Instrument } from '@kontor/domain/instrument';
import { instrumentSearchParams, type InstrumentCounts, type InstrumentSearchResponse } from '@kontor/domain/instrument-search';
import type { InstrumentType } from '@kontor/domain/enums';
import { api } from '../../lib/api-client';

export type SearchFilters = {
  q: string;
  type: InstrumentType[];
  sparplan: boolean;
  fractional: boolean;
  weekendTrading: boolean;
};

/** GET /api/instrumentsearch with the query string the spec asks for (instrumentSearchParams). */
export function searchInstruments(
  filters: Partial<SearchFilters> & { size?: number; from?: number },
  signal?: AbortSignal,
): Promise<InstrumentSearchResponse> {
  return api.request<InstrumentSearchResponse>('GET', '/api/instrumentsearch', {
    query: instrumentSearchParams(filters),
    signal,
  });
}

export function fetchInstrumentCounts(): Promise<InstrumentCounts> {
  return api.request<InstrumentCounts>('GET', '/assets/searchdata/instrument-counts.json', { skipGlobalErrorHandler: true });
}

export function fetchInstrument(isin: string, signal?: AbortSignal): Promise<Instrument> {
  return api.request<Instrument>('GET', `/api/instrument/${encodeURIComponent(isin)}`, { signal, skipGlobalErrorHandler: true });
}

export function useInstrumentCounts() {
  return useQuery({ queryKey: ['instruments', 'counts'], queryFn: fetchInstrumentCounts, staleTime: Infinity, retry: 1 });
}

/** The value, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export const instrumentPath = (isin: string) => `/wertpapier/${encodeURIComponent(isin)}`;

export function searchPath(filters: Partial<SearchFilters>): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.type && filters.type.length > 0) params.set('type', filters.type.join(','));
  if (filters.sparplan) params.set('sparplan', 'true');
  if (filters.fractional) params.set('fractional', 'true');
  if (filters.weekendTrading) params.set('weekendTrading', 'true');
  const search = params.toString();
  return search ? `/suche?${search}` : '/suche';
}

/** The name split around the first case-insensitive occurrence of the query, for highlighting. */
export function splitMatch(name: string, query: string): [string, string, string] {
  const q = query.trim();
  const index = q ? name.toLocaleLowerCase('de').indexOf(q.toLocaleLowerCase('de')) : -1;
  if (index < 0) return [name, '', ''];
  return [name.slice(0, index), name.slice(index, index + q.length), name.slice(index + q.length)];
}
