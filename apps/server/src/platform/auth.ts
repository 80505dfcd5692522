import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'kontor_session';

/** The signed-in customer; `session` names the sign-in (the token family's origin_jti, kept across refreshes). */
export type Customer = { sub: string; session?: string };

/** Verifies an access token (signature, issuer, expiry, client, revocation); null when invalid. */
export type AccessTokenVerifier = (token: string) => Promise<Customer | null>;

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
  },
): void {
  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || !req.routeOptions.url || req.routeOptions.config.public) return;
    if (opts.publicPrefixes.some((p) => req.url.startsWith(p))) return;
    const token = bearerToken(req) ?? req.cookies[SESSION_COOKIE];
    const customer = token ? await verify(token) : null;
    if (!customer) throw new AppError(401, authMessages.unauthorized);
    req.customer = customer.session ? customer : { ...customer, session: sessionOf(token!) };
    if (opts.checkSession) await opts.checkSession(req.customer, req.method, req.url);
    // A customer's answer (depot, orders, documents, lists) must not stay in a shared or browser
    // cache; a route may still say otherwise for what is not personal (an instrument's documents).
    reply.header('cache-control', 'no-store');
  });
}

/** The sign-in a verified token belongs to: its origin_jti, which a refresh keeps. */
function sessionOf(token: string): string | undefined {
  try {
    const claim = decodeJwt(token).origin_jti;
    return typeof claim === 'string' ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in customer of a guarded route. */
export function customerOf(req: FastifyRequest): Customer {
  if (!req.customer) throw new AppError(401, authMessages.unauthorized);
  return req.customer;
}
