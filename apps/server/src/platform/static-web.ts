import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from './errors.ts';

/** Paths the server answers itself; everything else that asks for HTML is a client route. */
const SERVER_PREFIXES = ['/api/', '/api', '/identity', '/dev', '/assets/i18n/', '/config.json'];
/** Client routes under a server prefix: the OAuth demo client's page (its redirect URI is fixed). */
const CLIENT_ROUTES = ['/dev/oauth-client', '/dev/identifizierung'];

/** The suffixes of the compressed copies the web build writes beside each text asset. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up on the next load. Unknown non-API GETs get index.html (history fallback).
 *
 * The build writes `<file>.br` and `<file>.gz` beside each text asset. A request gets the brotli
 * copy if its Accept-Encoding allows, else the gzip copy, else the file itself, with
 * `Vary: Accept-Encoding` and the type of the file itself. The copies are not routes of their own.
 */
export async function installStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        // For a compressed copy, the name of the file it stands for decides.
        const served = filePath.replace(COMPRESSED_COPY, '');
        const immutable = served.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.\w+$/.test(served);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isClientRoute =
      (req.method === 'GET' || req.method === 'HEAD') &&
      (CLIENT_ROUTES.includes(url) || !SERVER_PREFIXES.some((p) => url === p || url.startsWith(p))) &&
      !path.extname(url) &&
      (req.headers.accept ?? '').includes('text/html');
    if (isClientRoute) {
      if (!hasDist) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Die Web-App ist noch nicht gebaut. Bitte "npm start" verwenden.');
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: messages.notFound, status: 404 });
  });
}
