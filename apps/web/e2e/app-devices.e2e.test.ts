import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, api, launch, newContext, outboxMark, screenshot, expectAccessible, signIn, submitCredentials, waitForCode } from './browser';

/**
 * The Kontor app (Geräte): enrol it with an SMS TAN, see it listed, play the phone on its
 * /dev/app page, approve a new sign-in there, and remove it again — at 1280 and 360 px. Erika (a
 * seeded customer with a confirmed mobile number) leaves with no app, as she came: removing the
 * last app also turns sign-in approval off.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
/** A signed-in page of Erika's, to remove what a failed test left (the next files sign her in). */
let cleanup: Page | undefined;

/** Retires every app Erika still has, each with an SMS TAN (which also turns sign-in approval off). */
async function retireAll(page: Page): Promise<void> {
  const { json } = await api(page, 'GET', '/api/appenrollment');
  for (const device of (json as { devices: { serial: string; customerDeviceName: string }[] }).devices) {
    const payload = { type: 'RETIRE_DEVICE', customerDeviceName: device.customerDeviceName, serial: device.serial };
    const mark = await outboxMark(ERIKA.phone!);
    const challenge = (await api(page, 'POST', '/api/ticket/requesttan?useSpeech=false', payload)).json as { ticket: string };
    const verified = await api(page, 'POST', '/api/ticket/verify', { ticket: challenge.ticket, tan: await waitForCode(ERIKA.phone!, mark) });
    await api(page, 'POST', '/api/appenrollment/retire', { ...payload, authorisation: verified.json });
  }
}

async function freshPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

const appCard = (page: Page) => page.getByRole('region', { name: 'Kontor-App', exact: true });
const appList = (page: Page) => page.getByRole('list', { name: 'Eingerichtete Kontor-Apps' });

async function openDevices(page: Page): Promise<void> {
  await page.goto('/geraete');
  await page.getByRole('heading', { level: 1, name: 'Geräte' }).waitFor();
  await appCard(page).getByRole('button', { name: 'Kontor-App einrichten' }).waitFor();
}

/** In an open AuthoriseDialog: ask for an SMS TAN and type the one that arrives. */
async function confirmBySms(page: Page, dialog: Locator, shot: string): Promise<void> {
  const mark = await outboxMark(ERIKA.phone!);
  await dialog.getByText('SMS-TAN', { exact: true }).click();
  await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
  await dialog.getByText(/^Wir haben Ihnen eine TAN per SMS an \+49 .+ gesendet\.$/).waitFor();
  expect(await dialog.getByRole('timer').textContent()).toMatch(/^[45]:\d\d$/);
  await dialog.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(ERIKA.phone!, mark));
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
}

/** Enrols an app by SMS TAN; returns its serial, read from the success notice. */
async function enrol(page: Page, name: string, shot: string): Promise<string> {
  await appCard(page).getByRole('textbox', { name: 'Name des Geräts' }).fill(name);
  await appCard(page).getByRole('button', { name: 'Kontor-App einrichten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontor-App einrichten' });
  await dialog.getByText(`Neues Gerät: „${name}“`).waitFor();
  await confirmBySms(page, dialog, `${shot}-tan`);
  await dialog.waitFor({ state: 'detached' });
  const notice = appCard(page).getByRole('status').filter({ hasText: `„${name}“ ist eingerichtet.` });
  await notice.waitFor();
  const serial = ((await notice.getByText(/^Seriennummer: /).textContent()) ?? '').replace('Seriennummer: ', '').trim();
  expect(serial).not.toBe('');
  const item = appList(page).locator(`[data-serial="${serial}"]`);
  await item.getByText(name, { exact: true }).waitFor();
  await item.getByText('Noch nicht verwendet').waitFor();
  // In the demo the companion page plays the phone.
  expect(await notice.getByRole('link', { name: 'Begleit-App öffnen' }).getAttribute('href')).toMatch(new RegExp(`/dev/app/${serial}$`));
  await screenshot(page, shot);
  return serial;
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  if (cleanup) await retireAll(cleanup).catch((error: unknown) => console.error('app-devices cleanup failed', error));
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('Kontor-App (/geraete)', () => {
  it('1280 px: enrol by SMS TAN, approve a new sign-in on the /dev/app page, remove by SMS TAN', async () => {
    const page = await freshPage('desktop');
    await signIn(page, ERIKA);
    cleanup = page;
    await openDevices(page);
    await appCard(page).getByText('Keine Kontor-App eingerichtet').waitFor();
    // Without an app the app-only settings are not offered.
    const settings = page.getByRole('region', { name: 'App-Einstellungen' });
    await settings.getByText('Diese Einstellungen wirken, sobald eine Kontor-App eingerichtet ist.').waitFor();
    expect(await settings.getByRole('radio', { name: 'Kontor-App' }).count()).toBe(0);

    const serial = await enrol(page, 'Testhandy 1280', 'app-devices-enrolled-desktop');
    await expectAccessible(page, 'Kontor-App');

    // Sign-ins now need the app; this session turned it on and stays approved.
    await settings.getByRole('radio', { name: 'Kontor-App' }).waitFor();
    const approveSignIns = settings.getByRole('checkbox', { name: /Neue Anmeldungen in der App bestätigen/ });
    await settings.getByText('Neue Anmeldungen in der App bestätigen').click();
    await expect.poll(() => approveSignIns.isChecked()).toBe(true);
    await settings.getByText('Geldbewegungen').click();
    await expect.poll(() => settings.getByRole('checkbox', { name: 'Geldbewegungen' }).isChecked()).toBe(false);
    await screenshot(page, 'app-devices-settings-desktop');

    // A second browser signs in: it waits for the app.
    const other = await freshPage('desktop');
    await other.goto('/anmelden');
    const mark = await outboxMark(ERIKA.phone!);
    await submitCredentials(other, ERIKA);
    await other.getByLabel('Code aus der SMS').fill(await waitForCode(ERIKA.phone!, mark));
    await other.getByRole('button', { name: 'Bestätigen' }).click();
    await other.getByRole('heading', { level: 1, name: 'Bitte bestätigen Sie die Anmeldung in der Kontor-App' }).waitFor();
    await other.getByText('Wir warten auf Ihre Freigabe …').waitFor();
    await screenshot(other, 'app-devices-sign-in-waiting-desktop');
    expect(await other.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(0);

    // The phone: the companion page lists the request; "Freigeben" lets the other browser in.
    const companion = await page.context().newPage();
    await companion.goto(`/dev/app/${serial}`);
    await companion.getByRole('heading', { name: 'Kontor-App auf „Testhandy 1280“' }).waitFor();
    await companion.getByText('Anmeldung im Browser bestätigen').waitFor();
    await screenshot(companion, 'app-devices-companion-desktop');
    await companion.getByRole('button', { name: 'Freigeben' }).click();
    await other.getByRole('navigation', { name: 'Hauptnavigation' }).first().waitFor();
    await companion.close();

    // Remove it: asked first, then a TAN.
    await openDevices(page);
    await appList(page).getByRole('button', { name: 'Testhandy 1280 entfernen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Kontor-App entfernen?' });
    await confirm.getByRole('button', { name: 'Entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entfernen bestätigen' });
    await dialog.getByText(`Gerät entfernen: „Testhandy 1280“ (${serial})`).waitFor();
    await confirmBySms(page, dialog, 'app-devices-retire-tan-desktop');
    await page.getByText('„Testhandy 1280“ wurde entfernt.').waitFor();
    await appCard(page).getByText('Keine Kontor-App eingerichtet').waitFor();
    await expect.poll(() => approveSignIns.isChecked()).toBe(false);
  });

  it('360 px: enrol by SMS TAN, open the /dev/app page, remove by approving in the app', async () => {
    const page = await freshPage('mobile');
    await signIn(page, ERIKA);
    cleanup ??= page;
    await openDevices(page);
    const serial = await enrol(page, 'Testhandy 360', 'app-devices-enrolled-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await appList(page).getByRole('button', { name: 'Testhandy 360 entfernen' }).click();
    await page.getByRole('alertdialog', { name: 'Kontor-App entfernen?' }).getByRole('button', { name: 'Entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entfernen bestätigen' });
    await dialog.getByText('Kontor-App „Testhandy 360“', { exact: true }).click();
    await expect.poll(() => dialog.getByRole('radio', { name: 'Kontor-App „Testhandy 360“' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'In der App bestätigen' }).click();
    await dialog.getByText('Bitte bestätigen Sie in der Kontor-App auf „Testhandy 360“.').waitFor();
    await screenshot(page, 'app-devices-retire-app-waiting-mobile');
    await expectAccessible(page, 'app-devices-retire-app-waiting');

    const companion = await page.context().newPage();
    await companion.goto(`/dev/app/${serial}`);
    await companion.getByText('Kontor-App „Testhandy 360“ entfernen').waitFor();
    await screenshot(companion, 'app-devices-companion-mobile');
    // The approval is a form post: the page closes only once the server has it.
    await Promise.all([companion.waitForResponse((r) => r.request().method() === 'POST'), companion.getByRole('button', { name: 'Freigeben' }).click()]);
    await companion.close();

    await page.getByText('„Testhandy 360“ wurde entfernt.').waitFor();
    await appCard(page).getByText('Keine Kontor-App eingerichtet').waitFor();
    await screenshot(page, 'app-devices-retired-mobile');
  });
});
