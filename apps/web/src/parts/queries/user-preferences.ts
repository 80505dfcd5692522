import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PREFERENCES,
  type CustomerSettings,
  type LanguageCode,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@kontor/domain/customer-settings-contracts';
import { customerSettingsEndpoints as settings } from '@kontor/domain/endpoints/customer-settings';
import { userEndpoints } from '@kontor/domain/endpoints/user';
import { api } from '../../lib/api-client';
import { applyTheme, switchLanguage } from '../../lib/preferences';
import { queryKeys } from '../../lib/query-keys';
import { useCustomerSettings } from './customer-settings';

export const STATS_KEY = ['stats'] as const;

/** The defaults, for an answer that has no preferences (an older server). */
const FALLBACK: UserPreferences = { ...DEFAULT_PREFERENCES, adAgree: false, adAgreeChangedAt: null };

/** The customer's own choices (part of GET /api/usersettings). */
export function useUserPreferences() {
  const settings = useCustomerSettings();
  return { ...settings, data: settings.data ? (settings.data.preferences ?? FALLBACK) : undefined };
}

/** Puts the new preferences into the settings' cache entry, so every reader sees them at once. */
function usePatchPreferences() {
  const client = useQueryClient();
  return (patch: Partial<UserPreferences>) =>
    client.setQueryData<CustomerSettings>(queryKeys.customerSettings, (old) => (old ? { ...old, preferences: { ...(old.preferences ?? FALLBACK), ...patch } } : old));
}

/** PUT /api/usersettings: theme and the order ticket's default validity. The theme applies at once. */
export function useSavePreferences() {
  const patch = usePatchPreferences();
  return useMutation({
    mutationFn: (update: UserPreferencesUpdate) => api.call(settings.savePreferences, { body: update, skipGlobalErrorHandler: true }),
    onSuccess: (saved) => {
      applyTheme(saved.theme);
      patch(saved);
    },
  });
}

/** PUT /api/user/lc, then the whole app switches (no reload). */
export function useSaveLanguage() {
  const patch = usePatchPreferences();
  return useMutation({
    mutationFn: (language: LanguageCode) => api.call(settings.saveLanguage, { body: { language }, skipGlobalErrorHandler: true }),
    onSuccess: async ({ language }) => {
      patch({ language });
      await switchLanguage(language);
    },
  });
}

/** POST /api/user/toggleadagree: the switch shows the state the server answers. */
export function useToggleAdAgree() {
  const patch = usePatchPreferences();
  return useMutation({
    mutationFn: () => api.call(settings.toggleAdAgree, { skipGlobalErrorHandler: true }),
    onSuccess: ({ adAgree, changedAt }) => patch({ adAgree, adAgreeChangedAt: changedAt }),
  });
}

/** GET /api/stats: the figures of this year. The card shows its own error. */
export function useCustomerStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: ({ signal }) => api.call(userEndpoints.stats, { signal, skipGlobalErrorHandler: true }),
  });
}
