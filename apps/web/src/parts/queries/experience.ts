import { useQuery } from '@tanstack/react-query';
import type { UserExperience } from '@kontor/domain/onboarding-contracts';
import { api } from '../../lib/api-client';

export const experienceKey = ['user', 'experience'] as const;

/**
 * The customer's knowledge and experience per product class (§63(10) WpHG): the order ticket warns
 * before a class the answers do not cover. No toast: without it, the ticket shows no warning.
 */
export function useExperience() {
  return useQuery({
    queryKey: experienceKey,
    queryFn: ({ signal }) => api.request<UserExperience>('GET', '/api/user/experience', { signal, skipGlobalErrorHandler: true }),
    staleTime: 5 * 60_000,
  });
}
