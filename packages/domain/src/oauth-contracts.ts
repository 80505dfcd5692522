import { z } from 'zod';

/**
 * Kontor as an OAuth 2 authorization server (authorization code with PKCE, S256 only): a customer
 * grants a third-party portfolio tool read-only access to the depot and the orders.
 */

export const OAUTH_SCOPES = ['depot:read', 'orders:read'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** "depot:read orders:read" → the known scopes, each once, in a fixed order; null when one is unknown or none given. */
export function parseScopes(scope: string | undefined): OAuthScope[] | null {
  const asked = (scope ?? '').split(' ').filter(Boolean);
  if (asked.length === 0 || asked.some((s) => !(OAUTH_SCOPES as readonly string[]).includes(s))) return null;
  return OAUTH_SCOPES.filter((s) => asked.includes(s));
}

/** The demo portfolio tool: a public client (no secret) whose redirect URI is under Kontor's own origin. */
export const DEMO_OAUTH_CLIENT_ID = 'depotanalyse-demo';
export const DEMO_OAUTH_REDIRECT_PATH = '/dev/oauth-client';

const short = (max: number) => z.string().max(max);

/** The authorization request's parameters (RFC 6749 §4.1.1, RFC 7636 §4.3) as the consent page passes them on. */
export const authorizationRequestSchema = z.object({
  response_type: short(40),
  client_id: short(200),
  redirect_uri: short(2000),
  scope: short(500).optional(),
  state: short(500).optional(),
  code_challenge: short(200).optional(),
  code_challenge_method: short(20).optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** GET /api/oauth2/authenticate: what the consent screen shows. */
export const consentInfoSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
});
export type ConsentInfo = z.infer<typeof consentInfoSchema>;

/** POST /api/oauth2/authenticate: the signed-in customer's answer. */
export const consentDecisionSchema = authorizationRequestSchema.extend({ decision: z.enum(['allow', 'deny']) });
export type ConsentDecision = z.infer<typeof consentDecisionSchema>;
export const consentResultSchema = z.object({
  /** Where the browser goes next: the client's redirect URI with `code` (or `error=access_denied`) and `state`. */
  redirectTo: z.string(),
});

/** POST /api/oauth2/token (form-encoded as RFC 6749 wants; JSON is taken too). */
export const tokenRequestSchema = z.object({
  grant_type: short(100),
  code: short(200).optional(),
  redirect_uri: short(2000).optional(),
  client_id: short(200).optional(),
  code_verifier: short(200).optional(),
});
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

/** GET /api/oauthsession: the customer's grants ("Verbundene Anwendungen"). */
export const oauthGrantSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
  grantedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type OAuthGrant = z.infer<typeof oauthGrantSchema>;
