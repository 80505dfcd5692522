import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import {
  appAuthSettingsSchema,
  enrolledDeviceSchema,
  pushSettingsSchema,
  type AppAuthSettings,
  type EnrolledDevice,
  type PushSettings,
} from '@kontor/domain/app-devices-contracts';
import { api, isApiError } from '../../lib/api-client';
import { authorisationKeys } from '../../parts/authorisation/authorisation-api';

/** The Kontor app's routes (apps enrolled, push kinds, default factor); list and factor reads live in parts/authorisation. */

const PUSH_KEY = ['app-devices', 'push'] as const;
const companionKey = (serial: string) => ['app-devices', 'companion', serial] as const;

/** POST /api/appenrollment with the result of an ENROLL_DEVICE authorisation. */
export async function enrolDevice(deviceName: string, authorisation: AuthorisationResult): Promise<EnrolledDevice> {
  return enrolledDeviceSchema.parse(await api.request<unknown>('POST', '/api/appenrollment', { body: { deviceName, authorisation }, skipGlobalErrorHandler: true }));
}

/** POST /api/appenrollment/retire with the result of a RETIRE_DEVICE authorisation. */
export async function retireDevice(device: EnrolledDevice, authorisation: AuthorisationResult): Promise<void> {
  await api.request('POST', '/api/appenrollment/retire', {
    body: { customerDeviceName: device.customerDeviceName, serial: device.serial, authorisation },
    skipGlobalErrorHandler: true,
  });
}

export function usePushSettings() {
  return useQuery({
    queryKey: PUSH_KEY,
    queryFn: async ({ signal }) => pushSettingsSchema.parse(await api.request<unknown>('GET', '/api/mobileapp/pushadmin', { signal })),
  });
}

export function useSavePushSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: PushSettings) =>
      pushSettingsSchema.parse(await api.request<unknown>('PUT', '/api/mobileapp/pushadmin', { body: settings, skipGlobalErrorHandler: true })),
    onSuccess: (saved) => client.setQueryData(PUSH_KEY, saved),
  });
}

export function useSaveAppAuthSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AppAuthSettings) =>
      appAuthSettingsSchema.parse(await api.request<unknown>('PUT', '/api/appauth', { body: settings, skipGlobalErrorHandler: true })),
    onSuccess: (saved) => client.setQueryData(authorisationKeys.appAuth, saved),
  });
}

/**
 * Whether the server has the development companion page for this serial (/dev/app/{serial}): it
 * answers 404 where dev tools are off, and then the page offers no link.
 */
export function useCompanionAvailable(serial: string | null) {
  return useQuery({
    queryKey: companionKey(serial ?? ''),
    enabled: serial !== null,
    queryFn: async ({ signal }) => {
      try {
        await api.request('GET', `/api/dev/app/${encodeURIComponent(serial ?? '')}`, { signal, skipGlobalErrorHandler: true });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return false;
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
}
