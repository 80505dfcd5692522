import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const pathMessages = {
  nonCanonical: 'Die Adresse der Anfrage ist ungültig. Bitte rufen Sie die Seite über ihre normale Adresse auf.',
} as const;

/** RFC 3986 unreserved characters: a client never needs to percent-encode them. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * Whether the path of a request target (the query string is not looked at) is spelled the one
 * way a browser or the web client spells it. The router decodes percent-escapes before it matches,
 * so `/%61pi/auth/login` reaches `/api/auth/login` while a check of the raw URL (XSRF, the auth
 * guard, anything that tests a prefix) sees another path. Refusing every other spelling keeps the
 * raw URL and the routed path the same: encoded unreserved characters (`%61`, `%2E`), an encoded
 * or back slash, empty and dot segments, a fragment, and anything but an origin-form target.
 */
export function isCanonicalPath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path[0] !== '/' || path.includes('//') || path.includes('\\') || path.includes('#')) return false;
  if (DOT_SEGMENT.test(path)) return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    if (UNRESERVED.test(char) || char === '/' || char === '\\') return false;
  }
  return true;
}

/**
 * Refuses a request whose path is not canonical with a 400, before any other check runs: install
 * it before the XSRF check and the auth guard.
 */
export function installCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (isCanonicalPath(req.url)) return done();
    done(new AppError(400, pathMessages.nonCanonical));
  });
}
