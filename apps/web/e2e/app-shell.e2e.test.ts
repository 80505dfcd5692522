import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launch, newContext, screenshot, signIn, signOut, VIEWPORTS } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const AREAS = ['Depot', 'Orders', 'Sparpläne', 'Watchlisten', 'Geldtransfer', 'Kapitalmaßnahmen', 'Steuern', 'Posteingang', 'Benachrichtigungen', 'Notizen', 'Service', 'Einstellungen', 'Geräte'];

describe('app shell after sign-in', () => {
  it('desktop: German navigation, every area opens, the start and not-found pages pass axe at 1280 and 360 px', async () => {
    const context = await newContext(browser, 'desktop');
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO);
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/depot');

    // The Wertentwicklung card has drawn the demo customer's value history (in the screenshot and axe's view).
    await page.locator('[data-performance-chart][data-points]').waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
    expect(await nav.getByRole('link').allTextContents()).toEqual(AREAS);
    await expectAccessible(page, 'start');
    await screenshot(page, 'start-desktop');

    // Axe checks each area at 1280 and 360 px in its own test file, with its data and dialogs.
    for (const area of AREAS) {
      await nav.getByRole('link', { name: area, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: area }).waitFor();
      expect(await page.title()).toBe(`${area} · Kontor`);
    }

    await page.goto('/gibt-es-nicht');
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    await page.getByText('Die aufgerufene Seite gibt es nicht oder nicht mehr.').waitFor();
    expect(await page.title()).toBe('Seite nicht gefunden · Kontor');
    await screenshot(page, 'not-found-desktop');
    await expectAccessible(page, 'Seite nicht gefunden');
    await page.getByRole('main').getByRole('link', { name: 'Zum Depot' }).click();
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    await signOut(page);
  }, 240_000);

  it('360 px: bottom bar, nothing wider than the screen, no serious accessibility violation', async () => {
    const context = await newContext(browser, 'mobile');
    contexts.push(context);
    const page = await context.newPage();
    const chartRequests: string[] = [];
    page.on('request', (request) => {
      if (/lightweight-charts|value-chart-canvas/.test(request.url())) chartRequests.push(request.url());
    });
    await signIn(page, DEMO);
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();

    // On a phone the value chart is below the fold: its library loads as the customer scrolls towards it.
    const performance = page.getByRole('region', { name: 'Wertentwicklung', exact: true });
    await performance.locator('[data-performance-range]').waitFor();
    expect(chartRequests).toEqual([]);
    await performance.scrollIntoViewIfNeeded();
    await page.locator('[data-performance-chart][data-points]').waitFor();
    expect(chartRequests.length).toBeGreaterThan(0);
    const bottom = page.getByRole('navigation', { name: 'Hauptnavigation' }).last();
    expect(await bottom.getByRole('link').allTextContents()).toEqual(['Depot', 'Orders', 'Sparpläne', 'Watchlist', 'Postfach']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'start-mobile');

    await bottom.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await bottom.getByRole('button', { name: 'Weitere Bereiche' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).waitFor();
    // The menu of the bottom bar exists at 360 px only (the pages are checked in the desktop test).
    await expectAccessible(page, 'Weitere Bereiche', ['mobile']);
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'settings-mobile');

    await page.goto('/gibt-es-nicht');
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    await screenshot(page, 'not-found-mobile');
    await signOut(page);
  });

  it('the sign-in screens pass axe too (desktop and 360 px)', async () => {
    const context = await newContext(browser, 'desktop');
    contexts.push(context);
    const page = await context.newPage();
    for (const [path, title] of [
      ['/anmelden', 'Anmelden'],
      ['/registrieren', 'Konto eröffnen'],
      ['/passwort-vergessen', 'Passwort vergessen'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectAccessible(page, title);
      await page.setViewportSize(VIEWPORTS.mobile);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    await screenshot(page, 'auth-forgot-desktop');
  });
});
