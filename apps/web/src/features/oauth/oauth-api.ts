import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authorizationRequestSchema,
  consentInfoSchema,
  consentResultSchema,
  oauthGrantSchema,
  type AuthorizationRequest,
  type OAuthScope,
} from '@kontor/domain/oauth-contracts';
import { api } from '../../lib/api-client';

const GRANTS_KEY = ['oauth', 'grants'] as const;

/** i18n keys of the scopes (a colon would be read as an i18next namespace). */
export const SCOPE_KEYS: Record<OAuthScope, string> = { 'depot:read': 'oauth.scope.depot', 'orders:read': 'oauth.scope.orders' };

/** The authorization request as the server passed it on to the consent page; null when it is not one. */
export function authorizationRequestOf(search: URLSearchParams): AuthorizationRequest | null {
  const parsed = authorizationRequestSchema.safeParse(Object.fromEntries(search));
  return parsed.success ? parsed.data : null;
}

export function useConsentInfo(request: AuthorizationRequest | null) {
  return useQuery({
    queryKey: ['oauth', 'consent', request],
    enabled: request !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      consentInfoSchema.parse(await api.request<unknown>('GET', '/api/oauth2/authenticate', { query: request!, signal, skipGlobalErrorHandler: true })),
  });
}

/** Allow or deny: the answer names where the browser goes next (back to the application). */
export function useConsentDecision() {
  return useMutation({
    mutationFn: async (body: AuthorizationRequest & { decision: 'allow' | 'deny' }) =>
      consentResultSchema.parse(await api.request<unknown>('POST', '/api/oauth2/authenticate', { body, skipGlobalErrorHandler: true })),
  });
}

export function useGrants() {
  return useQuery({
    queryKey: GRANTS_KEY,
    queryFn: async ({ signal }) => oauthGrantSchema.array().parse(await api.request<unknown>('GET', '/api/oauthsession', { signal })),
  });
}

export function useRevokeGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.request('DELETE', `/api/oauthsession/${id}`, { skipGlobalErrorHandler: true }),
    onSettled: () => client.invalidateQueries({ queryKey: GRANTS_KEY }),
  });
}
