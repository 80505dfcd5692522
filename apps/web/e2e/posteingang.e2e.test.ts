import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, VIEWPORTS, api, screenshot, expectAccessible, signIn, browserForFile } from './browser';
import { shortReference } from '@kontor/domain/documents';

const files = browserForFile();

const SAP = 'DE0007164600';
const SOON = { timeout: 30_000 };
/** The display title of the buy's contract note: pdfTitle (with the name) and the ISIN. */
const NOTE_TITLE = new RegExp(`Wertpapierabrechnung Kauf .* ${SAP}$`);

/** A market buy through the API (the trading tests cover the ticket); its contract note lands in the Posteingang. */
async function buy(page: Page): Promise<string> {
  const res = await api(page, 'POST', '/api/trading', { isin: SAP, side: 'buy', kind: 'market', quantity: '10', validity: { type: 'day' } }, { 'idempotency-key': crypto.randomUUID() });
  expect(res.status).toBe(201);
  return (res.json as { id: string }).id;
}

/** The viewer has drawn a page: a canvas with a size, and the page count in the toolbar. */
async function pageDrawn(page: Page) {
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('toolbar').getByText(/^Seite 1 von \d+$/).waitFor(SOON);
  await expect
    .poll(() => viewer.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width > 100 && c.height > 100 && !c.closest('[aria-busy="true"]')), SOON)
    .toBe(true);
}

describe('Posteingang', () => {
  it('a contract note opens in the in-app viewer and the category filter finds it, at 1280 and at 360 px', async () => {
    const page = await files.context.newPage();
    await signIn(page, DEMO);
    const orderId = await buy(page);

    // Abrechnungen only: the new contract note is the newest, unread.
    await page.goto('/posteingang');
    await page.getByRole('tab', { name: /^Dokumente/, selected: true }).waitFor();
    await page.getByRole('radio', { name: 'Kategorien' }).click();
    await page.getByRole('group', { name: 'Kategorien auswählen' }).getByRole('button', { name: 'Abrechnungen' }).click();
    await page.waitForURL(/modus=CATEGORIES&kategorien=ABRECHNUNGEN/);
    const list = page.getByRole('list', { name: 'Dokumente' });
    const first = list.getByRole('listitem').first();
    await first.getByText(NOTE_TITLE).waitFor(SOON);
    expect(await first.getAttribute('data-unread')).toBe('');
    const id = (await first.getAttribute('data-document-id'))!;
    // Only Abrechnungen are listed.
    const meta = await list.getByRole('listitem').evaluateAll((items) => items.map((i) => i.textContent ?? ''));
    expect(meta.every((text) => text.includes('Abrechnungen ·'))).toBe(true);
    await screenshot(page, 'posteingang-filter-desktop');
    await expectAccessible(page, 'posteingang-filter', ['desktop']);

    // Open it: pdf.js (loaded only now) draws the PDF as it was sent; zoom, then Escape.
    const pdfjsBefore = await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('pdf.worker')));
    expect(pdfjsBefore).toBe(false);
    await first.getByRole('link').first().click();
    const viewer = page.getByRole('dialog', { name: NOTE_TITLE });
    await viewer.waitFor(SOON);
    await page.waitForURL(new RegExp(`doc=${id}`));
    await pageDrawn(page);
    // A bank's letter: the letterhead, the customer's name, the order by its short number (as on the
    // order's page), the page count; pdf.js's text layer carries the words, so they can be selected and found.
    const words = viewer.locator('[data-text-layer]');
    for (const text of ['Kontor Wertpapierhandelsbank AG', 'Wertpapierabrechnung Kauf', shortReference(orderId), 'Seite 1 von 1']) {
      await words.getByText(text, { exact: false }).first().waitFor(SOON);
    }
    const width = await viewer.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width);
    await viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect.poll(() => viewer.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width), SOON).toBeGreaterThan(width);
    expect(await viewer.getByRole('link', { name: 'Herunterladen' }).getAttribute('href')).toBe(`/api/posteingang/${id}/pdf?download=1`);
    await screenshot(page, 'posteingang-viewer-desktop');
    await expectAccessible(page, 'posteingang-viewer', ['desktop']);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // Opening marked it read; focus is back on the list.
    await expect.poll(() => first.getAttribute('data-unread'), SOON).toBeNull();
    expect(new URL(page.url()).searchParams.get('doc')).toBeNull();

    // 360 px: the same filter and the same document by its link (?doc=), fitted to the width.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`/posteingang?modus=CATEGORIES&kategorien=ABRECHNUNGEN&doc=${id}`);
    await page.getByRole('dialog').waitFor(SOON);
    await pageDrawn(page);
    const fits = await page.evaluate(() => {
      const canvas = document.querySelector('[data-pdf-viewer] canvas')!.getBoundingClientRect();
      return canvas.width <= window.innerWidth && document.documentElement.scrollWidth <= window.innerWidth;
    });
    expect(fits).toBe(true);
    await screenshot(page, 'posteingang-viewer-mobile');
    await expectAccessible(page, 'posteingang-viewer', ['mobile']);
    await page.getByRole('button', { name: 'Dokument schließen' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await list.getByRole('listitem').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'posteingang-filter-mobile');
    await expectAccessible(page, 'posteingang-filter', ['mobile']);

    // The Nachrichten tab: the buy's message leads to its order.
    await page.getByRole('tab', { name: /^Nachrichten/ }).click();
    await page.waitForURL(/ansicht=nachrichten/);
    const message = page.getByRole('list', { name: 'Ihre Nachrichten' }).getByRole('listitem').first();
    await message.waitFor(SOON);
    expect(await message.getAttribute('data-message-kind')).toBe('order');
    await screenshot(page, 'posteingang-messages-mobile');
    await expectAccessible(page, 'posteingang-messages');
    await message.getByRole('link', { name: 'Zur Order' }).click();
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
    await page.close();
  });
});
