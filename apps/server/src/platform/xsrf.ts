import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './auth.ts';
import { AppError, messages } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit cookie: the server hands out a readable XSRF-TOKEN cookie, the web client echoes
 * it in X-XSRF-TOKEN on every state-changing /api call. A page on another origin can make the
 * browser send the cookie but cannot read it, so it cannot produce the header.
 */
export function installXsrf(app: FastifyInstance, opts: { secure: boolean; exemptPaths?: string[] }): void {
  app.addHook('onRequest', async (req, reply) => {
    const cookie = req.cookies[XSRF_COOKIE];
    // A script that authenticates with a Bearer header and sends no session cookie cannot be
    // the victim of a forged cross-site request: it needs no token (the browser gets its own
    // with the page).
    const bearerOnly = req.headers.authorization?.startsWith('Bearer ') && !req.cookies[SESSION_COOKIE];
    if (!cookie && !bearerOnly) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    // The raw URL or the route that answers it (the router decodes what the URL spells).
    const api = req.url.startsWith('/api/') || !!req.routeOptions.url?.startsWith('/api/');
    if (SAFE_METHODS.has(req.method) || !api || bearerOnly) return;
    // A route that acts on no customer's cookie (the OAuth token endpoint: the code and its
    // verifier are the credentials) cannot be forged against anyone.
    if (opts.exemptPaths?.some((p) => req.url === p || req.url.startsWith(`${p}?`))) return;
    if (!matches(cookie, req.headers[XSRF_HEADER])) {
      throw new AppError(403, messages.forbiddenXsrf);
    }
  });
}

function matches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
