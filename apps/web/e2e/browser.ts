import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const resultsDir = path.resolve(new URL('.', import.meta.url).pathname, '../test-results');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  mobile: { width: 360, height: 740 },
} as const;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newContext(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS[viewport], locale: 'de-DE', timezoneId: 'Europe/Berlin' });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Accessibility violations of impact serious or critical (WCAG 2.x A/AA). */
export async function seriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
