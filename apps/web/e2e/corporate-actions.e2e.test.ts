import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  api,
  confirmMobileNumber,
  createCustomer,
  expectAccessible,
  launch,
  newContext,
  noHorizontalScroll,
  outboxMark,
  screenshot,
  signInWithTotpSetup,
  uniquePhone,
  VIEWPORTS,
  waitForCode,
} from './browser';

/**
 * A rights issue (Kapitalerhöhung gegen Bareinlage, issue 20) as a fresh customer meets it: she
 * holds 20 Merck, the custodian announces a rights issue (dev route; 10 : 1 or 5 : 1, as its terms fall on the day), the list counts down
 * to the deadline, the rights come into the depot on the ex date, she subscribes by her rights with
 * an SMS TAN after the preview, and on the pay date the two new shares are in the depot and the
 * statement in the Posteingang. 1280 px, the key screens again at 360 px. One browser, one page;
 * the clock moves by whole days to banking days, so the market stays open for the files after.
 */

const MERCK = 'DE0006599905';

type Event = { id: string; isin: string; type: string; exDate: string; payDate: string; ratio: { old: string; new: string }; statementDocumentIds: string[] };

/** New shares that 20 rights subscribe at the event's ratio (whole subscriptions only). */
const newShares = (e: Event) => Math.floor(20 / Number(e.ratio.old)) * Number(e.ratio.new);
const rightsUsed = (e: Event) => (newShares(e) / Number(e.ratio.new)) * Number(e.ratio.old);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: Customer;
let event: Event;

/** Berlin's date and minute of the day now, on the server's (simulated) clock. */
async function serverNow(p: Page): Promise<{ date: string; minutes: number }> {
  const { now } = (await api(p, 'GET', '/api/dev/clock')).json as { now: string };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(now))
      .map((x) => [x.type, x.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "Zeit vorspulen" to `date` (a banking day), at least to `notBefore` minutes of that day: the jobs that fell due run. */
async function advanceTo(p: Page, date: string, notBefore: number): Promise<void> {
  const now = await serverNow(p);
  const days = Math.round((Date.parse(date) - Date.parse(now.date)) / 86_400_000);
  const hours = now.minutes < notBefore ? Math.ceil((notBefore - now.minutes) / 60) : 0;
  if (days <= 0 && hours === 0) return;
  const res = await api(p, 'POST', '/api/dev/clock/advance', { days: Math.max(days, 0), hours });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

async function fetchEvent(p: Page): Promise<Event> {
  const res = await api(p, 'GET', `/api/ca/ankuendigung/${encodeURIComponent(event.id)}`);
  expect(res.status).toBe(200);
  return res.json as Event;
}

async function openEvent(p: Page): Promise<void> {
  await p.goto(`/kapitalmassnahmen/${encodeURIComponent(event.id)}`);
  await p.getByRole('heading', { level: 1, name: 'Kapitalerhöhung gegen Bareinlage: Merck KGaA' }).waitFor();
}

const fact = (p: Page, name: string) => p.locator(`[data-ca-fact="${name}"] dd`);
const line = (p: Page, name: string) => p.locator(`[data-ca-line="${name}"] dd`);

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  // A wait that fails names its locator well inside the test's minute.
  page.setDefaultTimeout(30_000);
  customer = await createCustomer('kapital', { phone: uniquePhone() });
  await signInWithTotpSetup(page, customer);
  await confirmMobileNumber(page, customer.phone!);
  expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
  const bought = await api(page, 'POST', '/api/trading', { isin: MERCK, side: 'buy', kind: 'market', quantity: '20', validity: { type: 'day' } }, { 'idempotency-key': crypto.randomUUID() });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  // The custodian announces a rights issue on her holding.
  const announced = await api(page, 'POST', '/api/dev/ca/announce', { isin: MERCK, type: 'KAP' });
  expect(announced.status, JSON.stringify(announced.json)).toBeLessThan(300);
  const list = (await api(page, 'GET', '/api/ca/ankuendigung')).json as { items: Event[] };
  event = list.items.find((e) => e.isin === MERCK && e.type === 'KAP')!;
  expect(event).toBeDefined();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a rights issue from announcement to booking', () => {
  it('is listed open with the time left to the deadline, and shows its terms (1280 px)', async () => {
    await page.goto('/kapitalmassnahmen');
    await page.getByRole('heading', { level: 1, name: 'Kapitalmaßnahmen' }).waitFor();
    const item = page.locator(`[data-ca-event="${event.id}"]`);
    await item.getByText(/^Noch \d+ Tage? \d+ Std\.$/).waitFor();
    expect(await item.getAttribute('data-ca-status')).toBe('OFFEN');
    await item.getByText('Weisung offen').waitFor();
    await item.getByText('Kapitalerhöhung gegen Bareinlage · DE0006599905').waitFor();
    await screenshot(page, 'corporate-actions-list-desktop');
    await expectAccessible(page, 'corporate-actions-list', ['desktop']);

    await item.getByRole('link', { name: 'Merck KGaA' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kapitalerhöhung gegen Bareinlage: Merck KGaA' }).waitFor();
    expect(await fact(page, 'ratio').textContent()).toBe(`${event.ratio.old} : ${event.ratio.new}`);
    expect(await fact(page, 'entitled').textContent()).toBe('20 Stück');
    expect(await fact(page, 'price').textContent()).toMatch(/^\d+,\d\d\s€$/);
    await page.getByRole('link', { name: 'Bedingungen des Angebots' }).waitFor();
    // The default is chosen and previewed: every right sold.
    const byDefault = page.getByRole('radio', { name: /Alle Bezugsrechte verkaufen \(Standard, wenn Sie keine Weisung erteilen\)/ });
    expect(await byDefault.isChecked()).toBe(true);
    await page.locator('[data-ca-preview]').waitFor();
    await screenshot(page, 'corporate-actions-terms-desktop');
  });

  it('the rights come into the depot on the ex date; subscribing by them is previewed and confirmed with an SMS TAN; 360 px', async () => {
    await advanceTo(page, event.exDate, 6 * 60 + 5);
    await page.goto('/depot');
    const rights = page.locator(`[data-rights-of="${event.id}"]`);
    await rights.getByText('Bezugsrecht', { exact: true }).waitFor();
    // Valued like any position from the quote stream (the theoretical value of a right).
    await rights.getByText(/^\d+,\d\d\s€$/).first().waitFor();
    await screenshot(page, 'corporate-actions-depot-rights-desktop');

    await openEvent(page);
    expect(await fact(page, 'rights').textContent()).toBe('20');
    // The radio's input is visually hidden: the customer clicks its label.
    await page.locator('label').filter({ hasText: 'Aktien gemäß Bezugsrechtsbestand beziehen' }).click();
    expect(await page.getByRole('radio', { name: 'Aktien gemäß Bezugsrechtsbestand beziehen' }).isChecked()).toBe(true);
    await line(page, `in-${MERCK}`).getByText(`+${newShares(event)}`).waitFor();
    expect(await line(page, 'rightsUsed').textContent()).toBe(String(rightsUsed(event)));
    expect(await line(page, 'costs').textContent()).toBe('1,00\u00a0€');
    const debit = (await line(page, 'cashDebit').textContent()) ?? '';
    expect(debit).toMatch(/^−\d+,\d\d\s€$/);
    await page.locator('[data-ca-booked-on]').getByText(/^Wird am \d\d\.\d\d\.\d{4} gebucht\.$/).waitFor();
    await expectAccessible(page, 'Aktien gemäß Bezugsrechtsbestand beziehen');

    await page.getByRole('button', { name: 'Weisung erteilen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weisung bestätigen' });
    await dialog.waitFor();
    await dialog.getByText(debit.replace('−', '')).waitFor();
    const mark = await outboxMark(customer.phone!);
    await dialog.getByRole('button', { name: 'TAN anfordern' }).click();
    await dialog.getByRole('textbox', { name: 'TAN' }).fill(await waitForCode(customer.phone!, mark));
    await screenshot(page, 'corporate-actions-tan-desktop');
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Ihre Weisung ist erteilt.').waitFor();
    await page.getByText('Ihre Weisung: Aktien gemäß Bezugsrechtsbestand beziehen').waitFor();
    await page.getByText(/^Änderbar bis \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr – Noch /).waitFor();
    await page.getByRole('button', { name: 'Weisung ändern' }).waitFor();
    await screenshot(page, 'corporate-actions-instructed-desktop');
    await expectAccessible(page, 'corporate-actions-instructed', ['desktop']);

    await page.setViewportSize(VIEWPORTS.mobile);
    await openEvent(page);
    await page.getByText('Ihre Weisung: Aktien gemäß Bezugsrechtsbestand beziehen').waitFor();
    await page.locator('[data-ca-preview]').waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'corporate-actions-instructed-mobile');
    await expectAccessible(page, 'corporate-actions-instructed', ['mobile']);
    await page.goto('/kapitalmassnahmen');
    await page.locator(`[data-ca-event="${event.id}"]`).getByText('Weisung erteilt').waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'corporate-actions-list-mobile');
    await expectAccessible(page, 'corporate-actions-list', ['mobile']);
    await page.setViewportSize(VIEWPORTS.desktop);
    // Two pages at two widths with axe each: about 40 s alone, more on a busy runner.
  }, 240_000);

  it('on the pay date the new shares are in the depot and the statement is in the Posteingang', async () => {
    await advanceTo(page, event.payDate, 6 * 60 + 35);
    await page.goto('/depot');
    await page.locator(`[data-isin="${MERCK}"]`).getByText(String(20 + newShares(event)), { exact: true }).waitFor();
    expect(await page.locator(`[data-rights-of="${event.id}"]`).count()).toBe(0);

    const booked = await fetchEvent(page);
    expect(booked.statementDocumentIds.length).toBeGreaterThan(0);
    await openEvent(page);
    await page.getByText('Gebucht', { exact: true }).first().waitFor();
    await screenshot(page, 'corporate-actions-booked-desktop');
    await page.locator(`[data-ca-statement="${booked.statementDocumentIds[0]}"]`).click();
    await page.waitForURL((url) => url.pathname === '/posteingang' && url.searchParams.get('doc') === booked.statementDocumentIds[0]);
    await page.getByText(/Kapitalerhöhung/).first().waitFor();
    await screenshot(page, 'corporate-actions-statement-desktop');

    await page.setViewportSize(VIEWPORTS.mobile);
    await openEvent(page);
    await noHorizontalScroll(page);
    await screenshot(page, 'corporate-actions-booked-mobile');
    await expectAccessible(page, 'corporate-actions-booked');
  });
});
