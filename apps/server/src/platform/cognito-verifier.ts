import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AccessTokenVerifier } from './auth.ts';

/**
 * Access tokens of a real provider pool, verified against its published JWKS. Revocation there is
 * the provider's business; a revoked token stays valid here until it expires (at most an hour).
 */
export function remotePoolVerifier(opts: { issuer: string; clientId: string }): AccessTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || payload.client_id !== opts.clientId || typeof payload.sub !== 'string') return null;
      return { sub: payload.sub };
    } catch {
      return null;
    }
  };
}
