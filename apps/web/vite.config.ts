import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { pwa } from './pwa.config';

// In development the Kontor server (port 8080) answers everything that is not the app itself.
const server = 'http://localhost:8080';
const serverPaths = ['^/api(/|$)', '^/assets/i18n/', '^/assets/searchdata/', '^/config\\.json$', '^/identity(/|$)', '^/dev(/|$)'];

export default defineConfig({
  plugins: [
    react(),
    // Manifest and service worker of the installable app (pwa.config.ts).
    ...pwa(),
    // Each text asset also as .br and .gz beside it, compressed once at build time at the highest
    // levels; the server sends the one the browser accepts (platform/static-web.ts). A compressed
    // file no smaller than the original is not written.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: zlib.constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // Needed by experimentalInlineCommonChunks; the app's chunks are only ever loaded by the app.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Small shared chunks are copied into the chunks that import them: on HTTP/1.1 a first
          // visit to the depot asked for 76 files, six at a time, each with its round trip; now
          // 27, for 15 KB more (issue 22, README "First load").
          experimentalInlineCommonChunks: { maxSize: 12_000 },
          groups: [
            // What index.html loads anyway (React, the router, i18n, the app's frame): one file
            // instead of dozens, each of which would cost a request and its headers on a slow line.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // Everything else: the bundler's own chunks, loaded with the page (lazy routes) that needs them.
          ],
        },
      },
    },
  },
});
