import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launch, newContext, screenshot, expectAccessible, signIn, signOut } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** "24.12.2026, 10:00" → its instant in Frankfurt's winter or summer time, to minute precision. */
function shownMinute(text: string): number {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}), (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not a German date and time: ${text}`);
  return Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5]));
}

/** `width`: the page's own width; the other test checks the same state at the other one with axe. */
async function fastForwardOneHour(page: Page, name: string, width: 'desktop' | 'mobile') {
  await signIn(page, DEMO);
  await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
  const strip = page.getByRole('region', { name: 'Zeit vorspulen' });
  await strip.scrollIntoViewIfNeeded();
  const time = strip.getByTestId('simulated-time');
  await expect.poll(() => time.textContent(), { timeout: 30_000 }).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  const before = shownMinute((await time.textContent()) ?? '');

  // An hour only: the other browser tests share this server, and its market stays open.
  await strip.getByRole('radio', { name: '1 Stunde' }).click();
  await strip.getByRole('button', { name: 'Vorspulen' }).click();
  await expect.poll(async () => shownMinute((await time.textContent()) ?? '') - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(60 * 60_000);
  expect(shownMinute((await time.textContent()) ?? '') - before).toBeLessThan(62 * 60_000);
  await page.getByText(/^Jetzt \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\. \d+ fällige/).first().waitFor();
  await expectAccessible(page, 'Vorspulen', [width]);
  await screenshot(page, name);
}

describe('"Zeit vorspulen" (development tools on)', () => {
  it('desktop: the footer shows the simulated time and moves it an hour forward', async () => {
    const context = await newContext(browser, 'desktop');
    contexts.push(context);
    const page = await context.newPage();
    await fastForwardOneHour(page, 'time-travel-desktop', 'desktop');
    await signOut(page);
  });

  it('360 px: the control fits the screen and works', async () => {
    const context = await newContext(browser, 'mobile');
    contexts.push(context);
    const page = await context.newPage();
    await fastForwardOneHour(page, 'time-travel-mobile', 'mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await signOut(page);
  });
});
