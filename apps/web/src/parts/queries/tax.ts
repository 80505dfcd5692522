import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxEndpoints } from '@kontor/domain/endpoints/tax';
import type { TaxSettingsRequest } from '@kontor/domain/tax-contracts';
import { api } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { queryKeys } from '../../lib/query-keys';

/** False when the `taxDisabled` feature flag is on: then no screen shows or asks for anything about tax. */
export function useTaxEnabled(): boolean {
  return !useConfig().featureFlags.taxDisabled;
}

/**
 * One tax year (GET /api/tax?year=YYYY; the current year for null): the allowance, the loss pots,
 * the tax paid and every taxed event with its calculation. The reader shows its own error, so no toast.
 */
export function useTaxYear(year: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.taxYear(year),
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) => api.call(taxEndpoints.year, { signal, query: year === null ? undefined : { year }, skipGlobalErrorHandler: true }),
  });
}

/**
 * The Kirchensteuermerkmal from the next year on (PUT /api/tax/settings). The server answers this year's and the next's;
 * every tax year is refreshed, since the tax of the next event depends on it. The form shows errors.
 */
export function useSaveTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettingsRequest) => api.call(taxEndpoints.saveSettings, { body: settings, skipGlobalErrorHandler: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tax }),
  });
}
