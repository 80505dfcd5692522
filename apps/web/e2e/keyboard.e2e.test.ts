import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launch, movePrice, newContext, outboxMark, screenshot, waitForCode } from './browser';

/**
 * Keyboard only (Tab, Shift+Tab, Enter, Space, arrows; no click, no fill): sign-in with the SMS code,
 * the skip link, the search, a buy through the order ticket with its confirmation, and a document of
 * the Posteingang in the viewer dialog (focus trapped, Escape returns it to the opener). Then the
 * price flash under prefers-reduced-motion, on the same signed-in page.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SAP = 'DE0007164600';
const SOON = { timeout: 30_000 };

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** What has the focus, for a readable failure. */
const focusedDescription = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after `max` presses. */
async function tabTo(target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  await target.waitFor(SOON);
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses; the focus is on ${await focusedDescription(page)}`);
}

/** The focused element shows where it is: an outline or a ring (box-shadow) on it or its control. */
async function expectFocusVisible(): Promise<void> {
  const visible = await page.evaluate(() => {
    const shows = (el: Element | null) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
    };
    const el = document.activeElement;
    return !!el && el !== document.body && (shows(el) || shows(el.parentElement) || shows(el.parentElement?.parentElement ?? null));
  });
  expect(visible, `focus ring on ${await focusedDescription(page)}`).toBe(true);
}

async function type(text: string): Promise<void> {
  await page.keyboard.type(text);
}

describe('keyboard only', () => {
  it('signs in with the SMS code, skips to the content, searches, buys through the ticket and opens a document of the Posteingang', async () => {
    // Sign-in: e-mail and password in one Tab, Enter sends; then the code from the SMS.
    await page.goto('/anmelden');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await tabTo(page.getByLabel('E-Mail-Adresse'));
    await expectFocusVisible();
    await type(DEMO.email);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Passwort', { exact: true }))).toBe(true);
    await type(DEMO.password);
    const mark = await outboxMark(DEMO.phone!);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' }).waitFor(SOON);
    await tabTo(page.getByLabel('Code aus der SMS'));
    await type(await waitForCode(DEMO.phone!, mark));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor(SOON);

    // The first Tab of a page reaches the skip link, visibly; Enter moves the focus to the content.
    await page.locator('body').evaluate((body) => (body as HTMLElement).focus());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(await isFocused(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await expectFocusVisible();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Search: back up to the field in the top bar, type the WKN, arrow to the suggestion, Enter.
    const search = page.getByRole('combobox', { name: 'Wertpapiersuche' });
    await tabTo(search, { back: true });
    await expectFocusVisible();
    await type('716460');
    await page.getByRole('listbox').getByRole('option').first().getByText('SAP SE').waitFor(SOON);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/wertpapier/${SAP}`);
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();

    // The order ticket: Kaufen, a quantity, Prüfen, the one-time confirmation by Space, send.
    const buy = page.getByRole('link', { name: 'Kaufen', exact: true });
    await tabTo(buy);
    await expectFocusVisible();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Order: SAP SE' }).waitFor();
    await tabTo(page.getByLabel('Stückzahl'));
    await type('1');
    await tabTo(page.getByRole('button', { name: 'Order prüfen' }));
    await expectFocusVisible();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Order prüfen' }).waitFor(SOON);
    await page.getByText('Orderentgelt', { exact: true }).waitFor(SOON);
    const confirmation = page.getByRole('checkbox', { name: 'Ich habe die Hinweise gelesen und möchte die Order erteilen.' });
    if (await confirmation.count()) {
      await tabTo(confirmation);
      await expectFocusVisible();
      await page.keyboard.press('Space');
      expect(await confirmation.isChecked()).toBe(true);
    }
    await tabTo(page.getByRole('button', { name: 'Kauforder senden' }));
    await page.keyboard.press('Enter');
    await page.getByText('Order ausgeführt', { exact: true }).waitFor(SOON);
    await screenshot(page, 'keyboard-order-sent');

    // The Posteingang through the navigation; the contract note opens in the viewer dialog.
    await tabTo(page.getByRole('navigation', { name: 'Hauptnavigation' }).first().getByRole('link', { name: 'Posteingang' }), { back: true, max: 80 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Posteingang' }).waitFor();
    const opener = page.getByRole('list', { name: 'Dokumente' }).getByRole('listitem').first().getByRole('link').first();
    await opener.getByText(/Wertpapierabrechnung Kauf/).waitFor(SOON);
    await tabTo(opener);
    await expectFocusVisible();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: /Wertpapierabrechnung Kauf/ });
    await viewer.getByRole('toolbar').getByText(/^Seite 1 von \d+$/).waitFor(SOON);

    // The focus is in the dialog and stays there, forwards and backwards.
    const insideViewer = () => viewer.evaluate((dialog) => dialog.contains(document.activeElement));
    expect(await insideViewer()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await insideViewer(), `after ${key}: ${await focusedDescription(page)}`).toBe(true);
    }
    await screenshot(page, 'keyboard-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // Back where it was: on the document's link.
    await expect.poll(() => isFocused(page.getByRole('list', { name: 'Dokumente' }).getByRole('listitem').first().getByRole('link').first()), SOON).toBe(true);
  });

  it('a price move does not flash under prefers-reduced-motion (and does without it)', async () => {
    await page.goto(`/wertpapier/${SAP}`);
    await page.getByRole('heading', { level: 1, name: 'SAP SE' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor(SOON);

    /** The computed style of the bid the moment it flashes. */
    const flashStyle = async (percent: string) => {
      const flashing = page.waitForFunction(
        () => {
          const el = document.querySelector('[data-quote="bid"] [data-flash]');
          if (!el) return null;
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, transition: style.transitionProperty, animation: style.animationName };
        },
        undefined,
        { timeout: 15_000, polling: 'raf' },
      );
      await movePrice(page, SAP, percent);
      const style = await (await flashing).jsonValue();
      if (!style) throw new Error('no flash');
      return style;
    };

    const normal = await flashStyle('1');
    expect(normal.background).not.toBe('rgba(0, 0, 0, 0)');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('[data-quote="bid"] [data-flash]').waitFor({ state: 'detached', timeout: 15_000 });
    const reduced = await flashStyle('-1');
    expect(reduced).toEqual({ background: 'rgba(0, 0, 0, 0)', transition: 'none', animation: 'none' });
    await page.emulateMedia({ reducedMotion: null });
  });
});
