import { useQuery } from '@tanstack/react-query';
import type { onboardingEndpoints } from '@kontor/domain/endpoints/onboarding';
import { api } from '../../lib/api-client';

export const experienceKey = ['user', 'experience'] as const;

/**
 * The customer's knowledge and experience per product class (§63(10) WpHG): the order ticket warns
 * before a class the answers do not cover. No toast: without it, the ticket shows no warning.
 * Unparsed: the ticket is on the depot's first load.
 */
export function useExperience() {
  return useQuery({
    queryKey: experienceKey,
    queryFn: ({ signal }) => api.callUnparsed<typeof onboardingEndpoints.experience>({ method: 'GET', path: '/api/user/experience' }, { signal, skipGlobalErrorHandler: true }),
    staleTime: 5 * 60_000,
  });
}
