import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launch, newContext, outboxMark, screenshot, signIn, signOut, submitCredentials, waitForCode } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function freshPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

const deviceKeyOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.deviceKey'));
    return key ? localStorage.getItem(key) : null;
  });

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('devices (/geraete)', () => {
  it('lists this browser and a remembered one; forgetting asks first; the forgotten browser signs in with a code again', async () => {
    // Browser A: the customer's own laptop, remembered.
    const laptop = await freshPage('desktop');
    await signIn(laptop, DEMO, { rememberDevice: true });
    const laptopKey = await deviceKeyOf(laptop);
    expect(laptopKey).toBeTruthy();
    await signOut(laptop);

    // Browser B: the phone.
    const phone = await freshPage('mobile');
    await signIn(phone, DEMO);
    const phoneKey = await deviceKeyOf(phone);
    await phone.goto('/geraete');
    await phone.getByRole('heading', { level: 1, name: 'Geräte' }).waitFor();
    const list = phone.getByRole('list', { name: 'Angemeldete Browser und Geräte' });
    await list.waitFor();
    const thisRow = list.locator(`[data-device-key="${phoneKey}"]`);
    const laptopRow = list.locator(`[data-device-key="${laptopKey}"]`);
    await expect(thisRow.getByText('Dieses Gerät').isVisible()).resolves.toBe(true);
    await expect(thisRow.getByText('Chromium auf Linux').isVisible()).resolves.toBe(true);
    await expect(thisRow.getByText(/^Zuletzt verwendet: \d\d\.\d\d\.\d{4}, \d\d:\d\d$/).isVisible()).resolves.toBe(true);
    // Two Chromiums on Linux differ in when they first signed in; a desktop browser gets a computer's icon.
    await expect(thisRow.getByText(/^\s*· Erstmals angemeldet: \d\d\.\d\d\.\d{4}, \d\d:\d\d$/).isVisible()).resolves.toBe(true);
    expect(await thisRow.getAttribute('data-device-kind')).toBe('computer');
    await expect(laptopRow.getByText('Gemerkt').isVisible()).resolves.toBe(true);
    await expect(laptopRow.getByText('Dieses Gerät').count()).resolves.toBe(0);
    // This browser comes first.
    expect(await list.getByRole('listitem').first().getAttribute('data-device-key')).toBe(phoneKey);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(phone, 'Geräte');
    await screenshot(phone, 'devices-mobile');

    await laptopRow.getByRole('button', { name: 'Chromium auf Linux entfernen' }).click();
    const dialog = phone.getByRole('alertdialog', { name: 'Gerät entfernen?' });
    await dialog.waitFor();
    await expectAccessible(phone, 'Gerät entfernen?');
    await screenshot(phone, 'devices-forget-dialog');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(laptopRow.count()).resolves.toBe(1);
    await laptopRow.getByRole('button', { name: 'Chromium auf Linux entfernen' }).click();
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await phone.getByText('Das Gerät wurde entfernt.').waitFor();
    await laptopRow.waitFor({ state: 'detached' });

    // The laptop still holds its device key; the pool no longer knows it. The identity client clears
    // it and signs in again (spec §8) — now with a code, as the device is no longer remembered.
    const mark = await outboxMark(DEMO.phone!);
    await submitCredentials(laptop, DEMO);
    await laptop.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' }).waitFor();
    await laptop.getByLabel('Code aus der SMS').fill(await waitForCode(DEMO.phone!, mark));
    await laptop.getByRole('button', { name: 'Bestätigen' }).click();
    await laptop.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    expect(await deviceKeyOf(laptop)).not.toBe(laptopKey);
    await signOut(laptop);

    // Clean up: the phone forgets itself, and stays signed in.
    await thisRow.getByRole('button', { name: /entfernen$/ }).click();
    await dialog.getByText('Das ist das Gerät, das Sie gerade verwenden. Sie bleiben angemeldet.').waitFor();
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await thisRow.waitFor({ state: 'detached' });
    expect(await deviceKeyOf(phone)).toBeNull();
    await signOut(phone);
  });

  it('desktop view of the list', async () => {
    const page = await freshPage('desktop');
    await signIn(page, DEMO);
    await page.goto('/geraete');
    await page.getByRole('list', { name: 'Angemeldete Browser und Geräte' }).getByText('Dieses Gerät').waitFor();
    await screenshot(page, 'devices-desktop');
    await signOut(page);
  });
});
