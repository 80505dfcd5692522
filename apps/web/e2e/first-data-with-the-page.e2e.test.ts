import { expect, it } from 'vitest';
import { browserForFile, createCustomer, signInWithTotpSetup } from './browser';

const files = browserForFile();

/**
 * A signed-in page names the customer's first data in its head (platform/static-web.ts), so the
 * browser asks for it beside the scripts. Each is asked for once: the app's own call takes the
 * preloaded answer instead of asking again, and nothing preloaded goes unused.
 */
it('the depot asks for the customer, the settings, the bell, the notices and the positions once, with the page', async () => {
  const page = await files.context.newPage();
  await signInWithTotpSetup(page, await createCustomer('preload'));
  const asked = new Map<string, number>();
  const unused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) unused.push(message.text());
  });
  await page.goto('/depot');
  await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
  // A new customer's depot: the welcome, once the positions (none) and the cash (none) are known.
  await page.getByRole('heading', { name: /^Willkommen bei Kontor/ }).waitFor();
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][crossorigin="use-credentials"]')].map((l) => new URL(l.href).pathname));
  expect(preloaded).toEqual(['/api/user/me', '/api/usersettings', '/api/notification', '/api/notes', '/api/trading/positions']);
  await expect.poll(() => preloaded.map((p) => asked.get(p) ?? 0), { timeout: 30_000 }).toEqual(preloaded.map(() => 1));
  // The app asks for these paths in no other form (another query would miss the preload).
  expect([...asked.keys()].filter((key) => preloaded.some((p) => key !== p && key.split('?')[0] === p))).toEqual([]);
  expect(unused).toEqual([]);
}, 120_000);
