import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const resultsDir = path.resolve(new URL('.', import.meta.url).pathname, '../test-results');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  mobile: { width: 360, height: 740 },
} as const;

/**
 * The run's Chromium (started once by global-setup.ts), connected for a test file: a file's
 * close() closes its contexts and disconnects, and the next file connects in a few milliseconds
 * instead of starting and stopping a Chromium of its own (about a second each).
 */
export async function launch(): Promise<Browser> {
  return chromium.connect(inject('browserWSEndpoint'));
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * Service workers are blocked: the app's (production builds register one) would stand between the
 * page and the requests tests route, count or expect to fail; e2e/pwa.e2e.test.ts allows it.
 */
export async function newContext(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = 'desktop',
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS[viewport], locale: 'de-DE', timezoneId: 'Europe/Berlin', serviceWorkers });
}

/**
 * The run's browser and one context (1280 px) for a test file: connected before its tests, closed
 * after them. Read `context` inside a test or hook (it is there once the file's tests run).
 */
export function browserForFile(): { readonly context: BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
    context = await newContext(browser, 'desktop');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  return {
    get context() {
      if (!context) throw new Error('no browser yet: read context inside a test');
      return context;
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  // Dialogs and popovers fade in: capture them once they are there.
  await page.waitForFunction(() => !document.querySelector('[data-entering], [data-exiting]'), undefined, { timeout: 5_000 }).catch(() => {});
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Accessibility violations of impact serious or critical (WCAG 2.x A/AA) of the page.
 * A react-aria button that was pending when it left the page (e.g. "Bestätigen" of the sign-in)
 * leaves an announcement in the live region for 7 s whose label points at the removed button;
 * axe leaves out those passing announcements (react-aria's, not ours, and gone 7 s later) instead
 * of waiting them out: the page is checked as a customer's screen reader meets it after them.
 */
export async function seriousA11yViolations(page: Page) {
  // Legacy mode runs axe in the page itself instead of opening a blank tab per run to merge the
  // frames' results (half the time of a run); it leaves out cross-origin frames, and the app has
  // no frames. Only violations are collected: passes and incomplete were thrown away.
  // (options() replaces what withTags set: it comes first.)
  let axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-live-announcer] [role="img"]');
  // An open react-aria ComboBox (the search) aria-hides the rest of the page so that a screen reader
  // reaches its portalled list (adobe/react-spectrum#4937); Tab out of it closes it and unhides the
  // page. axe's aria-hidden-focus would flag every link behind it: left out in that state only.
  if (await page.locator('[role="combobox"][aria-expanded="true"]').count()) axe = axe.disableRules(['aria-hidden-focus']);
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Fails the test on any serious or critical accessibility violation of the page, at its current width only. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

type Width = keyof typeof VIEWPORTS;

/** Resizes the page and waits until the layout followed (media queries, the width hooks, fading overlays). */
async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((w) => window.innerWidth === w, size.width);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => !document.querySelector('[data-entering], [data-exiting]'), undefined, { timeout: 5_000 }).catch(() => {});
}

/**
 * Runs axe (WCAG 2.1 A/AA) on the page as it is, at 1280 and at 360 px: once at its current width,
 * then resized to the other and back, and fails on a serious or critical violation with one readable
 * line per rule (`name` says which page/state). `widths` leaves one out where the test itself checks
 * the page at the other width next. Call it once per page and state, not per step: each run costs.
 */
export async function expectAccessible(page: Page, name: string, widths: readonly Width[] = ['desktop', 'mobile']): Promise<void> {
  const original = page.viewportSize();
  const current: Width = original && original.width <= VIEWPORTS.mobile.width ? 'mobile' : 'desktop';
  const order = [...widths].sort((a, b) => (a === current ? -1 : b === current ? 1 : 0));
  const problems: string[] = [];
  for (const width of order) {
    if (width !== current) await resizeTo(page, VIEWPORTS[width]);
    for (const v of await seriousA11yViolations(page)) problems.push(`${name} at ${VIEWPORTS[width].width} px: ${v.id} (${v.help}): ${v.nodes.join(', ')}`);
  }
  if (original && order.some((w) => w !== current)) await resizeTo(page, original);
  expect(problems, `accessibility of ${name} (${new URL(page.url()).pathname})`).toEqual([]);
}

/** The page fits its viewport: nothing to scroll sideways (the 360 px checks). */
export async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

/**
 * The same state at 1280 and then 360 px (`<name>-1280.png`, `<name>-360.png`); `check` runs at
 * each width before its screenshot. Ends at 1280 px.
 */
export async function atBothWidths(page: Page, name: string, check?: (page: Page) => Promise<void>): Promise<void> {
  for (const [width, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['360', VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await check?.(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** "1.234,56 €" → 1234.56 (for comparing amounts the page shows); a "−" counts. */
export function euros(text: string | null): number {
  const match = (text ?? '').replace(/\u2212/g, '-').match(/-?[\d.]+,\d+/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0].replace(/\./g, '').replace(',', '.'));
}

/** Moves the simulated price at once (development tool of the embedded server). */
export async function movePrice(page: Page, isin: string, percent: string): Promise<void> {
  const res = await page.request.post('/dev/market/move', { data: { isin, percent } });
  expect(res.status()).toBe(200);
}

// ── Customers, the outbox and the sign-in ─────────────────────────────────────────────────────

export type Customer = {
  email: string;
  password: string;
  /** SMS customers: the mobile number the code goes to. */
  phone?: string;
  /** Customers with an authenticator app: the TOTP secret (base32). */
  totpSecret?: string;
};

/** The seeded customers of the embedded server (apps/server/src/seed.ts). */
export const DEMO: Customer = { email: 'demo@kontor.example', password: 'Kontor!Demo1', phone: '+4915112345678' };
export const ERIKA: Customer = { email: 'erika@kontor.example', password: 'Kontor!Erika2', phone: '+4917698765432' };

type OutboxEntry = { recipient: string; channel: 'sms' | 'voice' | 'email'; text: string; code: string | null; time: string };

export async function outbox(): Promise<OutboxEntry[]> {
  const res = await fetch(`${baseUrl()}/dev/outbox.json`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return (await res.json()) as OutboxEntry[];
}

/** Marks what the outbox holds for a recipient now, so that waitForCode finds only newer codes. */
export async function outboxMark(recipient: string): Promise<string> {
  const latest = (await outbox()).find((m) => m.recipient === recipient);
  return latest ? `${latest.time}|${latest.code}` : '';
}

/** The newest code sent to the recipient after the mark. */
export async function waitForCode(recipient: string, mark: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = (await outbox()).find((m) => m.recipient === recipient);
    if (latest?.code && `${latest.time}|${latest.code}` !== mark) return latest.code;
    if (Date.now() > deadline) throw new Error(`no new code for ${recipient} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The current code of an authenticator app. */
const lastTotpStep = new Map<string, number>();
/**
 * The authenticator app's code. The pool takes each code once (RFC 6238 §5.2) and one step of
 * drift ahead, so a second sign-in in the same 30 seconds uses the next step's code, and a third
 * waits until the clock has reached the step after the last one used.
 */
export async function totpCode(secret: string): Promise<string> {
  const key = secret.replace(/\s+/g, '');
  const stepNow = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(stepNow(), (lastTotpStep.get(key) ?? -1) + 1);
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  lastTotpStep.set(key, step);
  return new TOTP({ issuer: 'Kontor', label: 'Kontor', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) }).generate({ timestamp: step * 30_000 });
}

/** Fills the e-mail/password form on /anmelden (the page must show it) and submits it. */
export async function submitCredentials(page: Page, customer: Pick<Customer, 'email' | 'password'>): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
  await page.getByLabel('E-Mail-Adresse').fill(customer.email);
  await page.getByLabel('Passwort', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * Signs in through the UI: e-mail and password, then the SMS code from the outbox (or the code of
 * the authenticator app). Opens /anmelden unless the page already shows it (e.g. after a redirect
 * from a protected page). Returns when the signed-in app shows.
 */
export async function signIn(page: Page, customer: Customer, options: { rememberDevice?: boolean } = {}): Promise<void> {
  if (!new URL(page.url(), baseUrl()).pathname.startsWith('/anmelden')) await page.goto('/anmelden');
  const mark = customer.phone ? await outboxMark(customer.phone) : '';
  await submitCredentials(page, customer);
  const codeScreen = page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' });
  const signedIn = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
  await codeScreen.or(signedIn).waitFor();
  if (await codeScreen.isVisible()) {
    const sms = page.getByLabel('Code aus der SMS');
    if (await sms.isVisible()) {
      if (!customer.phone) throw new Error(`${customer.email}: SMS code asked, but the test knows no phone`);
      await sms.fill(await waitForCode(customer.phone, mark));
    } else {
      if (!customer.totpSecret) throw new Error(`${customer.email}: app code asked, but the test knows no secret`);
      await page.getByLabel('Code aus der Authenticator-App').fill(await totpCode(customer.totpSecret));
    }
    if (options.rememberDevice) await page.getByText('Dieses Gerät merken').click();
    await page.getByRole('button', { name: 'Bestätigen' }).click();
  }
  await signedIn.waitFor();
}

/** Signs out through the customer menu; returns when the sign-in screen shows. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Kundenmenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
}

/** One call to the user pool's wire protocol, from Node (setup only; the app uses its client). */
export async function identity(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const config = (await (await fetch(`${baseUrl()}/config.json`)).json()) as { identity: { userPoolClientId: string; userPoolEndpoint: string } };
  const res = await fetch(config.identity.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify({ ClientId: config.identity.userPoolClientId, ...body }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${action}: ${String(json.__type)} ${String(json.message)}`);
  return json;
}

/**
 * A fresh customer of this test file, made as the account opening makes one (the developer
 * tools' POST /dev/customers: the pool's admin call and Kontor's register; the pool's own sign-up
 * is closed), so that tests which change a customer never touch another file's. Without a second
 * factor yet: the first sign-in sets up the authenticator app; a phone given is not confirmed yet.
 */
export async function createCustomer(prefix: string, options: { phone?: string } = {}): Promise<Customer> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@kontor.example`;
  const password = 'Kontor!Test9';
  const res = await fetch(`${baseUrl()}/dev/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, givenName: 'Testa', familyName: 'Kundin', ...(options.phone ? { phone: options.phone, phoneVerified: false } : {}) }),
  });
  if (res.status !== 201) throw new Error(`POST /dev/customers answered ${res.status}: ${await res.text()}`);
  return { email, password, ...(options.phone ? { phone: options.phone } : {}) };
}

/**
 * A TAN goes only to a confirmed mobile number: the customer confirms hers with the code the pool
 * sends (GetUserAttributeVerificationCode / VerifyUserAttribute with the tab's access token).
 */
export async function confirmMobileNumber(page: Page, phone: string): Promise<void> {
  const accessToken = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith('.accessToken'));
    return key ? sessionStorage.getItem(key) : null;
  });
  if (!accessToken) throw new Error('no access token in the tab');
  const mark = await outboxMark(phone);
  await identity('GetUserAttributeVerificationCode', { AccessToken: accessToken, AttributeName: 'phone_number' });
  await identity('VerifyUserAttribute', { AccessToken: accessToken, AttributeName: 'phone_number', Code: await waitForCode(phone, mark) });
}

/** A German mobile number nobody else in this test run has. */
export function uniquePhone(): string {
  return `+49157${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Signs in a customer without a second factor and sets up the authenticator app; keeps the secret. */
export async function signInWithTotpSetup(page: Page, customer: Customer): Promise<Customer> {
  if (!new URL(page.url(), baseUrl()).pathname.startsWith('/anmelden')) await page.goto('/anmelden');
  await submitCredentials(page, customer);
  await page.getByRole('heading', { level: 1, name: 'Zwei-Faktor-Authentifizierung einrichten' }).waitFor();
  const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code aus der Authenticator-App').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().waitFor();
  customer.totpSecret = secret;
  return customer;
}

/** An API call with the page's session, as the web app makes it (XSRF double-submit); `headers` on top (an Idempotency-Key). */
export async function api(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body, headers },
  );
}
