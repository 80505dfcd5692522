import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT, createLocalJWKSet } from 'jose';
import {
  type AuthorizationRequest,
  type ConsentDecision,
  type ConsentInfo,
  type OAuthGrant,
  type OAuthScope,
  OAUTH_SCOPES,
  parseScopes,
} from '@kontor/domain/oauth-contracts';
import type { Clock } from '../platform/clock.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { OAuthClient } from './clients.ts';
import type { OAuthStore } from './store.ts';

const ALG = 'ES256';
/** The resource the tokens are for: Kontor's API, nothing else accepts them. */
export const OAUTH_AUDIENCE = 'kontor-api';
export const ACCESS_TOKEN_SECONDS = 60 * 60;
const CODE_SECONDS = 60;
/** The consent page of the web app: where the authorization request lands for the signed-in customer. */
export const CONSENT_PATH = '/oauth/zustimmung';

export const oauthMessages = {
  unknownClient: 'Diese Anwendung ist bei Kontor nicht registriert.',
  badRedirect: 'Die Rücksprungadresse gehört nicht zu dieser Anwendung.',
  badRequest: 'Die Anfrage der Anwendung ist unvollständig oder fehlerhaft.',
  pkce: 'Die Anwendung muss ihre Anfrage mit PKCE (S256) absichern.',
  scope: 'Die Anwendung fragt nach einem Zugriff, den Kontor nicht vergibt.',
  notFound: 'Diese Verbindung gibt es nicht (mehr).',
} as const;

/** A verified access token: the customer, the grant in force and what it allows. */
export type ScopedAccess = { sub: string; grantId: string; clientId: string; scopes: OAuthScope[] };

type ValidRequest = { client: OAuthClient; redirectUri: string; scopes: OAuthScope[]; state?: string; codeChallenge: string };
/** An invalid request: `redirect` says whether the client's redirect URI is trustworthy enough to send the error there. */
type Invalid = { error: string; description: string; redirect: boolean };

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

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

  function check(q: AuthorizationRequest): ValidRequest | Invalid {
    const client = clientById(q.client_id);
    if (!client) return { error: 'invalid_client', description: oauthMessages.unknownClient, redirect: false };
    if (!client.redirectUris.includes(q.redirect_uri)) return { error: 'invalid_request', description: oauthMessages.badRedirect, redirect: false };
    if (q.response_type !== 'code') return { error: 'unsupported_response_type', description: oauthMessages.badRequest, redirect: true };
    // PKCE with S256 only: "plain" would hand the verifier to whoever sees the request.
    if (q.code_challenge_method !== 'S256' || !q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
      return { error: 'invalid_request', description: oauthMessages.pkce, redirect: true };
    }
    const scopes = parseScopes(q.scope);
    if (!scopes) return { error: 'invalid_scope', description: oauthMessages.scope, redirect: true };
    return { client, redirectUri: q.redirect_uri, scopes, state: q.state, codeChallenge: q.code_challenge };
  }
  const invalid = (r: ValidRequest | Invalid): r is Invalid => 'error' in r;

  function back(redirectUri: string, params: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  function valid(q: AuthorizationRequest): ValidRequest {
    const r = check(q);
    if (invalid(r)) throw new AppError(400, r.description);
    return r;
  }

  async function sign(grant: { id: string; sub: string; clientId: string; scopes: string[] }) {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ client_id: grant.clientId, scope: grant.scopes.join(' '), gid: grant.id, token_use: 'oauth' })
      .setProtectedHeader({ alg: ALG, kid: keys.kid, typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(OAUTH_AUDIENCE)
      .setSubject(grant.sub)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(keys.privateKey);
  }

  return {
    jwks: () => keys.jwks,

    /**
     * GET /api/oauth2/authorize: a well-formed request goes on to the consent page (which needs the
     * signed-in customer); a flawed one back to the client with the error, unless the client or its
     * redirect URI is unknown (then the customer sees the error here, RFC 6749 §4.1.2.1).
     */
    authorize(q: AuthorizationRequest): { location: string } {
      const r = check(q);
      if (!invalid(r)) {
        const consent = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'));
        return { location: `${CONSENT_PATH}?${consent.toString()}` };
      }
      if (!r.redirect) throw new AppError(400, r.description);
      return { location: back(q.redirect_uri, { error: r.error, error_description: r.description, state: q.state }) };
    },

    consentInfo(q: AuthorizationRequest): ConsentInfo {
      const r = valid(q);
      return { clientId: r.client.id, clientName: r.client.name, scopes: r.scopes };
    },

    /** The customer's answer on the consent page; allowing it creates the grant and a one-time code. */
    async decide(sub: string, d: ConsentDecision): Promise<{ redirectTo: string }> {
      const r = valid(d);
      if (d.decision === 'deny') return { redirectTo: back(r.redirectUri, { error: 'access_denied', state: r.state }) };
      const code = randomBytes(32).toString('base64url');
      const now = clock.now();
      await store.grant({
        sub,
        clientId: r.client.id,
        scopes: r.scopes,
        at: now,
        code: {
          codeHash: sha256(code),
          clientId: r.client.id,
          redirectUri: r.redirectUri,
          codeChallenge: r.codeChallenge,
          expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
        },
      });
      return { redirectTo: back(r.redirectUri, { code, state: r.state }) };
    },

    /** POST /api/oauth2/token, authorization_code only (RFC 6749 §4.1.3 with RFC 7636 §4.6). */
    async token(body: { grant_type: string; code?: string; redirect_uri?: string; client_id?: string; code_verifier?: string }) {
      const fail = (error: string, description: string) => ({ ok: false as const, error, description });
      if (body.grant_type !== 'authorization_code') return fail('unsupported_grant_type', 'Kontor gibt Zugriffe nur über einen Autorisierungscode.');
      if (!body.code || !body.client_id || !body.redirect_uri || !body.code_verifier) return fail('invalid_request', oauthMessages.badRequest);
      if (!clientById(body.client_id)) return fail('invalid_client', oauthMessages.unknownClient);
      const now = clock.now();
      const redeemed = await store.redeemCode(sha256(body.code), now);
      const refused = fail('invalid_grant', 'Der Code ist ungültig, abgelaufen oder wurde schon eingelöst.');
      if (!redeemed) return refused;
      const { code, firstUse } = redeemed;
      // A code presented twice was seen by someone else: what it gave is withdrawn.
      if (!firstUse) {
        await store.revokeById(code.grantId, now);
        return refused;
      }
      if (code.expiresAt <= now || code.clientId !== body.client_id || code.redirectUri !== body.redirect_uri) return refused;
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(body.code_verifier) || sha256(body.code_verifier) !== code.codeChallenge) return fail('invalid_grant', 'Der Code-Verifier passt nicht zur Anfrage (PKCE).');
      const grant = await store.activeGrant(code.grantId);
      if (!grant) return refused;
      return {
        ok: true as const,
        response: { access_token: await sign(grant), token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_SECONDS, scope: grant.scopes.join(' ') },
      };
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
      if (!(await store.revoke(sub, id, clock.now()))) throw notFound(oauthMessages.notFound);
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
