import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { oauthEndpoints as o } from '@kontor/domain/endpoints/oauth';
import { authorizationRequestSchema, type AuthorizationRequest, type OAuthScope } from '@kontor/domain/oauth-contracts';
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
    queryFn: ({ signal }) => api.call(o.consentInfo, { query: request!, signal, skipGlobalErrorHandler: true }),
  });
}

/** Allow or deny: the answer names where the browser goes next (back to the application). */
export function useConsentDecision() {
  return useMutation({
    mutationFn: (body: AuthorizationRequest & { decision: 'allow' | 'deny' }) => api.call(o.decide, { body, skipGlobalErrorHandler: true }),
  });
}

export function useGrants() {
  return useQuery({
    queryKey: GRANTS_KEY,
    queryFn: ({ signal }) => api.call(o.grants, { signal }),
  });
}

export function useRevokeGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(o.revoke, { params: { id }, skipGlobalErrorHandler: true }),
    onSettled: () => client.invalidateQueries({ queryKey: GRANTS_KEY }),
  });
}
