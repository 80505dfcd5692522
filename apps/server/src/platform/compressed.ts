import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body the server sends often and never changes (a page's index.html, a translation part): compressed once. */
export type Compressed = { identity: Buffer; br: Buffer; gzip: Buffer };

export function compressOnce(body: string | Buffer): Compressed {
  const identity = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { identity, br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity, { level: 9 }) };
}

/** Sends brotli when the browser takes it, else gzip, else the body itself, with `Vary: Accept-Encoding` (beside what else it varies by). */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: Compressed, type: string): FastifyReply {
  const encoding = negotiate(String(req.headers['accept-encoding'] ?? ''), ['br', 'gzip']) ?? 'identity';
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding').type(type);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}
