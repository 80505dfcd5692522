import { randomBytes, randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../platform/clock.ts';
import type { IdentityStore } from './store.ts';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export type AccessClaims = JWTPayload & {
  sub: string;
  token_use: 'access';
  client_id: string;
  origin_jti: string;
  username: string;
  device_key?: string;
};

/**
 * The pool's signing keys: created once per pool and kept in the database, so every process and
 * every restart signs with the same key and the JWKS stays stable.
 */
export async function loadSigningKeys(store: IdentityStore, poolId: string, clock: Clock) {
  let rows = await store.signingKeys(poolId);
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await store.insertSigningKey({ kid, poolId, privateJwk, publicJwk, createdAt: clock.now() });
    rows = await store.signingKeys(poolId);
  }
  const current = rows[0]!;
  const privateKey = await importJWK(current.privateJwk as JWK, 'RS256');
  const jwks = { keys: rows.map((r) => r.publicJwk as JWK) };
  return { kid: current.kid, privateKey, jwks };
}
export type SigningKeys = Awaited<ReturnType<typeof loadSigningKeys>>;

export function tokenIssuer(opts: { issuer: string; keys: SigningKeys; clock: Clock }) {
  const { issuer, keys, clock } = opts;
  const localJwks = createLocalJWKSet(keys.jwks);

  async function sign(claims: JWTPayload, seconds: number) {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .setJti(randomUUID())
      .sign(keys.privateKey);
  }

  return {
    jwks: keys.jwks,
    async issue(p: {
      sub: string;
      username: string;
      clientId: string;
      originJti: string;
      authTime: Date;
      deviceKey?: string | null;
      attributes: Record<string, string>;
    }) {
      const eventId = randomUUID();
      const authTime = Math.floor(p.authTime.getTime() / 1000);
      const accessToken = await sign(
        {
          sub: p.sub,
          token_use: 'access',
          scope: 'aws.cognito.signin.user.admin',
          client_id: p.clientId,
          origin_jti: p.originJti,
          event_id: eventId,
          auth_time: authTime,
          username: p.username,
          ...(p.deviceKey ? { device_key: p.deviceKey } : {}),
        },
        ACCESS_TOKEN_SECONDS,
      );
      const idClaims: JWTPayload = {
        sub: p.sub,
        aud: p.clientId,
        token_use: 'id',
        'cognito:username': p.username,
        origin_jti: p.originJti,
        event_id: eventId,
        auth_time: authTime,
      };
      for (const [name, value] of Object.entries(p.attributes)) {
        if (name === 'sub') continue;
        idClaims[name] = name.endsWith('_verified') ? value === 'true' : value;
      }
      const idToken = await sign(idClaims, ACCESS_TOKEN_SECONDS);
      return { accessToken, idToken, expiresIn: ACCESS_TOKEN_SECONDS };
    },
    /** Signature, issuer, algorithm, expiry and token use; revocation is checked by the caller. */
    async verifyAccess(token: string, clientIds: readonly string[]): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, localJwks, {
          issuer,
          algorithms: ['RS256'],
          currentDate: clock.now(),
        });
        if (payload.token_use !== 'access' || typeof payload.client_id !== 'string' || !clientIds.includes(payload.client_id)) return null;
        if (typeof payload.sub !== 'string' || typeof payload.origin_jti !== 'string') return null;
        return payload as AccessClaims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof tokenIssuer>;
