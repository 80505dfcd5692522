import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, baseUrl, launch, newContext, screenshot, expectAccessible, signIn } from './browser';

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

let phoneTab: Page | undefined;

/** The demo customer on a phone (360 px), signed in once for the file. */
async function signedInPhone(): Promise<Page> {
  if (!phoneTab) {
    phoneTab = await freshPage('mobile');
    await signIn(phoneTab, DEMO);
  }
  return phoneTab;
}

const BASF = 'DE000BASF111';
const TITLE = 'Kursalarm: BASF SE';
/** The bell follows the live stream; the alert fires on a quote tick, and a busy machine's round trip comes on top. */
const BELL_FOLLOWS = { timeout: 25_000, interval: 250 };
const SOON = { timeout: 30_000 };

/** Moves the simulated market at once (development tool of the e2e server). */
async function moveMarket(isin: string, percent: string) {
  const res = await fetch(`${baseUrl()}/dev/market/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ isin, percent }),
  });
  if (!res.ok) throw new Error(`market move answered ${res.status}`);
}

/** "44,30" → 44.3 */
const fromGerman = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
const toGerman = (value: number) => value.toFixed(2).replace('.', ',');

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Benachrichtigungen/ });

describe('price alerts and notifications', () => {
  it('an alert 3 % above the mid fires when the market moves: the bell counts it, the customer reads and deletes it', async () => {
    const page = await freshPage('desktop');
    await signIn(page, DEMO);
    // The demo customer's purchases and savings plans (seeded, and those of other browser tests)
    // brought notifications: deleted first, through the API the page uses, so that the bell and
    // the list hold only the alert's.
    await page.goto('/benachrichtigungen');
    await page.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      for (let round = 0; round < 100; round++) {
        const { items } = (await (await fetch('/api/notification', { headers: { 'x-xsrf-token': xsrf } })).json()) as { items: { id: string }[] };
        if (items.length === 0) return;
        for (const n of items) await fetch(`/api/notification/${n.id}`, { method: 'DELETE', headers: { 'x-xsrf-token': xsrf } });
      }
    });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Keine Mitteilungen' }).waitFor();
    await expect.poll(() => bell(page).getAttribute('aria-label'), SOON).toBe('Benachrichtigungen');

    await page.goto(`/wertpapier/${BASF}`);
    await page.getByRole('heading', { level: 1, name: 'BASF SE' }).waitFor();
    await page.getByRole('button', { name: 'Kursalarm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kursalarm für BASF SE' });
    await dialog.waitFor();

    // The price field starts at the current mid, in German notation.
    const price = dialog.getByLabel('Preis in EUR');
    await expect.poll(() => price.inputValue(), SOON).toMatch(/^\d+,\d{2,}$/);
    const mid = fromGerman(await price.inputValue());
    expect(mid).toBeGreaterThan(0);
    expect(await dialog.getByRole('radio', { name: 'steigt auf oder über' }).isChecked()).toBe(true);

    // German messages for what cannot work.
    await price.fill('vierzig');
    await dialog.getByRole('button', { name: 'Kursalarm anlegen' }).click();
    await dialog.getByText('Bitte geben Sie den Preis als Zahl ein, zum Beispiel 123,45.').waitFor();
    await price.fill(toGerman(mid * 0.9));
    await dialog.getByRole('button', { name: 'Kursalarm anlegen' }).click();
    await dialog.getByText(/^Der Kurs liegt schon bei oder über diesem Preis/).waitFor();

    const target = toGerman(mid * 1.03);
    await price.fill(target);
    await dialog.getByText(/^Der Kurs liegt schon/).waitFor({ state: 'detached' }).catch(() => {});
    await expectAccessible(page, 'alerts-dialog', ['desktop']);
    await screenshot(page, 'alerts-dialog');
    await dialog.getByRole('button', { name: 'Kursalarm anlegen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Kursalarm angelegt: BASF SE steigt auf oder über ${target}\u00a0€.`).waitFor();

    // The market rises 5 %: within the polling interval the bell shows 1 unread, without a reload.
    await moveMarket(BASF, '5');
    await expect.poll(() => bell(page).getAttribute('aria-label'), BELL_FOLLOWS).toBe('Benachrichtigungen, 1 ungelesen');
    expect(await bell(page).textContent()).toBe('1');
    await screenshot(page, 'alerts-bell');

    // The list: unread first, with what happened.
    await bell(page).click();
    await page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
    const list = page.getByRole('list', { name: 'Ihre Mitteilungen' });
    const item = list.getByRole('listitem').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain(`BASF SE steigt auf oder über ${target}\u00a0€`);
    await item.getByText('Neu', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: /Mitteilungen/ }).textContent()).toContain('1 neu');
    await expectAccessible(page, 'alerts-notifications', ['desktop']);
    await screenshot(page, 'alerts-notifications-desktop');

    // On a phone (360 px) the same messages, inside the screen.
    const phone = await signedInPhone();
    await expect.poll(() => bell(phone).getAttribute('aria-label'), SOON).toBe('Benachrichtigungen, 1 ungelesen');
    await bell(phone).click();
    await phone.getByRole('list', { name: 'Ihre Mitteilungen' }).getByText(TITLE).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(phone, 'alerts-notifications', ['mobile']);
    await screenshot(phone, 'alerts-notifications-mobile');
    await phone.getByRole('tab', { name: /^Kursalarme/ }).click();
    await phone.getByRole('list', { name: 'Ihre Kursalarme' }).getByText('Ausgelöst', { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'alerts-list-mobile');

    // Read: the badge and the count go.
    await item.getByRole('button', { name: `„${TITLE}“ als gelesen markieren` }).click();
    await item.getByText('Neu', { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => bell(page).getAttribute('aria-label'), SOON).toBe('Benachrichtigungen');
    await page.getByText('Alle Mitteilungen sind gelesen.').waitFor();

    // Delete: the empty state says how to get the next one.
    await item.getByRole('button', { name: `„${TITLE}“ löschen` }).click();
    await page.getByRole('heading', { level: 2, name: 'Keine Mitteilungen' }).waitFor();

    // The alert itself fired once and stays listed as such until deleted.
    await page.getByRole('tab', { name: /^Kursalarme/ }).click();
    const alerts = page.getByRole('list', { name: 'Ihre Kursalarme' });
    const alert = alerts.getByRole('listitem').filter({ hasText: 'BASF SE' });
    await alert.getByText('Ausgelöst', { exact: true }).waitFor();
    expect(await alert.textContent()).toContain(`steigt auf oder über ${target}\u00a0€`);
    await screenshot(page, 'alerts-list-desktop');
    await alert.getByRole('button', { name: `Kursalarm BASF SE steigt auf oder über ${target}\u00a0€ löschen` }).click();
    await page.getByRole('heading', { level: 2, name: 'Noch keine Kursalarme' }).waitFor();
    await expectAccessible(page, 'alerts-list');
  }, 240_000);

  it('the price alert dialog fits a 360 px screen', async () => {
    const phone = await signedInPhone();
    await phone.goto(`/wertpapier/${BASF}`);
    await phone.getByRole('heading', { level: 1, name: 'BASF SE' }).waitFor();
    await phone.getByRole('button', { name: 'Kursalarm' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Kursalarm für BASF SE' });
    await expect.poll(() => dialog.getByLabel('Preis in EUR').inputValue(), SOON).toMatch(/^\d+,\d{2,}$/);
    await dialog.getByText('fällt auf oder unter', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'fällt auf oder unter' }).isChecked()).toBe(true);
    const box = await phone.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await expectAccessible(phone, 'alerts-dialog', ['mobile']);
    await screenshot(phone, 'alerts-dialog-mobile');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 180_000);
});
