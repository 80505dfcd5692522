import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What a built asset (/assets/…: scripts, styles, texts) keeps of them. The document and worker
 * headers (CSP, frame, referrer, cross-origin opener policies) mean nothing on a script or a style
 * sheet, and each weighs about 1 KB on the wire: a first visit to the depot fetches 80 such files
 * (issue 22). HSTS stays, as on every answer.
 */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies, …) on every answer;
 * built assets get the part that applies to them (ASSET_HEADERS).
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
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADERS.includes(name)));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/assets/') ? assetHeaders : headers);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
}
