import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { z } from 'zod';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, createLocalJWKSet } from 'jose';
import {
  type AuthorizationRequest,
  type ConsentDecision,
  type ConsentInfo,
  type OAuthGrant,
  type OAuthScope,
  OAUTH_SCOPES,
  type tokenResponseSchema,
} from '@kontor/domain/oauth-contracts';
import type { Clock } from '../platform/clock.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { OAuthClient } from './clients.ts';
import { ACCESS_TOKEN_SECONDS, ALG, CODE_SECONDS, OAUTH_AUDIENCE, oauthMessages, oauthModel, type OAuthUser } from './model.ts';
import type { OAuthStore } from './store.ts';

export { OAUTH_AUDIENCE, ACCESS_TOKEN_SECONDS, oauthMessages };
/** The consent page of the web app: where the authorization request lands for the signed-in customer. */
export const CONSENT_PATH = '/oauth/zustimmung';

/** A verified access token: the customer, the grant in force and what it allows. */
export type ScopedAccess = { sub: string; grantId: string; clientId: string; scopes: OAuthScope[] };

type TokenResponse = z.infer<typeof tokenResponseSchema>;
/** The token request as our route parsed it (form-encoded or JSON). */
export type TokenRequest = { grant_type: string; code?: string; redirect_uri?: string; client_id?: string; code_verifier?: string };

/** The library's refusal (always 400 here) with a German description: RFC 6749's `error`, our text. */
export type OAuthRefusal = { error: string; description: string };

/**
 * The library's English descriptions in German. Our model throws German already; the library's own
 * refusals are told apart by their error code and, where one code covers several causes, the text.
 */
function german(e: OAuth2Server.OAuthError): string {
  const text = e.message;
  if ((Object.values(oauthMessages) as string[]).includes(text)) return text;
  if (/code_challenge|transform algorithm/.test(text)) return oauthMessages.pkce;
  if (/code.verifier/.test(text)) return oauthMessages.verifier;
  if (/redirect_uri/.test(text)) return oauthMessages.badRedirect;
  if (/client credentials|client_secret/.test(text)) return oauthMessages.credentials;
  switch (e.name) {
    case 'invalid_client':
      return oauthMessages.unknownClient;
    case 'invalid_scope':
      return oauthMessages.scope;
    case 'invalid_grant':
      return oauthMessages.code;
    case 'unsupported_grant_type':
    case 'unauthorized_client':
      return oauthMessages.grantType;
    case 'access_denied':
      return oauthMessages.denied;
    default:
      return oauthMessages.badRequest;
  }
}

/** A refusal the library sent back to the client's redirect URI, with its description in German. */
function germanRedirect(location: string, e: OAuth2Server.OAuthError): string {
  const url = new URL(location);
  url.searchParams.set('error_description', german(e));
  return url.toString();
}

/** A library error is a refusal of the request; anything else (the database failing) stays a fault of ours. */
function refusal(e: unknown): OAuth2Server.OAuthError {
  if (e instanceof OAuth2Server.OAuthError && e.code < 500) return e;
  throw e instanceof OAuth2Server.ServerError ? ((e as { inner?: unknown }).inner ?? e) : e;
}

/** The signing key, created once and kept in the database, so every process and restart signs and verifies alike. */
export async function loadOAuthKeys(store: OAuthStore, clock: Clock) {
  let rows = await store.signingKeys();
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    await store.addSigningKey({
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
      createdAt: clock.now(),
    });
    rows = await store.signingKeys();
  }
  const current = rows[0]!;
  return {
    kid: current.kid,
    privateKey: await importJWK(current.privateJwk as JWK, ALG),
    jwks: { keys: rows.map((r) => r.publicJwk as JWK) },
  };
}

export function oauthService(opts: { store: OAuthStore; clock: Clock; issuer: string; clients: OAuthClient[]; keys: Awaited<ReturnType<typeof loadOAuthKeys>> }) {
  const { store, clock, issuer, clients, keys } = opts;
  const publicKeys = createLocalJWKSet(keys.jwks);
  const clientById = (id: string) => clients.find((c) => c.id === id);
  // One server that issues codes and tokens, one that only checks a request before the customer answered.
  const options = {
    // Codes expire on our Clock (the model); the library's own lifetime only has to be longer.
    authorizationCodeLifetime: CODE_SECONDS * 10,
    accessTokenLifetime: ACCESS_TOKEN_SECONDS,
    allowEmptyState: true,
    // Public clients: the code verifier (PKCE) is their proof, there is no secret. So a client asking
    // for another grant is told that it may not (unauthorized_client), not that a secret is missing.
    requireClientAuthentication: { authorization_code: false, password: false, client_credentials: false, refresh_token: false },
  };
  const issuing = new OAuth2Server({ ...options, model: oauthModel({ ...opts, keys, issueCodes: true }) });
  const checking = new OAuth2Server({ ...options, model: oauthModel({ ...opts, keys, issueCodes: false }) });

  /**
   * Runs the library's authorization endpoint for this customer. Ok: where the browser goes with the
   * code. Refused: a redirect with the error when the client and its redirect URI are trustworthy
   * enough for it (RFC 6749 §4.1.2.1), else only the German reason.
   */
  async function authorize(server: OAuth2Server, q: AuthorizationRequest & { allowed?: string }, user: OAuthUser) {
    const request = new OAuth2Server.Request({ method: 'POST', headers: {}, query: {}, body: { ...q } });
    const response = new OAuth2Server.Response();
    try {
      const code = await server.authorize(request, response, { authenticateHandler: { handle: () => user } });
      return { ok: true as const, location: response.get('location') as string, scopes: code.scope as OAuthScope[] };
    } catch (err) {
      const e = refusal(err);
      const location = response.get('location') as string | undefined;
      return { ok: false as const, error: e.name, description: german(e), location: location && germanRedirect(location, e) };
    }
  }
  const consentParams = (q: AuthorizationRequest) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'));

  return {
    jwks: () => keys.jwks,

    /**
     * GET /api/oauth2/authorize: the library checks the request (no code yet: the customer is not
     * known here); a well-formed one goes on to the consent page, a flawed one back to the client.
     */
    async authorize(q: AuthorizationRequest): Promise<{ location: string }> {
      const r = await authorize(checking, q, { sub: '' });
      if (r.ok) return { location: `${CONSENT_PATH}?${consentParams(q).toString()}` };
      if (!r.location) throw new AppError(400, r.description);
      return { location: r.location };
    },

    async consentInfo(sub: string, q: AuthorizationRequest): Promise<ConsentInfo> {
      const r = await authorize(checking, q, { sub });
      if (!r.ok) throw new AppError(400, r.description);
      const client = clientById(q.client_id)!;
      return { clientId: client.id, clientName: client.name, scopes: r.scopes };
    },

    /** The customer's answer on the consent page; the library issues the code, the model keeps the grant. */
    async decide(sub: string, d: ConsentDecision): Promise<{ redirectTo: string }> {
      const { decision, ...q } = d;
      const r = await authorize(issuing, { ...q, allowed: decision === 'allow' ? 'true' : 'false' }, { sub });
      if (r.ok) return { redirectTo: r.location };
      if (r.error === 'access_denied' && r.location) return { redirectTo: r.location };
      throw new AppError(400, r.description);
    },

    /**
     * POST /api/oauth2/token through the library (authorization_code only: the clients allow no other
     * grant). Our route parsed the body, form-encoded or JSON; the library is handed it as the form
     * RFC 6749 wants, without the caller's headers (public clients send no credentials).
     */
    async token(body: TokenRequest): Promise<{ ok: true; response: TokenResponse } | ({ ok: false } & OAuthRefusal)> {
      const request = new OAuth2Server.Request({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
        query: {},
        body: { ...body },
      });
      const response = new OAuth2Server.Response();
      try {
        await issuing.token(request, response);
        return { ok: true, response: response.body as TokenResponse };
      } catch (err) {
        const e = refusal(err);
        return { ok: false, error: e.name, description: german(e) };
      }
    },

    /** An OAuth access token: signature, issuer, audience, expiry, and its grant still in force (revocation acts at once). */
    async verifyAccessToken(token: string): Promise<ScopedAccess | null> {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, publicKeys, { issuer, audience: OAUTH_AUDIENCE, algorithms: [ALG], currentDate: clock.now() }));
      } catch {
        return null;
      }
      if (payload.token_use !== 'oauth' || typeof payload.gid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(payload.gid)) return null;
      const grant = await store.useGrant(payload.gid, clock.now());
      if (!grant || grant.sub !== payload.sub) return null;
      return { sub: grant.sub, grantId: grant.id, clientId: grant.clientId, scopes: grant.scopes.filter((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s)) };
    },

    async grants(sub: string): Promise<OAuthGrant[]> {
      return (await store.grantsOf(sub)).map((g) => ({
        id: g.id,
        clientId: g.clientId,
        clientName: clientById(g.clientId)?.name ?? g.clientId,
        scopes: g.scopes.filter((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s)),
        grantedAt: g.grantedAt.toISOString(),
        lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async revoke(sub: string, id: string): Promise<void> {
      if (!(await store.revoke(sub, id, clock.now(), (clientId) => clientById(clientId)?.name ?? clientId))) throw notFound(oauthMessages.notFound);
    },
  };
}
export type OAuthService = ReturnType<typeof oauthService>;

/**
 * Which API routes an OAuth token may call, and with which scope: reading positions and orders,
 * nothing else (no write, no other data). Keyed by method and route pattern.
 */
const SCOPED_ROUTES: Record<string, OAuthScope> = {
  'GET /api/trading/positions': 'depot:read',
  'GET /api/trading/orders': 'orders:read',
};
export const scopedAccessMessages = {
  route: 'Eine verbundene Anwendung darf nur Depot und Orders lesen; dieser Zugriff ist ihr nicht erlaubt.',
  scope: 'Diese Anwendung hat für diese Daten keine Freigabe.',
} as const;

/** Null when the token may call this route, else the German reason. */
export function scopedRefusal(access: ScopedAccess, method: string, routeUrl: string | undefined): string | null {
  const needed = routeUrl ? SCOPED_ROUTES[`${method} ${routeUrl}`] : undefined;
  if (!needed) return scopedAccessMessages.route;
  return access.scopes.includes(needed) ? null : scopedAccessMessages.scope;
}
