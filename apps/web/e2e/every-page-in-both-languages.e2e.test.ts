import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_LABEL_SETS } from '@kontor/domain/label-sets';
import { api, browserForFile, createCustomer, resultsDir, screenshot, signInWithTotpSetup, VIEWPORTS } from './browser';

const files = browserForFile();
const SAP = 'DE0007164600';

/** Every string value of a translation file (the domain-text catalogue's German keys left out). */
function texts(file: string): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key = '') => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (key !== 'domainText' || typeof v === 'string') walk(v, k);
  };
  walk(JSON.parse(fs.readFileSync(path.resolve(new URL('.', import.meta.url).pathname, '../public/assets/i18n', file), 'utf8')));
  return out;
}

const words = (text: string) => new Set((text.match(/[A-Za-zÄÖÜäöüß]{4,}/g) ?? []).map((w) => w.toLowerCase()));

/** The domain's German labels (order kinds and states, corporate actions, categories …): German texts the catalogue does not hold. */
const DOMAIN_GERMAN = Object.values(DOMAIN_LABEL_SETS).flatMap((labels) => Object.values(labels as Record<string, string>));

/**
 * Words only the German texts use: in the German catalogue, the domain's German labels or the German
 * sentences the server writes, and nowhere in the English texts. Names that both languages show as
 * they are (the customer's, the instruments', Kontor's) are not among them, as the English texts
 * have them too or the German do not.
 */
const GERMAN_ONLY = (() => {
  const en = JSON.parse(fs.readFileSync(path.resolve(new URL('.', import.meta.url).pathname, '../public/assets/i18n/en.json'), 'utf8')) as { domainText: Record<string, string> };
  const english = words(texts('en.json').join(' '));
  const german = words([...texts('de.json'), ...DOMAIN_GERMAN, ...Object.keys(en.domainText)].join(' '));
  return new Set([...german].filter((w) => !english.has(w)));
})();

/**
 * What the page shows a customer, its German-only words with a few words around each. Text marked
 * as German (`lang="de"`: the news, which come from German sources) is left out.
 */
async function germanOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const marked = [...document.body.querySelectorAll<HTMLElement>('[lang="de"]')];
    for (const element of marked) element.style.display = 'none';
    const shown = document.body.innerText;
    for (const element of marked) element.style.display = '';
    return shown;
  });
  const found: string[] = [];
  for (const match of text.matchAll(/[A-Za-zÄÖÜäöüß]{4,}/g)) {
    if (!GERMAN_ONLY.has(match[0].toLowerCase())) continue;
    found.push(text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, ' '));
  }
  return found;
}

/** The page has loaded what it shows: its heading, and (scrolled through, for what loads when seen) no busy region. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('every page in both languages', () => {
  let page: Page;
  let orderId: string;
  /** A customer with a depot, an order, a contract note and notifications: the pages have something to show. */
  beforeAll(async () => {
    page = await files.context.newPage();
    await signInWithTotpSetup(page, await createCustomer('english'));
    expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
    const bought = await api(page, 'POST', '/api/trading', { isin: SAP, side: 'buy', kind: 'market', quantity: '3', validity: { type: 'day' } }, { 'idempotency-key': crypto.randomUUID() });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    orderId = (bought.json as { id: string }).id;
  }, 180_000);

  const pages = () => [
    '/depot',
    '/orders',
    `/orders/${orderId}`,
    `/orders/neu?isin=${SAP}&side=BUY`,
    '/sparplaene',
    '/sparplaene/neu',
    '/watchlisten',
    `/wertpapier/${SAP}`,
    '/suche?q=SAP',
    '/geldtransfer',
    '/kapitalmassnahmen',
    '/steuern',
    '/posteingang',
    '/benachrichtigungen',
    '/notizen',
    '/service',
    '/service/neu',
    '/einstellungen',
    '/geraete',
    '/preisverzeichnis',
  ];

  /** Each page at 1280 and at 360 px, settled, screenshot; `check` reads what it shows. */
  async function walk(language: 'de' | 'en', check?: (route: string, width: string) => Promise<void>) {
    expect((await api(page, 'PUT', '/api/user/lc', { language })).status).toBe(200);
    for (const width of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      for (const route of pages()) {
        await page.goto(route);
        await settled(page);
        await check?.(route, width);
        const name = route === `/orders/${orderId}` ? 'orders-detail' : route.slice(1).replace(/[/?=&]+/g, '-');
        await screenshot(page, `${language === 'en' ? 'english' : 'german'}-${name}-${width}`);
      }
    }
  }

  it('in German at both widths: every page loads and settles', async () => {
    await walk('de', async () => expect(await page.evaluate(() => document.documentElement.lang)).toBe('de'));
  }, 600_000);

  it('in English at both widths: no page shows a word that only the German texts use', async () => {
    const report: Record<string, string[]> = {};
    await walk('en', async (route, width) => {
      const found = await germanOn(page);
      if (found.length > 0) report[`${width} ${route}`] = found;
    });
    fs.writeFileSync(path.join(resultsDir, 'english-walk.json'), JSON.stringify(report, null, 1));
    expect(report).toEqual({});
  }, 600_000);
});
