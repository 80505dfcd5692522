import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DOMAIN_LABEL_SETS } from '@kontor/domain/label-sets';
import { api, browserForFile, createCustomer, resultsDir, screenshot, signInWithTotpSetup, VIEWPORTS } from './browser';

const files = browserForFile();
const SAP = 'DE0007164600';
const CORE_DAX = 'DE0005933931';

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

/** The heading of the page shown instead of one that threw, in both languages. */
const CRASHED = ['de.json', 'en.json'].map((file) => (JSON.parse(fs.readFileSync(path.resolve(new URL('.', import.meta.url).pathname, '../public/assets/i18n', file), 'utf8')) as { pages: { error: { title: string } } }).pages.error.title);

/** The page has loaded what it shows: its heading (not the one of a page that threw), and (scrolled through, for what loads when seen) no busy region. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  expect(CRASHED, `${page.url()} threw`).not.toContain(await page.locator('h1').first().innerText());
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('every page in both languages', () => {
  let page: Page;
  let orderId: string;
  let planId: string;
  let ticketId: string;
  let actionId: string;
  let documentId: string;
  /**
   * A customer with a depot, an order, a contract note and notifications, a savings plan, a draft
   * service request and a corporate action on her shares: every page has something to show.
   */
  beforeAll(async () => {
    page = await files.context.newPage();
    await signInWithTotpSetup(page, await createCustomer('english'));
    expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
    const bought = await api(page, 'POST', '/api/trading', { isin: SAP, side: 'buy', kind: 'market', quantity: '3', validity: { type: 'day' } }, { 'idempotency-key': crypto.randomUUID() });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    orderId = (bought.json as { id: string }).id;
    const now = (await api(page, 'GET', '/api/dev/clock')).json as { now: string };
    const firstDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(Date.parse(now.now) + 10 * 86_400_000));
    const plan = await api(page, 'POST', '/api/savingsplan', { isin: CORE_DAX, amount: '100.00', interval: 'monthly', day: 1, firstDate, dynamicPercent: 0, payment: 'CASH' }, { 'idempotency-key': crypto.randomUUID() });
    expect(plan.status, JSON.stringify(plan.json)).toBe(201);
    planId = (plan.json as { id: string }).id;
    const draft = await api(page, 'POST', '/api/ticket', { type: 'ID_DOCUMENT', data: { idDocumentConfirmValid: true, attachmentFileReferences: [] } });
    expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    ticketId = (draft.json as { id: string }).id;
    const announced = await api(page, 'POST', '/api/dev/ca/announce', { isin: SAP, type: 'KAP' });
    expect(announced.status, JSON.stringify(announced.json)).toBeLessThan(300);
    const actions = (await api(page, 'GET', '/api/ca/ankuendigung')).json as { items: { id: string; isin: string }[] };
    actionId = actions.items.find((action) => action.isin === SAP)!.id;
    // The contract note of the purchase, once the back office has filed it.
    const contractNote = async () => ((await api(page, 'GET', '/api/posteingang')).json as { documents: { id: string }[] }).documents[0]?.id;
    documentId = await vi.waitFor(async () => (await contractNote()) ?? Promise.reject(new Error('no contract note yet')), { timeout: 30_000, interval: 250 });
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
    `/sparplaene/${planId}`,
    `/service/${ticketId}`,
    `/service/${ticketId}/bearbeiten`,
    `/kapitalmassnahmen/${actionId}`,
    `/posteingang?doc=${documentId}`,
    '/gibt-es-nicht',
  ];
  /** What a page's screenshot is called: its route, with the ids of this customer's objects named by their kind. */
  const shotName = (route: string) =>
    route
      .replace(orderId, 'detail')
      .replace(planId, 'detail')
      .replace(ticketId, 'detail')
      .replace(actionId, 'detail')
      .replace(`?doc=${documentId}`, '-document')
      .slice(1)
      .replace(/[/?=&]+/g, '-');

  /** Each page at 1280 and at 360 px, settled, screenshot; `check` reads what it shows. */
  async function walk(language: 'de' | 'en', check?: (route: string, width: string) => Promise<void>) {
    expect((await api(page, 'PUT', '/api/user/lc', { language })).status).toBe(200);
    for (const width of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      for (const route of pages()) {
        await page.goto(route);
        // The device may still remember the other language: the page starts in it and switches to the customer's.
        await page.waitForFunction((chosen) => document.documentElement.lang === chosen, language);
        await settled(page);
        await check?.(route, width);
        await screenshot(page, `${language === 'en' ? 'english' : 'german'}-${shotName(route)}-${width}`);
      }
    }
  }

  it('in German at both widths: every page loads and settles', async () => {
    await walk('de');
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

  it('signed out, in both languages at both widths: the sign-in, the account opening and the forgotten password', async () => {
    const report: Record<string, string[]> = {};
    for (const language of ['de', 'en'] as const) {
      // A visitor's device: no session, the language chosen on the sign-in screen kept in this browser.
      const visitor = await files.context.browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: 'de-DE', timezoneId: 'Europe/Berlin', serviceWorkers: 'block' });
      await visitor.addInitScript((chosen) => window.localStorage.setItem('kontor.language', chosen), language);
      const screen = await visitor.newPage();
      for (const width of ['desktop', 'mobile'] as const) {
        await screen.setViewportSize(VIEWPORTS[width]);
        for (const route of ['/anmelden', '/registrieren', '/passwort-vergessen']) {
          await screen.goto(route);
          await settled(screen);
          expect(await screen.evaluate(() => document.documentElement.lang)).toBe(language);
          if (language === 'en') {
            const found = await germanOn(screen);
            if (found.length > 0) report[`${width} ${route}`] = found;
          }
          await screenshot(screen, `${language === 'en' ? 'english' : 'german'}-signed-out${route.replace('/', '-')}-${width}`);
        }
      }
      await visitor.close();
    }
    expect(report).toEqual({});
  }, 300_000);
});
