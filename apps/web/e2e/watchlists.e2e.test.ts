import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

const SAP = 'DE0007164600';
/** expect.poll waits 1 s by default; a busy CI machine needs longer for a round trip. */
const SLOW = { timeout: 30_000 };

/** Moves the simulated market at once (development tool of the e2e server). */
async function moveMarket(isin: string, percent: string) {
  const res = await fetch(`${baseUrl()}/dev/market/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ isin, percent }),
  });
  if (!res.ok) throw new Error(`market move answered ${res.status}`);
}

/** "+1,23 %" / "−0,50 %" → 1.23 / -0.5 */
function percentOf(text: string): number {
  return Number(text.replace(/[^\d,+\u2212-]/g, '').replace('\u2212', '-').replace(',', '.'));
}

async function changeColumn(table: Locator): Promise<number[]> {
  const texts = await table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).map((row) => row.querySelectorAll('[role="gridcell"], [role="rowheader"]')[3]?.textContent ?? ''),
  );
  return texts.map(percentOf);
}

const isSorted = (values: number[], sign: 1 | -1) => values.every((v, i) => i === 0 || sign * (v - values[i - 1]!) >= 0);

async function watchlistMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Watchlist „${name}“ bearbeiten` }).click();
  return page.getByRole('menu');
}

describe('watchlists (/watchlisten)', () => {
  it('creates a list, fills it from the instrument page and the search, shows live quotes, sorts, renames, removes and deletes', async () => {
    const page = await freshPage('desktop');
    await signIn(page, DEMO);

    // No list yet: the empty state says what to do and offers the first step.
    await page.goto('/watchlisten');
    await page.getByRole('heading', { level: 2, name: 'Noch keine Watchlist' }).waitFor();
    await expectAccessible(page, 'watchlists-empty');
    await screenshot(page, 'watchlists-empty');

    await page.getByRole('button', { name: 'Neue Watchlist' }).click();
    const create = page.getByRole('dialog', { name: 'Neue Watchlist anlegen' });
    await create.waitFor();
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte geben Sie einen Namen ein.').waitFor();
    await create.getByLabel('Name der Watchlist').fill('Technologie');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Technologie/, selected: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Diese Watchlist ist noch leer' }).waitFor();

    // From the instrument page: the menu shows the lists, a check marks where the instrument is.
    await page.goto(`/wertpapier/${SAP}`);
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();
    await page.getByRole('button', { name: 'Zur Watchlist' }).click();
    // The open menu is named after its button (whose label changes as the instrument is added).
    const menu = page.getByRole('menu');
    const sapItem = menu.getByRole('menuitemcheckbox', { name: /Technologie/ });
    expect(await sapItem.getAttribute('aria-checked')).toBe('false');
    await sapItem.click();
    await expect.poll(() => sapItem.getAttribute('aria-checked'), SLOW).toBe('true');
    await screenshot(page, 'watchlists-add-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Auf 1 Watchlist' }).waitFor();

    // From the search results: the star of a hit.
    await page.goto('/suche?q=Siemens&type=AKTIE');
    const results = page.getByRole('list', { name: 'Suchergebnisse' });
    const first = results.getByRole('listitem').first();
    await first.waitFor();
    const star = first.getByRole('button', { name: /zur Watchlist hinzufügen$/ });
    const siemensName = ((await star.getAttribute('aria-label')) ?? '').replace(/ zur Watchlist hinzufügen$/, '');
    expect(siemensName).toMatch(/Siemens/);
    await star.click();
    await page.getByRole('menu').getByRole('menuitemcheckbox', { name: /Technologie/ }).click();
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: `${siemensName} steht auf 1 Watchlist – ändern` }).waitFor();

    // The list: both instruments with live bid and ask and the day's change.
    await page.goto('/watchlisten');
    const table = page.getByRole('grid', { name: 'Wertpapiere der Watchlist „Technologie“' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('row').count(), SLOW).toBe(3);
    const sapRow = table.getByRole('row', { name: /SAP SE/ });
    await sapRow.getByRole('link', { name: 'SAP SE' }).waitFor();
    await sapRow.getByText(/^[\d.]+,\d\d\s€$/).first().waitFor();
    expect(await sapRow.getByText(`${SAP} · 716460`).isVisible()).toBe(true);

    // The market moves (far enough that the day's changes get opposite signs): SAP's price
    // changes on the open page, without a reload.
    const bidBefore = await sapRow.getByRole('gridcell').nth(0).textContent();
    await moveMarket(SAP, '10');
    await expect.poll(() => sapRow.getByRole('gridcell').nth(0).textContent(), SLOW).not.toBe(bidBefore);
    const siemensIsin = (await table.getByRole('row', { name: new RegExp(siemensName) }).getByText(/^[A-Z]{2}[A-Z0-9]{9}\d/).textContent())!.slice(0, 12);
    await moveMarket(siemensIsin, '-10');
    await page.getByText('Live-Kurse', { exact: true }).waitFor();
    // Siemens's fall reaches the open page too (a quote tick later): one gain, one loss.
    await expect.poll(async () => (await changeColumn(table)).some((change) => change < 0), SLOW).toBe(true);

    // Sort by the day's change: by pointer (ascending), then by keyboard (descending).
    const changeHeader = table.getByRole('columnheader', { name: 'Tagesänderung' });
    await changeHeader.click();
    await expect.poll(() => changeHeader.getAttribute('aria-sort'), SLOW).toBe('ascending');
    await expect.poll(async () => isSorted(await changeColumn(table), 1), SLOW).toBe(true);
    expect((await changeColumn(table))[0]).toBeLessThan(0);
    await changeHeader.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => changeHeader.getAttribute('aria-sort'), SLOW).toBe('descending');
    await expect.poll(async () => isSorted(await changeColumn(table), -1), SLOW).toBe(true);
    expect(await table.getByRole('row').nth(1).getByRole('link').textContent()).toBe('SAP SE');
    // Gains carry "+", losses "−" (U+2212), besides the colour.
    expect(await table.getByRole('row').nth(1).getByText(/^\+\d+,\d\d\s%$/).count()).toBe(1);
    expect(await table.getByRole('row').nth(2).getByText(/^\u2212\d+,\d\d\s%$/).count()).toBe(1);
    await expectAccessible(page, 'watchlists', ['desktop']);
    await screenshot(page, 'watchlists-desktop');

    // On a phone the same list is a compact list with a sort menu, inside 360 px.
    const phone = await freshPage('mobile');
    await signIn(phone, DEMO);
    await phone.goto('/watchlisten');
    const compact = phone.getByRole('list', { name: 'Wertpapiere der Watchlist „Technologie“' });
    await compact.getByRole('listitem').nth(1).waitFor();
    await compact.getByText(/€$/).first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.getByRole('button', { name: /Sortieren nach/ }).click();
    await phone.getByRole('option', { name: 'Tagesgewinner zuerst' }).click();
    await expect.poll(() => compact.getByRole('listitem').first().getByRole('link').textContent(), SLOW).toBe('SAP SE');
    await expectAccessible(phone, 'watchlists', ['mobile']);
    await screenshot(phone, 'watchlists-mobile');

    // The stars of the search hits fit a phone as well; the one on the list is filled.
    await phone.goto('/suche?q=Siemens&type=AKTIE');
    const phoneHits = phone.getByRole('list', { name: 'Suchergebnisse' });
    await phoneHits.getByRole('button', { name: `${siemensName} steht auf 1 Watchlist – ändern` }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(phone, 'watchlists-search');
    await screenshot(phone, 'watchlists-search-mobile');

    // Rename.
    await (await watchlistMenu(page, 'Technologie')).getByRole('menuitem', { name: 'Umbenennen' }).click();
    const rename = page.getByRole('dialog', { name: 'Watchlist umbenennen' });
    await expect(rename.getByLabel('Name der Watchlist').inputValue()).resolves.toBe('Technologie');
    await rename.getByLabel('Name der Watchlist').fill('Zukunftswerte');
    await rename.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('tab', { name: /^Zukunftswerte/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Zukunftswerte' }).waitFor();

    // Remove one instrument.
    const renamed = page.getByRole('grid', { name: 'Wertpapiere der Watchlist „Zukunftswerte“' });
    await renamed.getByRole('button', { name: 'SAP SE von der Watchlist entfernen' }).click();
    await expect.poll(() => renamed.getByRole('row').count(), SLOW).toBe(2);
    expect(await renamed.getByRole('link', { name: 'SAP SE' }).count()).toBe(0);

    // Delete: only after the confirmation.
    await (await watchlistMenu(page, 'Zukunftswerte')).getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Watchlist löschen?' });
    await confirm.getByText('„Zukunftswerte“ mit 1 Wertpapier wird gelöscht.', { exact: false }).waitFor();
    await expectAccessible(page, 'watchlists-delete-dialog');
    await screenshot(page, 'watchlists-delete-dialog');
    await confirm.getByRole('button', { name: 'Watchlist löschen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Noch keine Watchlist' }).waitFor();
    await expect(page.getByRole('tab').count()).resolves.toBe(0);
  }, 180_000);
});
