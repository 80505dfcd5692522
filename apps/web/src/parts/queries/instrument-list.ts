import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { instrumentEndpoints } from '@kontor/domain/endpoints/instruments';
import { INSTRUMENT_LIST_MAX } from '@kontor/domain/instrument';
import { api } from '../../lib/api-client';

/**
 * Names and reference data of a set of ISINs (POST /api/instrument, 200 per call), for screens
 * that hold only ISINs: watchlists, price alerts, notifications. Unknown ISINs are missing from
 * the map; a screen shows the ISIN instead. Unparsed, like one instrument (./instrument.ts).
 */
export function useInstrumentList(isins: readonly string[]) {
  const key = [...new Set(isins)].sort();
  const query = useQuery({
    queryKey: ['instruments', 'list', key.join(',')],
    enabled: key.length > 0,
    staleTime: 10 * 60_000,
    // A list that grows by one keeps showing the names it has while the new one loads.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let i = 0; i < key.length; i += INSTRUMENT_LIST_MAX) chunks.push(key.slice(i, i + INSTRUMENT_LIST_MAX));
      const answers = await Promise.all(
        chunks.map((chunk) => api.callUnparsed<typeof instrumentEndpoints.list>({ method: 'POST', path: '/api/instrument' }, { body: chunk, signal, skipGlobalErrorHandler: true })),
      );
      return answers.flat();
    },
  });
  const byIsin = useMemo(() => new Map((query.data ?? []).map((i) => [i.isin, i])), [query.data]);
  /** `isFetching`: an ISIN missing from `byIsin` may still arrive (show a skeleton, not the ISIN). */
  return { byIsin, isFetching: query.isFetching, isError: query.isError };
}
