import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app: web app manifest and a Workbox service worker (generated, not hand-written).
 *
 * The service worker precaches the shell only: index.html, what it loads (the entry script, the
 * shell chunk and their CSS), the manifest and the icons, a few hundred KB. Route chunks and the PDF
 * viewer are cached when a page first loads them, so a phone on a slow line does not download
 * megabytes when it installs. Navigations go to the network (the server adds each route's
 * modulepreload lines); only when that fails does the cached shell answer. /api and /identity are
 * never cached. The app registers it itself (src/lib/service-worker.ts): no inline script, which the
 * CSP forbids.
 */

/** Files index.html loads, read from the bundle: the entry chunk, its static imports and their CSS. */
function shellFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'kontor-pwa-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
  return { plugin, files };
}

/**
 * sw.js is written after the build's compression step (vite.config.ts) has run: its brotli and gzip
 * copies are made here, so that the server sends it compressed too (24 KB → about a third).
 */
function compressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kontor-pwa-compress-sw',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = path.join(outDir, 'sw.js');
        if (!fs.existsSync(file)) return;
        const source = fs.readFileSync(file);
        const brotli = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
      },
    },
  };
}

export function pwa(): Plugin[] {
  const shell = shellFiles();
  return [
    shell.plugin,
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg'],
      manifest: {
        id: '/',
        name: 'Kontor',
        short_name: 'Kontor',
        description: 'Kontor – Ihr Online-Depot',
        lang: 'de',
        dir: 'ltr',
        start_url: '/depot',
        scope: '/',
        display: 'standalone',
        // Tokens (src/ui/tokens.css, light): the top bar is --color-surface, the page --color-bg.
        theme_color: '#ffffff',
        background_color: '#f4f6f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        // Of the build's chunks, only those index.html loads (the rest are cached on first use).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.files.has(entry.url)),
            warnings: [],
          }),
        ],
        // Hashed names need no revision parameter: the browser's HTTP cache may answer the precache.
        dontCacheBustURLsMatching: /-[\w-]{8,}\.\w+$/,
        // Navigations are handled by the runtime rule below (network, then the cached shell).
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // Each route's HTML from the server; offline, the precached shell.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|identity|dev)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // Hashed build output (the server's "immutable" rule): the same name is always the same
            // bytes. (Rules are copied into sw.js as source text: no outside names in them.)
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+-[\w-]{8,}\.\w+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'kontor-chunks', expiration: { maxEntries: 300, purgeOnQuotaError: true }, cacheableResponse: { statuses: [200] } },
          },
          {
            // The configuration and the translations: fresh when online, the last copy offline.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname === '/config.json' || url.pathname.startsWith('/assets/i18n/')),
            handler: 'NetworkFirst',
            options: { cacheName: 'kontor-config', networkTimeoutSeconds: 10, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    compressServiceWorker(),
  ];
}
