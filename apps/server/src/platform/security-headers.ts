import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies, …) on every answer.
 * Helmet works out its headers from its options; ours never change while the server runs, so it
 * runs once at start against a stand-in response, and each request only copies the result.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void removed.push(name.toLowerCase()),
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
}
