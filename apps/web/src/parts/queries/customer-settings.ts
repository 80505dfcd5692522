import { useQuery } from '@tanstack/react-query';
import { customerSettingsEndpoints } from '@kontor/domain/endpoints/customer-settings';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * What service requests change (GET /api/usersettings), as the back office carried them out: the
 * settings show it; a request form reads the current values from it. No toast: the reader shows the error.
 */
export function useCustomerSettings() {
  return useQuery({
    queryKey: queryKeys.customerSettings,
    queryFn: ({ signal }) => api.call(customerSettingsEndpoints.settings, { signal, skipGlobalErrorHandler: true }),
  });
}
