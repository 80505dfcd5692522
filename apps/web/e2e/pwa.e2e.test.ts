import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, screenshot, VIEWPORTS } from './browser';
import { CHROMIUM } from './chromium';

// The installable app (apps/web/pwa.config.ts): manifest, service worker, offline start. This file's
// browser allows service workers (every other browser test blocks them, browser.ts) and has a
// profile on disk: Chromium installs no app from an incognito context.

const OFFLINE_NOTICE = 'Keine Verbindung. Kontor zeigt wieder aktuelle Daten, sobald Sie online sind.';

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

let profile: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-pwa-'));
  context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    baseURL: baseUrl(),
    viewport: VIEWPORTS.mobile,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'allow',
  });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** URLs (paths) in the service worker's caches, by cache name. */
function cachedPaths(tab: Page): Promise<Record<string, string[]>> {
  return tab.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      result[name] = requests.map((r) => new URL(r.url).pathname);
    }
    return result;
  });
}

describe('installable app (PWA)', () => {
  it('has a German web app manifest with its icons', async () => {
    const response = await context.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Kontor', short_name: 'Kontor', lang: 'de', start_url: '/depot', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = [];
    for (const icon of manifest.icons) {
      const file = await context.request.get(icon.src);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      icons.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect(icons.sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('serves the service worker uncached, so that a new release is found, and compressed', async () => {
    const response = await context.request.get('/sw.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['content-encoding']).toBe('br');
  });

  it('installs: Chromium reports no installability errors once the service worker controls the page', async () => {
    await page.goto('/anmelden');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'), undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('precaches the shell only and never an API answer', async () => {
    // The first visit's own files are cached once the worker controls the page (service-worker.ts).
    await page.waitForFunction(async () => Boolean((await caches.match('/config.json')) && (await caches.match('/assets/i18n/de.start.json'))), undefined, {
      timeout: 30_000,
      polling: 250,
    });
    const cached = await cachedPaths(page);
    const precache = Object.entries(cached).find(([name]) => name.includes('precache'))?.[1] ?? [];
    expect(precache).toContain('/index.html');
    expect(precache).toContain('/manifest.webmanifest');
    // index.html, its script and CSS, the favicon, the manifest, three icons: no route chunks, no PDF viewer.
    expect(precache.length).toBeLessThanOrEqual(10);
    expect(precache.filter((p) => /pdf|page-/.test(p))).toEqual([]);
    const all = Object.values(cached).flat();
    expect(all.filter((p) => p.startsWith('/api') || p.startsWith('/identity'))).toEqual([]);
  });

  it('opens offline: the sign-in screen with a German notice instead of a browser error', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count(), { timeout: 15_000 }).toBe(1);
      await screenshot(page, 'pwa-offline');
      await expectAccessible(page, 'sign-in offline', ['mobile']);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the notice goes away by itself.
    await expect.poll(() => page.getByText(OFFLINE_NOTICE).count(), { timeout: 15_000 }).toBe(0);
  });

  it('a new release takes over: its service worker replaces the old one and the version banner offers "Neu laden"', async () => {
    // A new release brings a different sw.js (its precache names the new files). The built file and
    // its compressed copies are changed for that here and put back after; only this file's browser
    // ever asks for sw.js.
    const sw = path.resolve(new URL('.', import.meta.url).pathname, '../dist/sw.js');
    const copies = { '': (b: Buffer) => b, '.br': (b: Buffer) => zlib.brotliCompressSync(b), '.gz': (b: Buffer) => zlib.gzipSync(b) };
    const originals = new Map(Object.keys(copies).filter((ext) => fs.existsSync(sw + ext)).map((ext) => [ext, fs.readFileSync(sw + ext)]));
    const next = Buffer.concat([originals.get('') ?? Buffer.alloc(0), Buffer.from('\n// the next release\n')]);
    // The page registers its worker a few seconds after its load event; from then on it hears of updates.
    await page.locator('html[data-service-worker="registered"]').waitFor({ state: 'attached', timeout: 30_000 });
    const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
    try {
      for (const ext of originals.keys()) fs.writeFileSync(sw + ext, copies[ext as keyof typeof copies](next));
      await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
      await page.getByRole('status').filter({ hasText: 'Eine neue Version von Kontor ist verfügbar.' }).waitFor({ timeout: 30_000 });
    } finally {
      for (const [ext, bytes] of originals) fs.writeFileSync(sw + ext, bytes);
    }
    expect(first).toMatch(/\/sw\.js$/);
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(await page.getByText('Eine neue Version von Kontor ist verfügbar.').count()).toBe(0);
  });
});
