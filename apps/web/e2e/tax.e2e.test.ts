import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createCustomer, euros, expectAccessible, launch, movePrice, newContext, noHorizontalScroll, screenshot, signInWithTotpSetup, VIEWPORTS } from './browser';

/**
 * German tax on a sale (issue 19), as a fresh customer meets it: no Freistellungsauftrag, so a gain
 * is taxed at once. She buys SAP, the price rises 10 %, and she sells: the ticket estimates the tax,
 * the order shows it, the contract note lists it and the Steuern screen has the sale with its
 * calculation — each at 1280 px, the order and the Steuern screen again at 360 px. One browser.
 */

const SAP = 'DE0007164600';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Percent the test moved SAP by and has not moved back yet (restored even when the test fails). */
let moved: string | null = null;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  await signInWithTotpSetup(page, await createCustomer('steuern'));
  expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
});

// Back to about the old price for the files that follow.
afterAll(async () => {
  if (moved) await movePrice(page, SAP, moved);
  await context?.close();
  await browser?.close();
});

/** A market order of `pieces` SAP from its ticket, sent from "Order prüfen"; returns when it is "ausgeführt". */
async function marketOrder(p: Page, side: 'BUY' | 'SELL', pieces: string, beforeSending?: () => Promise<void>): Promise<void> {
  await p.goto(`/orders/neu?isin=${SAP}&side=${side}`);
  await p.getByRole('heading', { level: 1, name: 'Order: SAP SE' }).waitFor();
  await p.locator('[data-quote="bid"] dd').getByText(/€/).waitFor();
  await p.getByLabel('Stückzahl').fill(pieces);
  await p.getByRole('button', { name: 'Order prüfen' }).click();
  await p.getByRole('heading', { level: 2, name: 'Order prüfen' }).waitFor();
  await p.getByText('Orderentgelt', { exact: true }).waitFor();
  await beforeSending?.();
  await p.getByRole('button', { name: side === 'BUY' ? 'Kauforder senden' : 'Verkaufsorder senden' }).click();
  await p.getByText('Order ausgeführt', { exact: true }).waitFor();
}

/** The value of one line of a tax calculation (TaxLines), e.g. "capitalGainsTax". */
const taxLine = (root: ReturnType<Page['locator']>, name: string) => root.locator(`[data-tax-line="${name}"] dd`);

/** The text of a PDF, page by page (pdf.js in Node: the contract note as a reader's PDF viewer sees it). */
async function pdfText(bytes: Buffer): Promise<string> {
  // pdf.js 6 uses Promise.withResolvers, which Node 20 lacks.
  const withResolvers = Promise as unknown as { withResolvers?: () => unknown };
  withResolvers.withResolvers ??= () => {
    let resolve!: (v: unknown) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('tax of a sale', () => {
  it('a sale at a gain: estimated on the ticket, withheld on the order, listed on the contract note and on the Steuern screen', async () => {
    await marketOrder(page, 'BUY', '10');
    // The price rises 10 %: selling the ten pieces now is a gain of about 10 % of their value.
    await movePrice(page, SAP, '10');
    moved = '-9.09';

    let estimated = 0;
    await marketOrder(page, 'SELL', '10', async () => {
      const estimate = page.getByRole('region', { name: 'Voraussichtliche Steuer' });
      await estimate.waitFor();
      expect(await estimate.locator('[data-tax-line="amount"] dt').textContent()).toBe('Veräußerungsgewinn');
      expect(euros(await taxLine(estimate, 'amount').textContent())).toBeGreaterThan(0);
      // No Freistellungsauftrag: nothing of the allowance, the whole gain is taxed.
      expect(euros(await taxLine(estimate, 'allowanceUsed').textContent())).toBe(0);
      const kapest = euros(await taxLine(estimate, 'capitalGainsTax').textContent());
      expect(kapest).toBeGreaterThan(0);
      // Soli is 5.5 % of the KapESt with the fraction of a cent dropped (§ 4 Satz 3 SolZG).
      const soliCents = Math.floor((Math.round(kapest * 100) * 55) / 1000);
      expect(euros(await taxLine(estimate, 'solidaritySurcharge').textContent())).toBeCloseTo(soliCents / 100, 2);
      estimated = euros(await estimate.locator('[data-tax-line="total"] dd').textContent());
      await estimate.getByText('Schätzung zum aktuellen Kurs; maßgeblich ist die Abrechnung.').waitFor();
      await screenshot(page, 'tax-ticket-1280');
      await expectAccessible(page, 'tax-ticket-1280');
    });
    expect(estimated).toBeGreaterThan(0);

    // The order: its tax as withheld.
    await page.getByRole('link', { name: 'Order ansehen' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderTax = page.getByRole('region', { name: 'Steuern' });
    await orderTax.waitFor();
    const lines = orderTax.getByLabel('Steuern der Order');
    expect(euros(await taxLine(lines, 'amount').textContent())).toBeGreaterThan(0);
    const withheld = euros(await lines.locator('[data-tax-line="total"] dd').textContent());
    expect(withheld).toBeGreaterThan(0);
    expect(euros(await taxLine(lines, 'capitalGainsTax').textContent())).toBeGreaterThan(0);
    await screenshot(page, 'tax-order-1280');
    await expectAccessible(page, 'tax-order-1280');

    // The contract note of the sale lists the tax lines.
    await page.goto('/posteingang');
    const note = page.getByRole('list', { name: 'Dokumente' }).getByRole('listitem').filter({ hasText: 'Wertpapierabrechnung Verkauf SAP SE' }).first();
    await note.waitFor();
    const pdf = await page.request.get((await note.getByRole('link').first().getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Kapitalertragsteuer');
    expect(text).toContain('Solidaritätszuschlag');

    // The Steuern screen: the tax paid and the sale with its calculation.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().getByRole('link', { name: 'Steuern' }).click();
    await page.waitForURL('**/steuern');
    await page.getByRole('heading', { level: 1, name: 'Steuern' }).waitFor();
    const events = page.getByRole('list', { name: /^Steuerlich relevante Vorgänge \d{4}$/ });
    const sale = events.getByRole('listitem').filter({ hasText: 'SAP SE' }).first();
    await sale.waitFor();
    expect(euros(await sale.locator('[data-tax-total]').textContent())).toBeCloseTo(withheld, 2);
    expect(euros(await page.locator('[data-paid="total"]').textContent())).toBeCloseTo(withheld, 2);
    expect(euros(await page.locator('[data-allowance="used"]').textContent())).toBe(0);
    await sale.getByRole('button', { name: 'Berechnung' }).click();
    const calculation = sale.getByLabel('Berechnung: SAP SE');
    await calculation.waitFor();
    expect(await calculation.locator('[data-tax-line="amount"] dt').textContent()).toBe('Gewinn');
    expect(euros(await taxLine(calculation, 'capitalGainsTax').textContent())).toBeGreaterThan(0);
    await sale.getByRole('link', { name: 'Zur Order' }).waitFor();
    await screenshot(page, 'tax-steuern-1280');
    await expectAccessible(page, 'tax-steuern', ['desktop']);

    // 360 px: the Steuern screen with the calculation open, then the order.
    await page.setViewportSize(VIEWPORTS.mobile);
    await calculation.waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'tax-steuern-360');
    await expectAccessible(page, 'tax-steuern', ['mobile']);
    await sale.getByRole('link', { name: 'Zur Order' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByRole('region', { name: 'Steuern' }).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'tax-order-360');
  });
});
