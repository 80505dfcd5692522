import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, createCustomer, launch, newContext, screenshot, expectAccessible, signInWithTotpSetup } from './browser';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const SAP = 'DE0007164600';

describe('Notizen: notices from Kontor and own notes', () => {
  it('dismisses a notice by keyboard, writes a note on an instrument and finds it in the Notizen list, at 1280 and 360 px', async () => {
    // A customer of its own: dismissing a notice must not change what other files' customers see.
    const customer = await createCustomer('notizen');
    context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signInWithTotpSetup(page, customer);

    // A new customer's depot: a welcome that leads to the first deposit, and no notice before it.
    await page.goto('/depot');
    const welcome = page.getByRole('region', { name: 'Willkommen bei Kontor, Testa' });
    await welcome.getByRole('link', { name: 'Geld einzahlen' }).waitFor();
    expect(await page.locator('[data-notice-id]').count()).toBe(0);
    await screenshot(page, 'depot-welcome-desktop');

    // Settings: one notice, the one that asks to act (Steuer-ID), with a link to the other (price list).
    await page.goto('/einstellungen');
    const taxId = page.getByRole('region', { name: 'Bitte ergänzen Sie Ihre Steuer-ID' });
    await taxId.getByRole('link', { name: '1 weiterer Hinweis' }).waitFor();
    expect(await page.locator('[data-notice-id]').count()).toBe(1);
    await expectAccessible(page, 'notes-banners');
    await screenshot(page, 'notes-banners-desktop');

    await taxId.getByRole('button', { name: /ausblenden/ }).focus();
    await page.keyboard.press('Enter');
    await taxId.waitFor({ state: 'detached' });
    // The next takes its place. Dismissed on the server: gone after a reload.
    await page.getByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' }).waitFor();
    expect(await taxId.count()).toBe(0);
    await page.goto('/geldtransfer');
    await page.getByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' }).waitFor();
    expect(await taxId.count()).toBe(0);

    // A note on the instrument page, with its counter.
    await page.goto(`/wertpapier/${SAP}`);
    const card = page.getByRole('region', { name: 'Meine Notiz', exact: true });
    const field = card.getByRole('textbox', { name: 'Notiz zu diesem Wertpapier' });
    await field.fill('Nachkaufen unter 150 €, Kursziel 220 €');
    await card.getByText('38/580 Zeichen').waitFor();
    await card.getByRole('button', { name: 'Speichern' }).click();
    await card.getByText('Nachkaufen unter 150 €, Kursziel 220 €').waitFor();
    await card.getByRole('button', { name: 'Notiz zu SAP SE bearbeiten' }).waitFor();
    await expectAccessible(page, 'notes-instrument-card');
    await screenshot(page, 'notes-instrument-card-desktop');

    // The Notizen list: the remaining notices and the note, linked to its instrument.
    await page.goto('/notizen');
    const own = page.getByRole('list', { name: 'Meine Notizen' });
    await own.getByText('Nachkaufen unter 150 €, Kursziel 220 €').waitFor();
    expect(await own.getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe(`/wertpapier/${SAP}`);
    const notices = page.getByRole('list', { name: 'Hinweise von Kontor' });
    expect(await notices.getByText('Bitte ergänzen Sie Ihre Steuer-ID').count()).toBe(0);
    await notices.getByText('Neues Preis- und Leistungsverzeichnis ab 1.1.').waitFor();
    await expectAccessible(page, 'notes-list', ['desktop']);
    await screenshot(page, 'notes-list-desktop');

    // 360 px: edit the note in place in the list; the instrument page shows the new text.
    await page.setViewportSize(VIEWPORTS.mobile);
    await own.getByRole('button', { name: 'Notiz zu SAP SE bearbeiten' }).click();
    const edit = page.getByRole('textbox', { name: 'Notiz bearbeiten' });
    await edit.fill('Gehalten bis 2027');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await own.getByText('Gehalten bis 2027').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectAccessible(page, 'notes-list-edited', ['mobile']);
    await screenshot(page, 'notes-list-mobile');

    await own.getByRole('link', { name: 'SAP SE' }).click();
    await card.getByText('Gehalten bis 2027').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'notes-instrument-card-mobile');

    // The welcome at 360 px, and the one notice of a page in a line or two.
    await page.goto('/depot');
    await welcome.getByRole('link', { name: 'Geld einzahlen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'depot-welcome-mobile');
    await page.goto('/geldtransfer');
    const banner = page.getByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' });
    await banner.waitFor();
    expect((await banner.boundingBox())!.height).toBeLessThan(120);
    await screenshot(page, 'notes-banner-mobile');
  });
});
