import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  api,
  confirmMobileNumber,
  createCustomer,
  launch,
  newContext,
  outboxMark,
  screenshot,
  expectAccessible,
  signIn,
  signInWithTotpSetup,
  uniquePhone,
  waitForCode,
} from './browser';

/**
 * Geldtransfer (issue 15): one fresh customer walks through it — a deposit by transfer booked on
 * the next banking day, a payout by SMS TAN executed on the next, a payout approved in the Kontor
 * app, and a TAN locked after five wrong answers — on a laptop (1280 px) and a phone (360 px).
 * The tests run in order and share the customer's account. "Zeit vorspulen" moves the server's
 * clock for everyone: two banking days, so the market of the later files is still open.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
let customer: Customer;
let desktop: Page;
let phone: Page;

const REFERENCE_IBAN = 'DE89 3704 0044 0532 0130 00';

async function freshPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

/** "Zeit vorspulen": the clock moves and the jobs that fell due (booking, execution) run. */
async function advanceClock(page: Page, days: number): Promise<void> {
  const res = await api(page, 'POST', '/api/dev/clock/advance', { days });
  expect(res.status).toBe(200);
}

async function openMoney(page: Page): Promise<void> {
  await page.goto('/geldtransfer');
  await page.getByRole('heading', { level: 1, name: 'Geldtransfer' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Verrechnungskonto' }).waitFor();
}

const history = (page: Page) => page.getByRole('region', { name: 'Kontoumsätze' });
const figure = (page: Page, name: string) => page.locator(`[data-cash="${name}"] dd`);

/** Types the amount into the payout form and goes on to the authorisation dialog. */
async function startPayout(page: Page, amount: string) {
  const form = page.getByRole('form', { name: 'Auszahlen' });
  await form.getByRole('textbox', { name: 'Betrag in €' }).fill(amount);
  await form.getByRole('button', { name: 'Weiter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auszahlung bestätigen' });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  browser = await launch();
  customer = await createCustomer('money', { phone: uniquePhone() });
  desktop = await freshPage('desktop');
  await signInWithTotpSetup(desktop, customer);
  await confirmMobileNumber(desktop, customer.phone!);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('Geldtransfer (/geldtransfer)', () => {
  it('a deposit by transfer is booked on the next banking day and shows in the Kontoumsätze (1280 px)', async () => {
    await openMoney(desktop);
    await history(desktop).getByRole('heading', { name: 'Noch keine Umsätze – zahlen Sie Geld ein' }).waitFor();
    const details = desktop.getByLabel('Bankverbindung für Ihre Überweisung');
    await details.getByText('DE02 1203 0000 0000 2020 51').waitFor();
    expect(await details.getByRole('button', { name: 'Verwendungszweck kopieren' }).count()).toBe(1);
    await screenshot(desktop, 'money-empty-desktop');

    const simulate = desktop.getByRole('form', { name: 'Überweisung simulieren' });
    await simulate.getByRole('textbox', { name: 'Betrag in €' }).fill('5.000,00');
    await simulate.getByRole('button', { name: 'Überweisung simulieren' }).click();
    await simulate.getByText(/^Wird am \d\d\.\d\d\.\d{4} gutgeschrieben\.$/).waitFor();
    expect(await figure(desktop, 'availableToBuy').textContent()).toBe('0,00\u00a0€');

    // "Zeit vorspulen" in the footer: one day on, the transfer is booked and every page refreshes.
    const timeTravel = desktop.getByRole('region', { name: 'Zeit vorspulen' });
    await timeTravel.getByRole('radio', { name: '1 Tag' }).click();
    await timeTravel.getByRole('button', { name: 'Vorspulen' }).click();
    await desktop.getByText(/fällige[rs]? Vorg[aä]nge? ausgeführt/).waitFor();
    const row = history(desktop).getByRole('row').filter({ hasText: '+5.000,00' });
    await row.waitFor();
    expect(await row.getAttribute('data-entry-kind')).toBe('deposit');
    // The figures are asked again beside the history: they may follow it a moment later.
    await expect.poll(() => figure(desktop, 'availableToBuy').textContent(), { timeout: 30_000 }).toBe('5.000,00\u00a0€');
    await expect.poll(() => figure(desktop, 'balance').textContent(), { timeout: 30_000 }).toBe('5.000,00\u00a0€');
    await screenshot(desktop, 'money-deposit-desktop');
    await expectAccessible(desktop, 'money-deposit');

    // The CSV export goes out with the session cookie.
    const csv = await desktop.request.get((await history(desktop).getByRole('link', { name: 'CSV exportieren' }).getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^\ufeff?Buchungstag;Valuta;Buchungstext;Betrag \(EUR\);Saldo \(EUR\)\r\n.*;5000,00;5000,00/s);
  });

  it('a payout with an SMS TAN: "Auszahlung beauftragt", executed on the next banking day (360 px)', async () => {
    phone = await freshPage('mobile');
    await signIn(phone, customer);
    await openMoney(phone);

    // No reference account yet: the customer names it first; a wrong check digit is refused as typed.
    const reference = phone.getByRole('form', { name: 'Referenzkonto hinterlegen' });
    await reference.getByRole('textbox', { name: 'IBAN Ihres Referenzkontos' }).fill('DE89 3704 0044 0532 0130 01');
    await reference.getByRole('button', { name: 'Referenzkonto speichern' }).click();
    await reference.getByText('Die IBAN ist ungültig. Bitte prüfen Sie die Eingabe.').waitFor();
    await reference.getByRole('textbox', { name: 'IBAN Ihres Referenzkontos' }).fill(REFERENCE_IBAN);
    await reference.getByRole('button', { name: 'Referenzkonto speichern' }).click();
    await phone.getByRole('form', { name: 'Auszahlen' }).waitFor();
    await phone.getByText('DE89 •••• 3000').first().waitFor();

    const dialog = await startPayout(phone, '1.000');
    await dialog.getByText('1.000,00 €').waitFor();
    const mark = await outboxMark(customer.phone!);
    await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
    await dialog.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(customer.phone!, mark));
    await screenshot(phone, 'money-payout-tan-mobile');
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await phone.getByText('Auszahlung beauftragt').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const open = phone.getByRole('region', { name: 'Offene Auszahlungen' });
    await open.getByText('1.000,00 €').waitFor();
    await phone.locator('[data-cash="availableToPayout"] dd', { hasText: '4.000,00' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'money-payout-ordered-mobile');

    await advanceClock(phone, 1);
    await openMoney(phone);
    const entry = history(phone).locator('[data-entry-kind="payout"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('\u22121.000,00');
    expect(await entry.textContent()).toContain('Auszahlung an DE89 •••• 3000 (ausgeführt)');
    expect(await phone.getByRole('region', { name: 'Offene Auszahlungen' }).count()).toBe(0);
    expect(await figure(phone, 'balance').textContent()).toBe('4.000,00\u00a0€');
    await screenshot(phone, 'money-history-mobile');
    await expectAccessible(phone, 'money-history');
  });

  it('a payout approved in the Kontor app on its /dev/app page (1280 px)', async () => {
    // Enrol an app with an SMS TAN, as the devices page does.
    const mark = await outboxMark(customer.phone!);
    const challenge = await api(desktop, 'POST', '/api/ticket/requesttan?useSpeech=false', { type: 'ENROLL_DEVICE', deviceName: 'Testhandy' });
    expect(challenge.status).toBeLessThan(300);
    const ticket = (challenge.json as { ticket: string }).ticket;
    const verified = await api(desktop, 'POST', '/api/ticket/verify', { ticket, tan: await waitForCode(customer.phone!, mark) });
    expect(verified.status).toBeLessThan(300);
    const enrolled = await api(desktop, 'POST', '/api/appenrollment', { deviceName: 'Testhandy', authorisation: verified.json });
    expect(enrolled.status).toBe(201);
    const { serial } = enrolled.json as { serial: string };

    await openMoney(desktop);
    const dialog = await startPayout(desktop, '250');
    await dialog.getByText('Kontor-App „Testhandy“').click();
    await dialog.getByRole('button', { name: 'In der App bestätigen' }).click();
    await dialog.getByText('Bitte bestätigen Sie in der Kontor-App auf „Testhandy“.').waitFor();
    await screenshot(desktop, 'money-payout-app-waiting-desktop');

    // The phone: the companion page shows what is to be approved.
    const app = await desktop.context().newPage();
    await app.goto(`/dev/app/${encodeURIComponent(serial)}`);
    await app.getByText(/250,00/).first().waitFor();
    await screenshot(app, 'money-dev-app-desktop');
    // The page reloads itself every 3 s; a click that a reload swallowed is made again.
    for (let attempt = 0; ; attempt++) {
      await app.getByRole('button', { name: 'Freigeben' }).first().click({ timeout: 30_000 });
      const done = await app.getByText(/Keine offenen Freigaben/).waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (done) break;
      if (attempt === 2) throw new Error('the approval did not go through on the /dev/app page');
    }
    await app.close();

    await desktop.getByText('Auszahlung beauftragt').waitFor({ timeout: 30_000 });
    await desktop.getByRole('region', { name: 'Offene Auszahlungen' }).getByText('250,00 €').waitFor();
    await screenshot(desktop, 'money-payout-app-desktop');

    // Until its banking day the payout can be cancelled; the money is available again.
    await desktop.getByRole('button', { name: /^Auszahlung über 250,00\s€ stornieren$/ }).click();
    const confirm = desktop.getByRole('alertdialog', { name: 'Auszahlung stornieren?' });
    await confirm.getByRole('button', { name: 'Auszahlung stornieren' }).click();
    await desktop.getByText('Die Auszahlung wurde storniert.').waitFor();
    await desktop.locator('[data-cash="availableToPayout"] dd', { hasText: '4.000,00' }).waitFor();
    await history(desktop).getByText('Storno Auszahlung').waitFor();
  });

  it('a direct debit: the SEPA mandate signed by TAN, buying power at once, and a returned debit booked back (1280 px)', async () => {
    await openMoney(desktop);
    await desktop.getByRole('tab', { name: 'Lastschrift' }).click();
    await desktop.getByText('DE98ZZZ09999999999').waitFor();
    await desktop.getByRole('button', { name: 'SEPA-Lastschriftmandat erteilen' }).click();
    const dialog = desktop.getByRole('dialog', { name: 'Lastschriftmandat bestätigen' });
    await dialog.getByText('SMS-TAN', { exact: true }).click();
    const mark = await outboxMark(customer.phone!);
    await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
    await dialog.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(customer.phone!, mark));
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desktop.getByText(/^KONTOR-[0-9A-F]+$/).waitFor();

    const before = (await figure(desktop, 'availableToBuy').textContent()) ?? '';
    const form = desktop.getByRole('form', { name: 'Per Lastschrift einzahlen' });
    await form.getByRole('textbox', { name: 'Betrag in €' }).fill('1.500');
    await form.getByRole('button', { name: 'Lastschrift beauftragen' }).click();
    await form.getByText(/^1\.500,00\s€ werden eingezogen\. 1\.000,00\s€ stehen Ihnen sofort zum Handeln zur Verfügung; abgerechnet wird am \d\d\.\d\d\.\d{4}\.$/).waitFor();
    await desktop.locator('[data-cash="notYetSettled"] dd', { hasText: '1.000,00' }).waitFor();
    expect(await figure(desktop, 'availableToBuy').textContent()).not.toBe(before);
    await screenshot(desktop, 'money-debit-desktop');

    const debits = desktop.getByRole('region', { name: 'Ihre Lastschriften' });
    await debits.getByText('In Abrechnung').waitFor();
    await debits.getByRole('button', { name: 'Rücklastschrift simulieren' }).click();
    await debits.getByText('Zurückgegeben').waitFor();
    await history(desktop).locator('[data-entry-kind="debit_return"]').waitFor();
    await screenshot(desktop, 'money-debit-returned-desktop');
    await expectAccessible(desktop, 'money-debit-returned');
  });

  // Last: five wrong TANs in a row lock TAN authorisation for the customer for 30 minutes (decision 030).
  it('five wrong TANs in a row lock TAN authorisation, and the dialog says until when (360 px)', async () => {
    await openMoney(phone);
    const dialog = await startPayout(phone, '100');
    await dialog.getByText('SMS-TAN', { exact: true }).click();
    const mark = await outboxMark(customer.phone!);
    await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
    const right = await waitForCode(customer.phone!, mark);
    const wrong = right === '000000' ? '111111' : '000000';
    const field = dialog.getByRole('textbox', { name: 'TAN' });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await field.fill(wrong);
      await dialog.getByRole('button', { name: 'Bestätigen' }).click();
      // A refused TAN empties the field and marks it invalid with the server's words.
      await phone.waitForFunction(() => {
        const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[aria-invalid="true"]');
        return input !== null && input.value === '';
      });
    }
    // The answer before the last attempt warns the customer.
    await dialog.getByText(/Achtung: Sie haben noch einen Versuch/).waitFor();
    await screenshot(phone, 'money-tan-last-attempt-mobile');
    await field.fill(wrong);
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await dialog.getByText('Die Bestätigung per TAN ist vorübergehend gesperrt.').waitFor();
    await dialog.getByText(/für 30 Minuten gesperrt, bis \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/).waitFor();
    await screenshot(phone, 'money-tan-locked-mobile');
    // Not even the right TAN helps now, nor a new one: the dialog offers none.
    expect(await dialog.getByRole('textbox', { name: 'TAN' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Neue TAN anfordern' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();
    expect(await phone.getByRole('region', { name: 'Offene Auszahlungen' }).getByText('100,00 €').count()).toBe(0);
  });
});
