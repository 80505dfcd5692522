import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import type { Leadership } from './leadership.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only the leading process may answer: the route goes through the order engine or the one write queue of cash. */
    leader?: boolean;
  }
}

/** Set on a request one process hands to the leader, so it is never handed on again. */
export const HANDED_OVER = 'x-kontor-handed-over';

export const leaderChanging = () =>
  new AppError(503, 'Kontor wird gerade aktualisiert. Bitte versuchen Sie es in einem Moment noch einmal.');

/** Needs the leader: marked routes, and every change through the developer tools (market, clock, deposits). */
function needsLeader(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.leader) return true;
  const path = request.routeOptions.url ?? '';
  return request.method !== 'GET' && request.method !== 'HEAD' && (path.startsWith('/api/dev/') || path.startsWith('/dev/'));
}

/**
 * A process that does not lead hands orders, cash movements and the developer tools' changes to
 * the one that does, as they came (headers, body, cookies): the leader authenticates, checks and
 * answers, and the answer goes back unchanged. The request's Idempotency-Key makes a retry after a
 * failed hand-over safe. Reads, sign-in and streams stay with the process that got them.
 */
export function installHandOver(app: FastifyInstance, leadership: Leadership): void {
  app.addHook('onRequest', async (request, reply) => {
    if (leadership.isLeader || !needsLeader(request)) return;
    // Handed over to a process that no longer leads: not handed on, the client tries again.
    if (request.headers[HANDED_OVER]) throw leaderChanging();
    const url = await leadership.leaderUrl().catch(() => null);
    if (!url) throw leaderChanging();
    reply.hijack();
    await forward(request, reply.raw, url).catch((err: unknown) => {
      leadership.forgetLeader();
      request.log.warn({ err }, 'hand-over to the leader failed');
      if (!reply.raw.headersSent) {
        const error = leaderChanging();
        reply.raw.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
        reply.raw.end(JSON.stringify(error.toBody()));
      } else reply.raw.destroy();
    });
  });
}

function forward(request: FastifyRequest, res: http.ServerResponse, leaderUrl: string): Promise<void> {
  const target = new URL(request.raw.url ?? '/', leaderUrl);
  // The client's address goes along as a proxy names it (the leader trusts it per TRUST_PROXY_HOPS).
  const forwardedFor = [request.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
  const headers: http.OutgoingHttpHeaders = { ...request.headers, [HANDED_OVER]: '1', host: target.host, 'x-forwarded-for': forwardedFor };
  return new Promise((resolve, reject) => {
    const out = http.request(target, { method: request.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', resolve);
      answer.on('error', reject);
    });
    out.on('error', reject);
    request.raw.pipe(out);
  });
}
