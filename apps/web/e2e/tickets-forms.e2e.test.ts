import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  VIEWPORTS,
  api,
  confirmMobileNumber,
  createCustomer,
  launch,
  newContext,
  outboxMark,
  screenshot,
  expectAccessible,
  signInWithTotpSetup,
  uniquePhone,
  waitForCode,
} from './browser';

/**
 * Service requests (issue 18): a fresh customer changes her address with a TAN and sees it carried
 * out by the back office once the clock moved on, and sets a Freistellungsauftrag of 801 € after
 * viewing its PDF preview — each at 1280 px, then resized to 360 px; and changes her mobile number
 * with a TAN to the current number and the code sent to the new one.
 */

let browser: Browser;
let context: BrowserContext;
let customer: Customer;
let page: Page;
const SOON = { timeout: 30_000 };

beforeAll(async () => {
  browser = await launch();
  customer = await createCustomer('tickets', { phone: uniquePhone() });
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  await signInWithTotpSetup(page, customer);
  await confirmMobileNumber(page, customer.phone!);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** From the review on: "Mit TAN bestätigen", an SMS TAN from the outbox, and the ticket page. */
async function confirmByTan(dialogTitle: string): Promise<string> {
  await page.getByRole('button', { name: 'Mit TAN bestätigen' }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.waitFor();
  const mark = await outboxMark(customer.phone!);
  await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
  await dialog.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(customer.phone!, mark));
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
  await page.waitForURL(/\/service\/[0-9a-f-]{36}$/, SOON);
  await page.getByText('Ihr Auftrag ist eingegangen').first().waitFor();
  return new URL(page.url()).pathname;
}

/** The back office takes up a ticket an hour after it was submitted. */
async function moveClock(hours: number) {
  expect((await api(page, 'POST', '/api/dev/clock/advance', { hours })).status).toBe(200);
}

const fieldsOf = (form: Locator) => ({
  text: (name: string) => form.getByRole('textbox', { name, exact: true }),
});

describe('Serviceaufträge (forms)', () => {
  it('a new address, confirmed by TAN, is carried out after the clock moved: the ticket is "Geschlossen" and the Posteingang has the confirmation', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/service/neu');
    await page.getByRole('heading', { level: 1, name: 'Neuer Serviceauftrag' }).waitFor();
    await screenshot(page, 'tickets-chooser-desktop');
    await expectAccessible(page, 'tickets-chooser');
    await page.getByRole('link', { name: 'Adresse ändern' }).click();
    const form = page.getByRole('form', { name: 'Adresse ändern' });
    await form.waitFor();
    const { text } = fieldsOf(form);
    await text('Straße').fill('Unter den Linden');
    await text('Hausnummer').fill('5');
    await text('Postleitzahl').fill('1011');
    await text('Ort').fill('Berlin');
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await form.getByText('Diese Postleitzahl passt nicht zu Deutschland.').waitFor();
    await screenshot(page, 'tickets-address-error-desktop');
    await text('Postleitzahl').fill('10117');
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await page.getByText('Unter den Linden 5, 10117 Berlin, Deutschland').waitFor();
    await screenshot(page, 'tickets-address-review-desktop');
    const ticketUrl = await confirmByTan('Auftrag bestätigen: Adresse ändern');

    await moveClock(2);
    const ticketState = async () => ((await api(page, 'GET', `/api/ticket/${ticketUrl.split('/').at(-1)}`)).json as { state: string }).state;
    await expect.poll(ticketState, SOON).toBe('CLOSED');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(ticketUrl);
    await page.getByText('Geschlossen').first().waitFor(SOON);
    await screenshot(page, 'tickets-address-closed-mobile');
    await expectAccessible(page, 'tickets-address-closed');

    const settings = (await api(page, 'GET', '/api/usersettings')).json as { address: { street: string; postalCode: string } | null };
    expect(settings.address).toMatchObject({ street: 'Unter den Linden', postalCode: '10117' });
    await page.goto('/posteingang');
    await page.getByText('Bestätigung: Adresse ändern').first().waitFor(SOON);
    await screenshot(page, 'tickets-address-posteingang-mobile');
  });

  it('a Freistellungsauftrag of 801 €: sent only after its PDF preview was shown, then in effect', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/service/neu/EXEMPTION_ORDER');
    const form = page.getByRole('form', { name: 'Freistellungsauftrag' });
    await form.waitFor();
    await fieldsOf(form).text('Freistellungsbetrag in Euro').fill('801,00');
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await form.getByText('Bitte sehen Sie sich vor dem Absenden die Vorschau (PDF) Ihres Freistellungsauftrags an.').waitFor();
    await screenshot(page, 'tickets-exemption-form-desktop');
    await expectAccessible(page, 'tickets-exemption-form');

    await page.setViewportSize(VIEWPORTS.mobile);
    await form.getByRole('button', { name: 'Vorschau (PDF)' }).click();
    const viewer = page.getByRole('dialog', { name: 'Vorschau: Freistellungsauftrag' });
    await viewer.getByRole('img', { name: /^Seite 1 von \d+/ }).waitFor(SOON);
    await expect.poll(() => viewer.getByRole('region', { name: 'Dokumentansicht' }).getAttribute('aria-busy'), SOON).toBe('false');
    await screenshot(page, 'tickets-exemption-preview-mobile');
    await viewer.getByRole('button', { name: 'Dokument schließen' }).click();

    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await page.getByText('801,00\u00a0€').first().waitFor();
    await screenshot(page, 'tickets-exemption-review-mobile');
    await confirmByTan('Auftrag bestätigen: Freistellungsauftrag');
    await screenshot(page, 'tickets-exemption-ticket-mobile');

    await moveClock(2);
    const settings = (await api(page, 'GET', '/api/usersettings')).json as { exemptionOrders: { amount: string }[] };
    expect(settings.exemptionOrders.map((o) => o.amount)).toContain('801.00');
  });

  // Last: it moves the customer's TANs to another phone.
  it('a new mobile number: the request by TAN to the current number, then the code sent to the new number; carried out, the account has the new number', async () => {
    const newPhone = uniquePhone();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/service/neu/MOBILE_NUMBER');
    const form = page.getByRole('form', { name: 'Mobilnummer ändern' });
    await form.waitFor();
    await fieldsOf(form).text('Neue Mobilnummer').fill(newPhone);
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await page.getByText(/Eine neue Mobilnummer bestätigen Sie in zwei Schritten/).waitFor();
    await page.getByRole('button', { name: 'Mit TAN bestätigen' }).click();

    // Step 1: the TAN goes to the number the account has now.
    const request = page.getByRole('dialog', { name: 'Auftrag mit TAN bestätigen' });
    await request.waitFor();
    const oldMark = await outboxMark(customer.phone!);
    const newMark = await outboxMark(newPhone);
    await request.getByRole('button', { name: 'TAN anfordern' }).click();
    await request.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(customer.phone!, oldMark));
    await request.getByRole('button', { name: 'Bestätigen' }).click();

    // Step 2: the code goes to the new number.
    const proof = page.getByRole('dialog', { name: 'Neue Mobilnummer bestätigen' });
    await proof.getByText(/Schritt 2 von 2/).waitFor(SOON);
    await screenshot(page, 'tickets-mobile-number-second-step-desktop');
    await expectAccessible(page, 'tickets-mobile-number-second-step');
    await proof.getByRole('button', { name: 'TAN anfordern' }).click();
    await proof.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(newPhone, newMark));
    await proof.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/service\/[0-9a-f-]{36}$/, SOON);
    await page.getByText('Ihr Auftrag ist eingegangen').first().waitFor();

    await moveClock(2);
    await expect.poll(async () => ((await api(page, 'GET', '/api/user/me')).json as { phoneNumber: string }).phoneNumber, SOON).toBe(newPhone);
  });
});
