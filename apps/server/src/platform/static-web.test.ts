import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A built web app in miniature: one hashed script with its brotli and gzip copies (as the web
// build writes them), index.html with its copies, and a small script the build left uncompressed.
const script = Buffer.from(`export const greeting = ${JSON.stringify('Willkommen bei Kontor. '.repeat(200))};\n`);
const page = Buffer.from('<!doctype html><html lang="de"><head><title>Kontor</title><script type="module" src="/assets/index-a1b2c3d4.js"></script></head><body></body></html>');
// The pages' own chunks as the web build lists them (apps/web/scripts/route-preloads.mjs).
const preloads = {
  routes: [
    { path: '/anmelden', js: ['/assets/sign-in-page-1a2b3c4d.js'], css: ['/assets/auth-screen-5e6f7a8b.css'] },
    { path: '/orders/neu', js: ['/assets/order-ticket-page-9a8b7c6d.js'], css: [], allTexts: true },
    { path: '/orders/:id', js: ['/assets/order-detail-page-5d4c3b2a.js'], css: [], allTexts: true },
    { path: '/depot', js: ['/assets/depot-page-2b3c4d5e.js'], css: [], allTexts: true },
  ],
};
/** The links of a served index.html's head, in order. */
const links = (html: string) => [...html.matchAll(/<link ([^>]*)>/g)].map((m) => m[1]);
const small = Buffer.from('export {};\n');

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: Buffer, copies: boolean) => {
    fs.writeFileSync(path.join(dist, name), body);
    if (!copies) return;
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(body));
  };
  write('assets/index-a1b2c3d4.js', script, true);
  write('index.html', page, true);
  write('assets/tiny-e5f6a7b8.js', small, false);
  fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(preloads));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the web app is sent compressed when the browser accepts it', () => {
  it('sends a script as brotli to a browser that accepts brotli', async () => {
    // What Chromium sends.
    const res = await get('/assets/index-a1b2c3d4.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('sends gzip to a browser that accepts gzip but not brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/assets/index-a1b2c3d4.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.gunzipSync(res.rawPayload).equals(script)).toBe(true);
    }
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/index-a1b2c3d4.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(script)).toBe(true);
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-e5f6a7b8.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(small)).toBe(true);
  });

  it('answers a client route with index.html, compressed, never cached', async () => {
    const res = await get('/anmelden', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<script type="module" src="/assets/index-a1b2c3d4.js"></script>');

    const gzip = await get('/anmelden', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);

    const plain = await get('/anmelden', { accept: 'text/html' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('names the page\'s first requests in its head: configuration, German texts, its own chunks and styles', async () => {
    const res = await get('/anmelden', { accept: 'text/html' });
    expect(links(res.body)).toEqual([
      'rel="preload" href="/config.json" as="fetch" crossorigin',
      'rel="preload" href="/assets/i18n/de.start.json" as="fetch" crossorigin',
      'rel="preload" href="/assets/auth-screen-5e6f7a8b.css" as="style" crossorigin',
      'rel="modulepreload" href="/assets/sign-in-page-1a2b3c4d.js"',
    ]);
    // A literal path wins over a parameter; an order's own page gets the detail chunk. Signed-in
    // pages need the pages' texts as well.
    const ticket = links((await get('/orders/neu', { accept: 'text/html' })).body);
    expect(ticket).toContain('rel="modulepreload" href="/assets/order-ticket-page-9a8b7c6d.js"');
    expect(ticket).toContain('rel="preload" href="/assets/i18n/de.rest.json" as="fetch" crossorigin');
    const detail = links((await get('/orders/5f0c1d2e', { accept: 'text/html' })).body);
    expect(detail).toContain('rel="modulepreload" href="/assets/order-detail-page-5d4c3b2a.js"');
    expect(detail).not.toContain('rel="modulepreload" href="/assets/order-ticket-page-9a8b7c6d.js"');
    // A page the list does not know still gets the configuration and the texts early.
    expect(links((await get('/gibt-es-nicht', { accept: 'text/html' })).body)).toHaveLength(2);
  });

  it('a browser with a session gets a signed-in page that names the customer\'s first data; a signed-out one does not', async () => {
    const signedIn = { accept: 'text/html', cookie: 'kontor_signed_in=1' };
    const data = (html: string) => links(html).filter((l) => l?.includes('/api/'));
    const customer = [
      'rel="preload" href="/api/user/me" as="fetch" crossorigin="use-credentials"',
      'rel="preload" href="/api/usersettings" as="fetch" crossorigin="use-credentials"',
      'rel="preload" href="/api/notification" as="fetch" crossorigin="use-credentials"',
      'rel="preload" href="/api/notes" as="fetch" crossorigin="use-credentials"',
    ];
    const depot = await get('/depot', signedIn);
    expect(data(depot.body)).toEqual([...customer, 'rel="preload" href="/api/trading/positions" as="fetch" crossorigin="use-credentials"']);
    expect(depot.headers.vary).toMatch(/cookie/i);
    expect(data((await get('/orders/5f0c1d2e', signedIn)).body)).toEqual(customer);
    // Without the hint, and on the sign-in page with it, no customer's data is asked for.
    expect(data((await get('/depot', { accept: 'text/html' })).body)).toEqual([]);
    expect(data((await get('/anmelden', signedIn)).body)).toEqual([]);
  });

  it('answers the dev pages of the web app with index.html, even with a query', async () => {
    for (const url of ['/dev/identifizierung?antrag=5f0c', '/dev/oauth-client']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/index-a1b2c3d4.js');
    }
  });

  it('sends a built asset only the security headers that apply to it; a page gets them all', async () => {
    const asset = await get('/assets/index-a1b2c3d4.js', { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const html = await get('/anmelden', { accept: 'text/html' });
    expect(String(html.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await get('/assets/index-a1b2c3d4.js.br', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });
});
