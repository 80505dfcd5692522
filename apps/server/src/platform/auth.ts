import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'kontor_session';
/**
 * Beside the session cookie, for the page requests it does not reach (it is scoped to /api): that
 * this browser has a session, so a page names the customer's first data in its head. It proves
 * nothing; the data is still asked for with the session cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'kontor_signed_in';

/**
 * The signed-in customer; `session` names the sign-in (the token family's origin_jti, kept across
 * refreshes), `signedInAt` when the customer signed in (auth_time, which a refresh keeps too).
 * `grantId` is set instead when a third-party application calls with an OAuth token.
 */
export type Customer = { sub: string; session?: string; signedInAt?: Date; grantId?: string };

/** Verifies an access token (signature, issuer, expiry, client, revocation); null when invalid. */
export type AccessTokenVerifier = (token: string) => Promise<Customer | null>;

/**
 * OAuth access tokens of third-party applications: tried after the customer's own token failed;
 * `refusal` gives the German reason when the token may not call this route (null: it may).
 */
export type ScopedTokenVerifier = (
  token: string,
) => Promise<{ sub: string; grantId: string; refusal(method: string, routeUrl: string | undefined): string | null } | null>;

declare module 'fastify' {
  interface FastifyRequest {
    customer: Customer | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a signed-in customer. */
    public?: boolean;
  }
}

export const authMessages = {
  unauthorized: 'Bitte melden Sie sich an, um fortzufahren.',
} as const;

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

/**
 * Every /api route needs a customer unless it is marked public. The web app's session travels in
 * an httpOnly cookie (the access token itself); scripts may send the same token as a Bearer header.
 */
export function installAuthGuard(
  app: FastifyInstance,
  verify: AccessTokenVerifier,
  opts: {
    publicPrefixes: string[];
    /** A second step after the token: throws when this sign-in may not call this route (yet). */
    checkSession?: (customer: Customer, method: string, url: string) => Promise<void>;
    scopedTokens?: ScopedTokenVerifier;
  },
): void {
  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (req, reply) => {
    // The route that answers, not the raw URL: the router decodes what the URL spells (canonical-path.ts).
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/') || req.routeOptions.config.public) return;
    if (opts.publicPrefixes.some((p) => route.startsWith(p))) return;
    const bearer = bearerToken(req);
    const token = bearer ?? req.cookies[SESSION_COOKIE];
    const customer = token ? await verify(token) : null;
    // The central check of what an application's token may do: every route refuses it but the scoped reads.
    const scoped = !customer && bearer && opts.scopedTokens ? await opts.scopedTokens(bearer) : null;
    if (scoped) {
      const refusal = scoped.refusal(req.method, req.routeOptions.url);
      if (refusal) throw new AppError(403, refusal);
      req.customer = { sub: scoped.sub, grantId: scoped.grantId };
      reply.header('cache-control', 'no-store');
      return;
    }
    if (!customer) throw new AppError(401, authMessages.unauthorized);
    if (customer.session && customer.signedInAt) req.customer = customer;
    else {
      const fromToken = signInOf(token!);
      req.customer = { ...customer, session: customer.session ?? fromToken.session, signedInAt: customer.signedInAt ?? fromToken.signedInAt };
    }
    if (opts.checkSession) await opts.checkSession(req.customer, req.method, req.url);
    // A customer's answer (depot, orders, documents, lists) must not stay in a shared or browser
    // cache; a route may still say otherwise for what is not personal (an instrument's documents).
    reply.header('cache-control', 'no-store');
  });
}

/** The sign-in a verified token belongs to: its origin_jti and auth_time, which a refresh keeps. */
function signInOf(token: string): { session?: string; signedInAt?: Date } {
  try {
    const claims = decodeJwt(token);
    return {
      ...(typeof claims.origin_jti === 'string' ? { session: claims.origin_jti } : {}),
      ...(typeof claims.auth_time === 'number' ? { signedInAt: new Date(claims.auth_time * 1000) } : {}),
    };
  } catch {
    return {};
  }
}

/** The signed-in customer of a guarded route. */
export function customerOf(req: FastifyRequest): Customer {
  if (!req.customer) throw new AppError(401, authMessages.unauthorized);
  return req.customer;
}
