import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notesEndpoints } from '@kontor/domain/endpoints/notes';
import { depotEndpoints } from '@kontor/domain/endpoints/depot';
import { customerSettingsEndpoints } from '@kontor/domain/endpoints/customer-settings';
import { notificationEndpoints } from '@kontor/domain/endpoints/notifications';
import { sessionEndpoints } from '@kontor/domain/endpoints/session';
import { SIGNED_IN_HINT_COOKIE } from './auth.ts';
import { compressOnce, sendCompressed, type Compressed } from './compressed.ts';
import { messages } from './errors.ts';

/** Paths the server answers itself; everything else that asks for HTML is a client route. */
const SERVER_PREFIXES = ['/api/', '/api', '/identity', '/dev', '/assets/i18n/', '/config.json'];
/** Client routes under a server prefix: the OAuth demo client's page (its redirect URI is fixed). */
const CLIENT_ROUTES = ['/dev/oauth-client', '/dev/identifizierung'];

/** The suffixes of the compressed copies the web build writes beside each text asset. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** A page's own chunks and styles, and whether it needs the pages' texts, from the web build (apps/web/scripts/route-preloads.mjs). */
type RoutePreload = { path: string; js: string[]; css: string[]; allTexts?: boolean };

/** What every page fetches first: the configuration and the first part of the German texts (the fallback language). */
const BOOT_PRELOADS = ['/config.json', '/assets/i18n/de.start.json'];
/** The pages' part of the texts (domain text-parts), for the pages that need it. */
const REST_TEXTS = '/assets/i18n/de.rest.json';

function readRoutePreloads(distDir: string): RoutePreload[] {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8')) as { routes?: RoutePreload[] };
    return Array.isArray(parsed.routes) ? parsed.routes : [];
  } catch {
    return []; // a build without the list: pages still work, their chunks load after the entry
  }
}

/** The route a path belongs to: same number of segments, `:param` matches any; the most literal segments win. */
function matchRoutePreload(routes: readonly RoutePreload[], url: string): RoutePreload | undefined {
  const segments = url.split('/').filter(Boolean);
  let best: { route: RoutePreload; literal: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((p, i) => p.startsWith(':') || p === segments[i])) continue;
    const literal = pattern.filter((p) => !p.startsWith(':')).length;
    if (!best || literal > best.literal) best = { route, literal };
  }
  return best?.route;
}

/** Pages for someone not signed in: they ask for no customer's data. */
const SIGNED_OUT_ROUTES = ['/anmelden', '/registrieren', '/passwort-vergessen', '/dev/', '/oauth/'];
/**
 * A signed-in page's first API calls, as the web app makes them (same URL, credentials included),
 * so the browser starts them with the page instead of after the scripts, the customer and the
 * page's own render: every page's (the customer, the settings, the bell, the notices) and the
 * depot's positions.
 */
const CUSTOMER_PRELOADS = [sessionEndpoints.me, customerSettingsEndpoints.settings, notificationEndpoints.list, notesEndpoints.list].map((e) => e.path);
const PAGE_DATA_PRELOADS: Readonly<Record<string, readonly string[]>> = { '/depot': [depotEndpoints.positions.path] };

/** The customer's data a page asks for first, when the browser says it has a session. */
export function dataPreloads(routePath: string | undefined, signedIn: boolean): string[] {
  if (!signedIn || !routePath || SIGNED_OUT_ROUTES.some((p) => routePath === p || routePath.startsWith(p))) return [];
  return [...CUSTOMER_PRELOADS, ...(PAGE_DATA_PRELOADS[routePath] ?? [])];
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html with the page's first requests named in its head, so they start beside the entry script. */
function withPreloads(html: string, route: RoutePreload | undefined, data: readonly string[]): string {
  const links = [
    ...data.map((href) => `<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin="use-credentials">`),
    ...[...BOOT_PRELOADS, ...(route?.allTexts ? [REST_TEXTS] : [])].map((href) => `<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin>`),
    ...(route?.css ?? []).map((href) => `<link rel="preload" href="${escapeAttr(href)}" as="style" crossorigin>`),
    ...(route?.js ?? []).map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`),
  ];
  return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

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

  /** Each page's index.html, compressed once (a few dozen pages); read again after a new build. */
  let built = { mtimeMs: -1, routes: [] as RoutePreload[], html: '', pages: new Map<string, Compressed>() };
  const pageFor = (url: string, signedIn: boolean): Compressed => {
    const indexFile = path.join(distDir, 'index.html');
    const { mtimeMs } = fs.statSync(indexFile);
    if (mtimeMs !== built.mtimeMs) built = { mtimeMs, routes: readRoutePreloads(distDir), html: fs.readFileSync(indexFile, 'utf8'), pages: new Map() };
    const { routes, html: indexHtml, pages } = built;
    const route = matchRoutePreload(routes, url);
    const data = dataPreloads(route?.path, signedIn);
    const key = `${route?.path ?? ''} ${data.length > 0}`;
    let page = pages.get(key);
    if (!page) {
      page = compressOnce(withPreloads(indexHtml, route, data));
      pages.set(key, page);
    }
    return page;
  };

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
      reply.header('vary', 'Cookie');
      return sendCompressed(req, reply, pageFor(url, req.cookies?.[SIGNED_IN_HINT_COOKIE] === '1'), 'text/html; charset=utf-8');
    }
    return reply.code(404).send({ message: messages.notFound, status: 404, errors: [] });
  });
}

