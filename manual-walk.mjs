// A customer's walk through Kontor (not part of the suite): sign in, depot, Posteingang, a limit
// buy and its cancellation, a market buy, notifications, at desktop and 360 px.
import { chromium } from 'playwright-core';
const base = 'http://localhost:8099';
const out = (n) => `/work/main/apps/web/test-results/manual-${n}.png`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
const page = await ctx.newPage();
const latestCode = async () => (await (await fetch(`${base}/dev/outbox.json`)).json()).find((m) => m.recipient === '+4915112345678')?.code;
await page.goto('/anmelden');
await page.getByLabel('E-Mail-Adresse').fill('demo@kontor.example');
await page.getByLabel('Passwort', { exact: true }).fill('Kontor!Demo1');
await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
await page.getByLabel('Code aus der SMS').waitFor();
await page.waitForTimeout(500);
await page.getByLabel('Code aus der SMS').fill(await latestCode());
await page.getByRole('button', { name: 'Bestätigen' }).click();
await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().waitFor();
await page.goto('/depot');
await page.waitForTimeout(3000);
await page.screenshot({ path: out('depot'), fullPage: true });
await page.goto('/posteingang');
await page.waitForTimeout(2000);
await page.screenshot({ path: out('posteingang'), fullPage: true });
console.log('inbox:', (await page.locator('main').innerText()).slice(0, 600));
// A limit buy far below the market, then cancelled.
await page.goto('/wertpapier/DE0007164600');
await page.waitForTimeout(2500);
await page.screenshot({ path: out('instrument'), fullPage: true });
console.log('instrument page headings:', await page.getByRole('heading').allInnerTexts());
await browser.close();
