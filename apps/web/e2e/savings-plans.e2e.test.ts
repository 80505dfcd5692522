import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, exchangeDayOnOrAfter, isoWeekday, type IsoDate } from '@kontor/domain/banking-days';
import { DEMO, VIEWPORTS, api, screenshot, expectAccessible, signIn, browserForFile } from './browser';

const files = browserForFile();

/** Vanguard FTSE All-World: an ETF a savings plan can buy (in fractions), and not yet one of the demo's plans. */
const ETF = 'IE00BK5BQT80';
const SOON = { timeout: 30_000 };
const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'];

/** The Berlin calendar date ("2026-11-30") and hour of an instant. */
const berlinDate = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(instant));
const berlinHour = (instant: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(new Date(instant)));

async function serverNow(page: Page): Promise<string> {
  const res = await api(page, 'GET', '/api/dev/clock');
  expect(res.status).toBe(200);
  return (res.json as { now: string }).now;
}

/** The first Monday–Friday after the server's today: the plan's first day. */
/** The first exchange day after today (a plan executes on exchange days: not on a weekend, nor on 24–26 December). */
function nextExchangeDay(today: string): { date: string; weekday: number } {
  const date = exchangeDayOnOrAfter(addCalendarDays(today as IsoDate, 1));
  return { date, weekday: isoWeekday(date) };
}

/** DELETE without a body (the `api` helper always sends a JSON content type, which asks for one). */
async function remove(page: Page, path: string): Promise<number> {
  return page.evaluate(async (path) => {
    const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
    const res = await fetch(path, { method: 'DELETE', credentials: 'include', headers: xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {} });
    return res.status;
  }, path);
}

/**
 * The executions of this test bring the demo customer notifications ("Sparplan ausgeführt", new
 * documents); the other browser tests share the customer and count its bell, so they go again.
 */
async function removeNotificationsSince(page: Page, since: string) {
  const { items } = (await api(page, 'GET', '/api/notification')).json as { items: { id: string; createdAt: string }[] };
  for (const n of items.filter((i) => i.createdAt >= since)) expect(await remove(page, `/api/notification/${n.id}`)).toBeLessThan(300);
}

/** The browser tests share one server whose market must stay open: after a jump to a savings day, move on to 10:00 there. */
async function backToTradingHours(page: Page) {
  const hour = berlinHour(await serverNow(page));
  if (hour < 10) expect((await api(page, 'POST', '/api/dev/clock/advance', { hours: 10 - hour })).status).toBe(200);
}

describe('Sparpläne', () => {
  it('a plan from the instrument page: costs before creating, executed on its day with order and document, paused, deleted — at 1280 and 360 px', async () => {
    const page = await files.context.newPage();
    await signIn(page, DEMO);
    const start = await serverNow(page);
    const first = nextExchangeDay(berlinDate(start));
    // A plan of this ETF left by an earlier run on the same server would refuse a second one.
    const plans = (await api(page, 'GET', '/api/savingsplan')).json as { plans: { id: string; isin: string; state: string }[] };
    for (const p of plans.plans.filter((x) => x.isin === ETF && x.state !== 'deleted')) expect(await remove(page, `/api/savingsplan/${p.id}`)).toBe(200);

    // From the ETF's page to the form, with this instrument.
    await page.goto(`/wertpapier/${ETF}`);
    await page.getByRole('link', { name: 'Sparplan anlegen' }).click();
    await page.waitForURL(`**/sparplaene/neu?isin=${ETF}`);
    const form = page.getByRole('form', { name: 'Neuer Sparplan' });
    await form.getByRole('textbox', { name: 'Sparrate' }).fill('50');
    await form.getByText('wöchentlich', { exact: true }).click();
    await form.getByRole('button', { name: /Ausführungstag/ }).click();
    await page.getByRole('option', { name: WEEKDAYS[first.weekday - 1] }).click();
    await form.getByLabel('Erste Ausführung ab').fill(first.date);

    // The ex-ante costs: no fee per execution, 52 executions a year, from the price list.
    const preview = form.locator('[data-preview]');
    await preview.getByText('Sparsumme pro Jahr (52 Ausführungen)').waitFor(SOON);
    await expect.poll(() => preview.getAttribute('aria-busy'), SOON).toBe('false');
    expect(await preview.locator('[data-cost="fee"]').textContent()).toBe('0,00\u00a0€');
    expect(await preview.locator('[data-cost="total"]').textContent()).toMatch(/^\d+,\d{2}\u00a0€ \(\d+,\d{2}\u00a0%\)$/);
    expect(await preview.locator('[data-first-execution]').textContent()).toBe(first.date.split('-').reverse().join('.'));
    await screenshot(page, 'savings-plans-new-desktop');
    await expectAccessible(page, 'savings-plans-new');

    await form.getByRole('button', { name: 'Sparplan anlegen' }).click();
    await page.waitForURL(/\/sparplaene\/(?!neu)[^/?]+$/, SOON);
    const planUrl = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: /FTSE All-World/ }).waitFor();

    // "Zum nächsten Sparplantermin" until this plan has run (the demo's own plans may come first).
    const history = page.getByRole('grid', { name: 'Ausführungen' });
    for (let i = 0; i < 4 && !(await history.isVisible()); i++) {
      const strip = page.getByRole('region', { name: 'Zeit vorspulen' });
      await strip.getByRole('button', { name: 'Zum nächsten Sparplantermin' }).click();
      await page.getByText(/^Jetzt \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\. \d+ fällige/).last().waitFor(SOON);
      await page.goto(planUrl);
      await page.getByRole('heading', { level: 1, name: /FTSE All-World/ }).waitFor();
    }
    await backToTradingHours(page);
    const row = history.locator('[data-execution="executed"]').first();
    await row.getByText('Ausgeführt').waitFor(SOON);
    await page.locator('[data-plan-chart][data-points]').waitFor(SOON);
    await screenshot(page, 'savings-plans-detail-desktop');
    await expectAccessible(page, 'savings-plans-detail');

    // The document of the execution under "Sparpläne" in the Posteingang.
    const documentHref = (await row.getByRole('link', { name: 'Abrechnung' }).getAttribute('href')) ?? '';
    const documentId = new URL(documentHref, 'http://x').searchParams.get('doc');
    expect(documentId).toBeTruthy();

    // The order of kind Sparplan: in the list, and its detail offers no cancellation.
    await row.getByRole('link', { name: 'Order' }).click();
    await page.waitForURL(/\/orders\/[^/]+$/);
    const orderId = page.url().split('/').pop()!;
    await page.getByText('Kauf · Sparplan').first().waitFor(SOON);
    expect(await page.getByRole('button', { name: 'Order streichen' }).count()).toBe(0);
    await page.goto('/orders');
    await page.locator(`[data-order-id="${orderId}"]`).getByText('Kauf · Sparplan').waitFor(SOON);

    await page.goto('/posteingang');
    await page.getByRole('radio', { name: 'Sparpläne' }).click();
    await page.locator(`[data-document-id="${documentId}"]`).waitFor(SOON);
    await screenshot(page, 'savings-plans-posteingang-desktop');

    // At 360 px: the list with the plan and the monthly total (checked before any button was pressed
    // here: a pressed button's announcement would hold axe back for seconds).
    await page.setViewportSize(VIEWPORTS.mobile);
    const id = planUrl.split('/').pop()!;
    await page.goto('/sparplaene');
    await page.getByRole('list', { name: 'Ihre Sparpläne' }).locator(`[data-plan-id="${id}"]`).waitFor(SOON);
    expect(await page.locator('[data-monthly-total]').textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
    await screenshot(page, 'savings-plans-list-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'savings-plans-list');

    // Pause, then delete; the plan moves to the Verlauf.
    await page.goto(planUrl);
    await page.getByRole('heading', { level: 1, name: /FTSE All-World/ }).waitFor();
    await page.getByRole('button', { name: 'Pausieren' }).click();
    // Paused at once, or — on the execution day, after the cut-off — after the next execution.
    await page.locator('[data-plan-state="inactive"], [data-plan-state="atwork"]').first().waitFor(SOON);
    await screenshot(page, 'savings-plans-paused-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sparplan löschen?' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Zu allen Sparplänen' }).click();
    await page.waitForURL('**/sparplaene');
    const verlauf = page.getByRole('list', { name: 'Verlauf' });
    await page.locator(`[data-plan-id="${id}"]`).first().waitFor(SOON);
    const inVerlauf = await verlauf.locator(`[data-plan-id="${id}"]`).count();
    // Deleted at once it is in the Verlauf; deleted after the cut-off it still runs once, marked so.
    if (inVerlauf === 0) await page.locator(`[data-plan-id="${id}"]`).getByText(/gelöscht/).waitFor(SOON);
    await screenshot(page, 'savings-plans-deleted-mobile');
    await removeNotificationsSince(page, start);
  });
});
