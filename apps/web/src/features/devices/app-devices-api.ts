import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import type { AppAuthSettings, EnrolledDevice, PushSettings } from '@kontor/domain/app-devices-contracts';
import { deviceEndpoints as devices } from '@kontor/domain/endpoints/devices';
import { api, isApiError } from '../../lib/api-client';
import { authorisationKeys } from '../../parts/authorisation/authorisation-api';

/** The Kontor app's routes (apps enrolled, push kinds, default factor); list and factor reads live in parts/authorisation. */

const PUSH_KEY = ['app-devices', 'push'] as const;
const companionKey = (serial: string) => ['app-devices', 'companion', serial] as const;

/** POST /api/appenrollment with the result of an ENROLL_DEVICE authorisation. */
export function enrolDevice(deviceName: string, authorisation: AuthorisationResult): Promise<EnrolledDevice> {
  return api.call(devices.enrol, { body: { deviceName, authorisation }, skipGlobalErrorHandler: true });
}

/** POST /api/appenrollment/retire with the result of a RETIRE_DEVICE authorisation. */
export async function retireDevice(device: EnrolledDevice, authorisation: AuthorisationResult): Promise<void> {
  await api.call(devices.retire, {
    body: { customerDeviceName: device.customerDeviceName, serial: device.serial, authorisation },
    skipGlobalErrorHandler: true,
  });
}

export function usePushSettings() {
  return useQuery({
    queryKey: PUSH_KEY,
    queryFn: ({ signal }) => api.call(devices.pushSettings, { signal }),
  });
}

export function useSavePushSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettings) => api.call(devices.savePushSettings, { body: settings, skipGlobalErrorHandler: true }),
    onSuccess: (saved) => client.setQueryData(PUSH_KEY, saved),
  });
}

export function useSaveAppAuthSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppAuthSettings) => api.call(devices.saveAppAuth, { body: settings, skipGlobalErrorHandler: true }),
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
        // A development page hidden from the API document, so not in the catalogue.
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
