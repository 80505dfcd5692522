import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launch, newContext, screenshot, signIn } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function freshPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('instrument search', () => {
  it('finds SAP by its WKN in the top bar, Enter opens its page; the results page filters by type', async () => {
    const page = await freshPage('desktop');
    await signIn(page, DEMO);

    const field = page.getByRole('combobox', { name: 'Wertpapiersuche' });
    await field.fill('716460');
    const first = page.getByRole('listbox').getByRole('option').first();
    await first.getByText('SAP SE').waitFor();
    await expectAccessible(page, 'Wertpapiersuche');
    await screenshot(page, 'search-typeahead');
    await field.press('Enter');
    await page.waitForURL('**/wertpapier/DE0007164600');
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();

    await page.goto('/suche?q=Siemens');
    const count = page.getByText(/^[\d.]+ Treffer$/);
    await count.waitFor();
    const list = page.getByRole('list', { name: 'Suchergebnisse' });
    await list.waitFor();
    await page.getByRole('button', { name: /^Aktie/ }).click();
    await page.waitForURL(/type=AKTIE/);
    await expect.poll(() => page.getByRole('button', { name: /^Aktie/ }).getAttribute('aria-pressed')).toBe('true');
    await list.getByRole('listitem').first().waitFor();
    const badges = await list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.every((text) => text.includes('Aktie'))).toBe(true);
    // The type's count is the count of this query's hits of that type.
    const chip = (await page.getByRole('button', { name: /^Aktie/ }).textContent()) ?? '';
    await expect.poll(async () => ((await count.textContent()) ?? '').replace(/\D/g, '')).toBe(chip.replace(/\D/g, ''));
    await expectAccessible(page, 'Suchergebnisse');
    await screenshot(page, 'search-results-desktop');

    const phone = await freshPage('mobile');
    await signIn(phone, DEMO);
    await phone.goto('/suche?q=Siemens&type=AKTIE');
    await phone.getByRole('list', { name: 'Suchergebnisse' }).getByRole('listitem').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'search-results-mobile');

    // At 360 px the suggestions use the full width and stay inside the screen.
    await phone.getByRole('combobox', { name: 'Wertpapiersuche' }).fill('SAP');
    const suggestions = phone.getByRole('listbox');
    await suggestions.getByRole('option').first().getByText('SAP SE').waitFor();
    const box = await suggestions.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await screenshot(phone, 'search-typeahead-mobile');
    await phone.getByRole('combobox', { name: 'Wertpapiersuche' }).press('Enter');
    await phone.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();
    await screenshot(phone, 'instrument-mobile');
  }, 180_000);
});
