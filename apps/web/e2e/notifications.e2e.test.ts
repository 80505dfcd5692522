import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, api, baseUrl, createCustomer, launch, newContext, screenshot, expectAccessible, signInWithTotpSetup } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SAP = 'DE0007164600';
/** The stream brings the count at once; a busy machine's round trip on top. No poll would come within this. */
const LIVE = { timeout: 30_000, interval: 200 };

async function moveMarket(isin: string, percent: string) {
  const res = await fetch(`${baseUrl()}/dev/market/move`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ isin, percent }) });
  if (!res.ok) throw new Error(`market move answered ${res.status}`);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Benachrichtigungen/ });
/** The unread count the bell names (0 when it names none). */
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) ungelesen/.exec(label)?.[1] ?? 0);
}

/** A limit buy 2 % under the ask, through the API with the page's session; it rests until the market falls. */
async function restingLimitBuy(page: Page): Promise<string> {
  const quotes = await api(page, 'GET', `/api/quotes?isins=${SAP}`);
  const ask = Number((quotes.json as { ask: string }[])[0]!.ask);
  const placed = await api(page, 'POST', '/api/trading', { isin: SAP, side: 'buy', kind: 'limit', quantity: '2', limit: (ask * 0.98).toFixed(2), validity: { type: 'gtc' } }, { 'idempotency-key': crypto.randomUUID() });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  const order = placed.json as { id: string; status: string };
  expect(order.status).toBe('Open');
  return order.id;
}

/** The customer's unread count and how many executions they have been notified of, from the server. */
async function notified(page: Page): Promise<{ unread: number; executions: number }> {
  const list = (await api(page, 'GET', '/api/notification')).json as { unread: number; items: { kind: string }[] };
  return { unread: list.unread, executions: list.items.filter((n) => n.kind === 'ORDER_EXECUTED').length };
}

/**
 * Waits until the execution's notification is on the server, then until the bell shows the server's
 * unread count live. A buy during a corporate action's announcement period brings that action's
 * notice too (the buyer gets its terms at once), so the count may rise by more than one.
 */
async function bellCountsTheExecution(page: Page, before: { bell: number; executions: number }): Promise<void> {
  await expect.poll(async () => (await notified(page)).executions, LIVE).toBe(before.executions + 1);
  const { unread } = await notified(page);
  expect(unread).toBeGreaterThan(before.bell);
  await expect.poll(() => bellCount(page), LIVE).toBe(unread);
}

/** Opens a page and waits until the bell has its count and the live stream is open. */
async function openLive(page: Page, path: string): Promise<void> {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notification' && r.ok());
  const live = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trading/stream' && r.ok());
  await page.goto(path);
  await Promise.all([listed, live]);
  await bell(page).waitFor();
}

describe('the bell', () => {
  it('counts up live when a limit order executes, at 1280 and at 360 px, and leads to the order; the preferences table works by keyboard', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    try {
      await signInWithTotpSetup(page, await createCustomer('bell'));
      expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
      expect((await api(page, 'POST', '/api/user/confirmlowtrading', {})).status).toBe(204);

      await openLive(page, '/watchlisten');
      const before = { bell: await bellCount(page), executions: (await notified(page)).executions };
      const first = await restingLimitBuy(page);
      await moveMarket(SAP, '-4');
      await bellCountsTheExecution(page, before);
      await screenshot(page, 'notifications-bell-1280');

      await bell(page).click();
      await page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
      const link = page.getByRole('list', { name: 'Ihre Mitteilungen' }).getByRole('link', { name: 'Order ausgeführt: Kauf SAP SE' }).first();
      expect(await link.getAttribute('href')).toBe(`/orders/${first}`);
      await expectAccessible(page, 'notifications-list');
      await screenshot(page, 'notifications-list-1280');

      // 360 px, the same signed-in page: the bell still counts live.
      await page.setViewportSize(VIEWPORTS.mobile);
      await openLive(page, '/watchlisten');
      const now = { bell: await bellCount(page), executions: (await notified(page)).executions };
      await moveMarket(SAP, '4');
      await restingLimitBuy(page);
      await moveMarket(SAP, '-4');
      await bellCountsTheExecution(page, now);
      await screenshot(page, 'notifications-bell-360');

      await page.goto('/benachrichtigungen?ansicht=einstellungen');
      const email = page.getByRole('checkbox', { name: 'Order ausgeführt: E-Mail' });
      await email.waitFor();
      expect(await email.isChecked()).toBe(false);
      await email.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => email.isChecked(), LIVE).toBe(true);
      const saved = await api(page, 'GET', '/api/notification/preferences');
      expect((saved.json as { kinds: Record<string, { email: boolean }> }).kinds.ORDER_EXECUTED!.email).toBe(true);
      await screenshot(page, 'notifications-preferences-360');
      // The table fits at 360 px: no column is hidden sideways in its box.
      expect(await page.locator('[data-preferences]').evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await expectAccessible(page, 'notifications-preferences', ['mobile']);
    } finally {
      await context.close();
    }
  });

  it('a notification read in one tab takes the other tab\'s bell down at once, without reloading it', async () => {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      await signInWithTotpSetup(page, await createCustomer('tabs'));
      expect((await api(page, 'POST', '/api/dev/deposit', { amount: '5000.00' })).status).toBe(200);
      expect((await api(page, 'POST', '/api/user/confirmlowtrading', {})).status).toBe(204);
      await openLive(page, '/depot');
      const before = { bell: await bellCount(page), executions: (await notified(page)).executions };
      await restingLimitBuy(page);
      await moveMarket(SAP, '-4');
      await bellCountsTheExecution(page, before);
      // A second tab opened from the first (it shares the sign-in), on the notifications.
      const [other] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => window.open('/benachrichtigungen'))]);
      await other.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
      const unread = await bellCount(page);
      await expect.poll(() => bellCount(other), LIVE).toBe(unread);
      await other.getByRole('button', { name: /^„.+“ als gelesen markieren$/ }).first().click();
      await expect.poll(() => bellCount(other), LIVE).toBe(unread - 1);
      // The first tab, not touched: its bell follows.
      await expect.poll(() => bellCount(page), LIVE).toBe(unread - 1);
    } finally {
      await context.close();
    }
  });
});
