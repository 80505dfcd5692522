import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import { DEMO, launch, movePrice, newContext, noHorizontalScroll, resultsDir, screenshot, expectAccessible, signIn } from './browser';

const SAP = 'DE0007164600';
const MSCI_WORLD = 'IE00B4L5Y983';

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

let desktopTab: Page | undefined;

/** The demo customer's tab at 1280 px, signed in once for the file's desktop tests (light scheme, no other tab). */
async function signedInDesktop(): Promise<Page> {
  if (!desktopTab) {
    desktopTab = await freshPage('desktop');
    await signIn(desktopTab, DEMO);
  } else {
    for (const other of desktopTab.context().pages()) if (other !== desktopTab) await other.close();
    await desktopTab.emulateMedia({ colorScheme: 'light' });
  }
  return desktopTab;
}

const chart = (page: Page) => page.locator('[data-chart-canvas]');

/** Waits until the chart has drawn this type (and, when given, this range) and returns its bar count. */
async function drawn(page: Page, type: string, range?: string): Promise<number> {
  const selector = `[data-chart]${range ? `[data-chart-range="${range}"]` : ''} [data-chart-canvas][data-chart-type="${type}"][data-bars]`;
  await page.locator(selector).waitFor();
  await expect(page.locator(`${selector} canvas`).count()).resolves.toBeGreaterThan(0);
  return Number(await page.locator(selector).getAttribute('data-bars'));
}

describe('instrument page', () => {
  it('SAP by WKN from the top bar: name, ISIN/WKN, live bid/ask that flash, day change, chart types and ranges, dividends, news', async () => {
    const page = await signedInDesktop();

    const field = page.getByRole('combobox', { name: 'Wertpapiersuche' });
    await field.fill('716460');
    await page.getByRole('listbox').getByRole('option').first().getByText('SAP SE').waitFor();
    await field.press('Enter');
    await page.waitForURL(`**/wertpapier/${SAP}`);
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();
    await expect(page.locator('[data-isin]').textContent()).resolves.toBe(SAP);
    await expect(page.locator('[data-wkn]').textContent()).resolves.toBe('716460');

    // Live bid and ask, and the day's change with its sign.
    const bid = page.locator('[data-quote="bid"] dd');
    const ask = page.locator('[data-quote="ask"] dd');
    const change = page.locator('[data-quote="change"] dd');
    await bid.getByText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/).waitFor();
    await ask.getByText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/).waitFor();
    await change.getByText(/%/).waitFor();
    expect(await change.textContent()).toMatch(/^[+−]?[\d.]+,\d{2}\s€\s[+−]?\d+,\d{2}\s%$/);
    await page.getByText('Live', { exact: true }).waitFor();

    // A price move flashes the price: green up, red down.
    await movePrice(page, SAP, '1.5');
    await page.locator('[data-quote="bid"] [data-flash="up"]').waitFor({ timeout: 15_000 });
    await movePrice(page, SAP, '-3');
    await page.locator('[data-quote="bid"] [data-flash="down"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-quote="bid"] [data-flash]').waitFor({ state: 'detached', timeout: 15_000 });

    // The chart: mountain and Intraday by default; the last point follows the live mid.
    let intradayBars = await drawn(page, 'mountain', 'Intraday');
    expect(intradayBars).toBeGreaterThan(0);
    await screenshot(page, 'instrument-sap-desktop');
    await expectAccessible(page, 'instrument-sap');

    const types = page.getByRole('radiogroup', { name: 'Diagrammtyp' });
    for (const [label, type] of [
      ['Linie', 'line'],
      ['HLC', 'hlc'],
      ['Kerzen', 'candle'],
      ['Fläche', 'mountain'],
    ] as const) {
      await types.getByRole('radio', { name: label }).click();
      await page.waitForURL(new RegExp(`chart=${type}`));
      // The same bars in every type; the live chart may have begun its next bar meanwhile.
      const bars = await drawn(page, type);
      expect([intradayBars, intradayBars + 1]).toContain(bars);
      intradayBars = bars;
      await expect(types.getByRole('radio', { name: label }).getAttribute('aria-checked')).resolves.toBe('true');
      if (type === 'hlc') await screenshot(page, 'instrument-chart-hlc');
    }
    await types.getByRole('radio', { name: 'Kerzen' }).click();
    await drawn(page, 'candle');

    // Ranges, by keyboard as well: the chart redraws with the range's bars. The demo customer holds
    // SAP, so "Seit Kauf" is offered too.
    const ranges = page.getByRole('radiogroup', { name: 'Zeitraum' });
    await expect(ranges.getByRole('radio').allTextContents()).resolves.toEqual(['1T', '1W', '1M', '6M', '1J', '2J', '5J', 'Max', 'lfd. Jahr', 'Beste Genauigkeit', 'Seit Kauf']);
    await ranges.getByRole('radio', { name: '1J' }).click();
    const yearBars = await drawn(page, 'candle', 'OneYear');
    expect(yearBars).toBeGreaterThan(200);
    await screenshot(page, 'instrument-chart-candle-1j');
    await ranges.getByRole('radio', { name: '1J' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.waitForURL(/range=Maximum/);
    const maxBars = await drawn(page, 'candle', 'Maximum');
    expect(maxBars).toBeGreaterThan(700);
    // Since the demo customer's purchase in March 2025: daily bars, fewer than the maximum's.
    await ranges.getByRole('radio', { name: 'Seit Kauf' }).click();
    await page.waitForURL(/range=CSI/);
    const sinceBars = await drawn(page, 'candle', 'CSI');
    expect(sinceBars).toBeGreaterThan(250);
    expect(sinceBars).toBeLessThan(maxBars);
    await ranges.getByRole('radio', { name: '1T' }).click();
    expect([intradayBars, intradayBars + 1]).toContain(await drawn(page, 'candle', 'Intraday'));

    // The chosen chart survives a reload.
    await ranges.getByRole('radio', { name: '1J' }).click();
    await page.waitForURL(/range=OneYear/);
    await page.reload();
    expect(await drawn(page, 'candle', 'OneYear')).toBe(yearBars);
    await expect(page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: '1J' }).getAttribute('aria-checked')).resolves.toBe('true');

    // The live price moves the chart's last point.
    const before = Number(await chart(page).getAttribute('data-last-close'));
    await movePrice(page, SAP, '2');
    await page.waitForFunction((previous) => Number(document.querySelector('[data-chart-canvas]')?.getAttribute('data-last-close')) > previous, before, { timeout: 15_000 });

    // Dividends (headline and yearly rows) and news.
    const dividends = page.getByRole('region', { name: 'Dividenden' });
    await dividends.getByText(/^Dividendenrendite/).waitFor();
    expect(await dividends.getByRole('row').count()).toBeGreaterThan(1);
    const news = page.getByRole('region', { name: 'Nachrichten' });
    await news.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await news.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);

    // Kaufen / Verkaufen lead to the order ticket.
    await expect(page.getByRole('link', { name: 'Kaufen', exact: true }).getAttribute('href')).resolves.toBe(`/orders/neu?isin=${SAP}&side=BUY`);
    await expect(page.getByRole('link', { name: 'Verkaufen', exact: true }).getAttribute('href')).resolves.toBe(`/orders/neu?isin=${SAP}&side=SELL`);
    await screenshot(page, 'instrument-sap-full');
  }, 240_000);

  it('an ETF links its documents; a document opens as a PDF', async () => {
    const page = await signedInDesktop();
    await page.goto(`/wertpapier/${MSCI_WORLD}`);
    await page.getByRole('heading', { level: 1, name: /MSCI World/ }).waitFor();
    const documents = page.getByRole('region', { name: 'Dokumente' });
    const links = documents.getByRole('link');
    await expect(links.allTextContents()).resolves.toEqual([
      expect.stringContaining('Basisinformationsblatt'),
      expect.stringContaining('Verkaufsprospekt'),
      expect.stringContaining('Halbjahresbericht'),
      expect.stringContaining('Jahresbericht'),
    ]);
    for (const link of await links.all()) {
      const res = await page.request.get((await link.getAttribute('href'))!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Opening one from the page: a new tab loads the PDF.
    const [response] = await Promise.all([
      page.context().waitForEvent('response', (r) => r.url().includes(`/api/instrument/${MSCI_WORLD}/documents/kid.pdf`)),
      links.first().click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await page.bringToFront();
    await page.evaluate(() => window.scrollTo(0, 0));
    await drawn(page, 'mountain');
    await screenshot(page, 'instrument-etf');
    await expectAccessible(page, 'instrument-etf');

    // Dark theme: the chart takes the dark tokens too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(244, 246, 248)');
    await drawn(page, 'mountain');
    await screenshot(page, 'instrument-etf-dark');
    await expectAccessible(page, 'instrument-etf-dark');
  }, 180_000);

  it('derivatives: a knock-out from the search shows its details and badges; a knocked-out one cannot be bought', async () => {
    const page = await signedInDesktop();
    await page.goto('/suche?q=Turbo&type=DERIVAT');
    const results = page.getByRole('list', { name: 'Suchergebnisse' });
    const first = results.getByRole('listitem').first();
    await first.waitFor();
    await first.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Turbo/ }).waitFor();
    const details = page.getByRole('region', { name: 'Derivat' });
    await details.waitFor();
    for (const label of ['Status', 'Art', 'Hebel', 'Basiswert', 'Fälligkeit', 'Emittent']) await details.getByText(label, { exact: true }).waitFor();
    await expect(page.locator('[data-isin]').textContent()).resolves.toMatch(/^DE000/);
    await page.getByText(/^(Call|Put)$/).first().waitFor();

    // A knocked-out product: the customer's search leaves those out (tradableBusiness), so the test
    // finds one through the search API without that filter, then opens its page.
    const knockedOut: Instrument[] = [];
    for (let from = 0; knockedOut.length === 0 && from < 2000; from += 100) {
      const res = await page.request.get(`/api/instrumentsearch?q=Turbo&type=DERIVAT&size=100&from=${from}`);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { results: Instrument[] };
      if (body.results.length === 0) break;
      knockedOut.push(...body.results.filter((i) => i.knockedOutFlag));
    }
    expect(knockedOut.length).toBeGreaterThan(0);
    const ko = knockedOut[0]!;
    await page.goto(`/wertpapier/${ko.isin}`);
    await page.getByRole('heading', { level: 1, name: ko.name }).waitFor();
    await page.locator('[class*="badges"]').getByText('Ausgeknockt').waitFor();
    await page.locator('[class*="badges"]').getByText('Derivat').waitFor();
    await page.getByText('Das Produkt ist ausgeknockt und kann nicht mehr gekauft werden.', { exact: false }).waitFor();
    await expect(page.getByRole('link', { name: 'Kaufen', exact: true }).getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(page.getByRole('link', { name: 'Verkaufen', exact: true }).getAttribute('aria-disabled')).resolves.toBeNull();
    await page.getByRole('region', { name: 'Derivat' }).getByText('Ausgeknockt').waitFor();
    await page.getByRole('region', { name: 'Chart' }).waitFor();
    await page.locator('[data-chart-canvas][data-bars], [class*="muted"]').first().waitFor();
    await screenshot(page, 'instrument-knockout');
    await expectAccessible(page, 'instrument-knockout');
  }, 180_000);

  it('at 360 px: no horizontal scroll, the chart fits, the holding shows, Kaufen in reach at the foot of the screen; axe clean', async () => {
    const page = await freshPage('mobile');
    await signIn(page, DEMO);
    await page.goto(`/wertpapier/${SAP}?chart=candle&range=OneMonth`);
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();
    await drawn(page, 'candle', 'OneMonth');
    await page.locator('[data-quote="bid"] dd').getByText(/€/).waitFor();
    await page.getByRole('region', { name: 'Nachrichten' }).getByRole('heading', { level: 3 }).first().waitFor();
    await page.getByRole('region', { name: 'Dividenden' }).getByRole('row').nth(1).waitFor();
    await noHorizontalScroll(page);
    const box = await chart(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // The demo customer holds SAP: her position, and the chart since her purchase.
    await page.getByRole('region', { name: 'Ihre Position' }).getByText('Im Depot seit', { exact: false }).waitFor();
    await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Seit Kauf' }).waitFor();
    // Kaufen sits in the bar above the bottom navigation: in view at the top of the page and after scrolling.
    const buy = page.getByRole('group', { name: 'Kaufen und Verkaufen' }).getByRole('link', { name: 'Kaufen', exact: true });
    await expect(buy.count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Kaufen', exact: true }).count()).resolves.toBe(1);
    for (const scroll of [0, 1200]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      await expect
        .poll(async () => {
          const box = await buy.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 740 - 60;
        }, { timeout: 30_000 })
        .toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'instrument-page-mobile');
    // What the phone shows first, without the full-page stitching of fixed bars.
    await page.screenshot({ path: path.join(resultsDir, 'instrument-page-mobile-top.png') });
    await expectAccessible(page, 'instrument-page');
  }, 180_000);
});
