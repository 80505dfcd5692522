import { createHash, randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import { type importJWK, SignJWT } from 'jose';
import { type OAuthScope, parseScopes } from '@kontor/domain/oauth-contracts';
import type { Clock } from '../platform/clock.ts';
import type { OAuthClient } from './clients.ts';
import type { OAuthStore } from './store.ts';

/**
 * The model `@node-oauth/oauth2-server` runs the protocol on (decision 023): the library checks the
 * requests, PKCE and the code's single use; here is only what Kontor decides — which clients and
 * scopes exist, where codes and grants live, what time it is, and how an access token looks.
 */

export const ALG = 'ES256';
/** The resource the tokens are for: Kontor's API, nothing else accepts them. */
export const OAUTH_AUDIENCE = 'kontor-api';
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const CODE_SECONDS = 60;

/** German descriptions of what our model refuses; the library's own refusals are translated in service.ts. */
export const oauthMessages = {
  unknownClient: 'Diese Anwendung ist bei Kontor nicht registriert.',
  credentials: 'Die Anwendung hat sich nicht ausgewiesen.',
  badRedirect: 'Die Rücksprungadresse gehört nicht zu dieser Anwendung.',
  badRequest: 'Die Anfrage der Anwendung ist unvollständig oder fehlerhaft.',
  pkce: 'Die Anwendung muss ihre Anfrage mit PKCE (S256) absichern.',
  verifier: 'Der Code-Verifier passt nicht zur Anfrage (PKCE).',
  scope: 'Die Anwendung fragt nach einem Zugriff, den Kontor nicht vergibt.',
  code: 'Der Code ist ungültig, abgelaufen oder wurde schon eingelöst.',
  grantType: 'Kontor gibt Zugriffe nur über einen Autorisierungscode.',
  denied: 'Der Zugriff wurde nicht erlaubt.',
  notFound: 'Diese Verbindung gibt es nicht (mehr).',
} as const;

/** The user as the library sees it: the customer, and after consent the grant the code belongs to. */
export type OAuthUser = { sub: string; grantId?: string };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/**
 * The library compares expiry dates with its own `new Date()`; Kontor decides expiry on the injected
 * Clock and hands the library only the time left, expressed on the library's clock.
 */
const onLibraryClock = (msLeft: number) => new Date(Date.now() + msLeft);

export function oauthModel(opts: {
  store: OAuthStore;
  clock: Clock;
  issuer: string;
  clients: OAuthClient[];
  keys: { kid: string; privateKey: Awaited<ReturnType<typeof importJWK>> };
  /** false: the library checks an authorization request, but no code is kept (before the customer has answered). */
  issueCodes: boolean;
}) {
  const { store, clock, issuer, clients, keys } = opts;

  const model = {
    /** Public clients only: a client that presents a secret is not one of ours. */
    async getClient(clientId: string, clientSecret: string | null) {
      const client = clients.find((c) => c.id === clientId);
      if (!client || clientSecret) return false;
      return { id: client.id, name: client.name, redirectUris: client.redirectUris, grants: ['authorization_code'] };
    },

    /** Only the scopes Kontor knows, each once, in a fixed order; an empty or unknown one refuses the request. */
    async validateScope(_user: OAuthUser, _client: OAuth2Server.Client, scope?: string[]) {
      return parseScopes(scope?.join(' ')) ?? false;
    },

    /**
     * After the customer allowed it: the grant (replacing this client's earlier one) and the code,
     * kept as its hash. PKCE is required here — the library takes a request without a challenge.
     */
    async saveAuthorizationCode(
      code: Pick<OAuth2Server.AuthorizationCode, 'authorizationCode' | 'redirectUri' | 'scope' | 'codeChallenge' | 'codeChallengeMethod'>,
      client: OAuth2Server.Client,
      user: OAuthUser,
    ) {
      // S256 only ("plain" the library refuses already): the challenge is a base64url SHA-256.
      if (code.codeChallengeMethod !== 'S256' || !code.codeChallenge || !/^[A-Za-z0-9_-]{43}$/.test(code.codeChallenge)) {
        throw new OAuth2Server.InvalidRequestError(oauthMessages.pkce);
      }
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CODE_SECONDS * 1000);
      let grantId: string | undefined;
      if (opts.issueCodes) {
        grantId = await store.grant({
          sub: user.sub,
          clientId: client.id,
          clientName: (client.name as string | undefined) ?? client.id,
          scopes: code.scope as OAuthScope[],
          at: now,
          code: { codeHash: sha256(code.authorizationCode), clientId: client.id, redirectUri: code.redirectUri, codeChallenge: code.codeChallenge, expiresAt },
        });
      }
      return { ...code, expiresAt, client, user: { ...user, grantId } };
    },

    /**
     * The code as the library checks it. Kontor's own rules first: a code seen a second time ends
     * its grant (RFC 6749 §4.1.2), an expired one (on our Clock) or one of an ended grant is unknown.
     */
    async getAuthorizationCode(authorizationCode: string) {
      const hash = sha256(authorizationCode);
      const row = await store.code(hash);
      if (!row) return false;
      const now = clock.now();
      if (row.code.consumedAt) {
        await store.revokeById(row.code.grantId, now);
        return false;
      }
      if (row.code.expiresAt <= now || !row.grant || row.grant.revokedAt) return false;
      const client = await model.getClient(row.code.clientId, null);
      if (!client) return false;
      return {
        authorizationCode,
        expiresAt: onLibraryClock(row.code.expiresAt.getTime() - now.getTime()),
        redirectUri: row.code.redirectUri,
        scope: row.grant.scopes,
        codeChallenge: row.code.codeChallenge,
        codeChallengeMethod: 'S256',
        client,
        user: { sub: row.grant.sub, grantId: row.grant.id } satisfies OAuthUser,
      };
    },

    /** Marks the code used, once; the library calls it before the PKCE check, so a wrong verifier spends the code too. */
    async revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode) {
      const hash = sha256(code.authorizationCode);
      if (await store.consumeCode(hash, clock.now())) return true;
      // Redeemed at the same moment by someone else: the code was seen twice.
      await store.revokeById((code.user as OAuthUser).grantId!, clock.now());
      return false;
    },

    /** The access token: an ES256 JWT with the grant id, so the guard can check the grant on every use. */
    async generateAccessToken(client: OAuth2Server.Client, user: OAuthUser, scope: string[]) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ client_id: client.id, scope: scope.join(' '), gid: user.grantId, token_use: 'oauth' })
        .setProtectedHeader({ alg: ALG, kid: keys.kid, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(OAUTH_AUDIENCE)
        .setSubject(user.sub)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
        .sign(keys.privateKey);
    },

    /**
     * Nothing to keep: the token is self-contained and the grant is its revocable record. No refresh
     * token (the library's random one is dropped, so none is issued).
     */
    async saveToken(token: OAuth2Server.Token, client: OAuth2Server.Client, user: OAuthUser) {
      return { accessToken: token.accessToken, accessTokenExpiresAt: onLibraryClock(ACCESS_TOKEN_SECONDS * 1000), scope: token.scope, client, user };
    },

    /** Resource requests are checked by Kontor's guard (platform/auth.ts), never by the library. */
    async getAccessToken() {
      return false as const;
    },
  };
  return model;
}
