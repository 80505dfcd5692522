import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  ERIKA,
  createCustomer,
  expectAccessible,
  launch,
  newContext,
  outboxMark,
  screenshot,
  signIn,
  signInWithTotpSetup,
  signOut,
  submitCredentials,
  totpCode,
  waitForCode,
} from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function freshPage(viewport: 'desktop' | 'mobile' = 'desktop'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('sign-in', () => {
  it('the demo customer signs in with the SMS code; tokens stay out of localStorage', async () => {
    const page = await freshPage();
    await page.goto('/anmelden');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await screenshot(page, 'auth-sign-in');

    const mark = await outboxMark(DEMO.phone!);
    await submitCredentials(page, DEMO);
    await page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' }).waitFor();
    await expect(page.getByText(/Wir haben Ihnen einen Code per SMS an \+\*+5678 gesendet\./).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'Anmeldung bestätigen (SMS)');
    await screenshot(page, 'auth-sms-code');

    await page.getByLabel('Code aus der SMS').fill(await waitForCode(DEMO.phone!, mark));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/depot');

    const storage = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(storage.local.every((key) => /\.(deviceKey|deviceGroupKey|randomPasswordKey)$/.test(key))).toBe(true);
    expect(storage.session.some((key) => key.endsWith('.accessToken'))).toBe(true);
    expect((await page.request.get('/api/auth')).status()).toBe(200);
    const me = (await (await page.request.get('/api/user/me')).json()) as { email: string; givenName: string };
    expect(me).toMatchObject({ email: DEMO.email, givenName: 'Max' });

    // A reload keeps the customer signed in (tokens in sessionStorage, API session cookie valid).
    await page.goto('/einstellungen');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    // The name shows in the personal data, and again as the reference account's holder once that card has loaded.
    await page.getByText('Max Mustermann').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/einstellungen');
    // A signed-in customer who opens the sign-in is sent on.
    await page.goto('/anmelden');
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();

    await signOut(page);
  });

  it('a visit to a protected page while signed out asks for the sign-in and returns there', async () => {
    const page = await freshPage();
    await page.goto('/orders?tab=offen');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/anmelden');
    await signIn(page, DEMO);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe('/orders?tab=offen');
    await signOut(page);
  });

  it('a wrong password gets a German message; missing fields get German field messages', async () => {
    const page = await freshPage();
    await page.goto('/anmelden');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.').waitFor();
    await page.getByText('Bitte geben Sie Ihr Passwort ein.').waitFor();
    await screenshot(page, 'auth-validation');

    await submitCredentials(page, { email: ERIKA.email, password: 'Falsch!Passwort1' });
    const alert = page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' });
    await alert.waitFor();
    await expectAccessible(page, 'Anmelden mit falschem Passwort');
    await screenshot(page, 'auth-wrong-password');
    // An unknown address gets the same answer: nobody learns who is a customer.
    await submitCredentials(page, { email: 'niemand@kontor.example', password: 'Falsch!Passwort1' });
    await alert.waitFor();

    // The right password resets the failed attempts, so no other test meets a warning.
    await signIn(page, ERIKA);
    await signOut(page);
  });

  it('warns before the attempt that locks the access, then says it is locked', async () => {
    const customer = await createCustomer('sperre');
    const page = await freshPage('mobile');
    await page.goto('/anmelden');
    const wrong = { email: customer.email, password: 'Falsch!Passwort1' };
    /** One refused attempt: the form empties the password field once the answer is in. */
    const attempt = async (credentials: typeof wrong) => {
      await submitCredentials(page, credentials);
      await page.waitForFunction(() => {
        const input = document.querySelector<HTMLInputElement>('input[type="password"]');
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Anmelden');
        return input?.value === '' && button && !button.hasAttribute('data-pending');
      });
    };
    for (let n = 1; n <= 3; n++) {
      await attempt(wrong);
      await page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' }).waitFor();
    }
    await attempt(wrong);
    await page.getByRole('alert').filter({ hasText: 'Achtung: Nach einem weiteren Fehlversuch wird Ihr Zugang vorübergehend gesperrt.' }).waitFor();
    await screenshot(page, 'auth-last-attempt');
    await attempt(wrong);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Zu viele Fehlversuche. Ihr Zugang ist vorübergehend gesperrt. Bitte versuchen Sie es in 15 Minuten erneut oder setzen Sie Ihr Passwort zurück.' })
      .waitFor();
    // Locked means locked: the right password does not get in either.
    await attempt(customer);
    await page.getByRole('alert').filter({ hasText: 'Zu viele Fehlversuche.' }).waitFor();
    await screenshot(page, 'auth-locked');
  });

  it('sign-out revokes the session: the API answers 401 and protected pages ask for the sign-in', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    expect((await page.request.get('/api/auth')).status()).toBe(200);
    const token = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.endsWith('.accessToken'));
      return key ? sessionStorage.getItem(key) : null;
    });
    expect(token).toBeTruthy();

    await signOut(page);
    await page.getByText('Sie haben sich abgemeldet. Bis bald!').waitFor();
    await screenshot(page, 'auth-signed-out');
    expect((await page.request.get('/api/auth')).status()).toBe(401);
    // The access token of the session is refused as well, not only the cookie gone.
    const withToken = await page.request.get('/api/auth', { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status()).toBe(401);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.endsWith('Token')))).toEqual([]);

    await page.goto('/einstellungen');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/anmelden');
  });

  it('"Dieses Gerät merken": the next sign-in on this browser needs no code', async () => {
    const page = await freshPage();
    await signIn(page, DEMO, { rememberDevice: true });
    await signOut(page);
    const mark = await outboxMark(DEMO.phone!);
    await submitCredentials(page, DEMO);
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    expect(await outboxMark(DEMO.phone!)).toBe(mark); // no SMS was sent
    // Clean up: this browser is forgotten again.
    await page.goto('/geraete');
    const current = page.getByRole('listitem').filter({ hasText: 'Dieses Gerät' });
    await current.getByRole('button', { name: /entfernen/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Entfernen' }).click();
    await page.getByText('Das Gerät wurde entfernt.').waitFor();
    await signOut(page);
  });
});

describe('the authenticator app', () => {
  // The account opening (account-opening.e2e.test.ts) creates customers with a mobile number; a
  // pool sign-up without one sets up the authenticator app at the first sign-in.
  it('a customer without a second factor sets up the app at the first sign-in and signs in with it', async () => {
    const page = await freshPage();
    const { email, password } = await createCustomer('neu');
    await page.goto('/anmelden');
    await submitCredentials(page, { email, password });

    await page.getByRole('heading', { level: 1, name: 'Zwei-Faktor-Authentifizierung einrichten' }).waitFor();
    await page.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).waitFor();
    await expectAccessible(page, 'Zwei-Faktor-Authentifizierung einrichten');
    await screenshot(page, 'auth-totp-setup');
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Code aus der Authenticator-App').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();

    await signOut(page);
    await submitCredentials(page, { email, password });
    await page.getByText('Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.').waitFor();
    await expectAccessible(page, 'Anmeldung bestätigen (App)');
    await screenshot(page, 'auth-totp-code');
    await page.getByLabel('Code aus der Authenticator-App').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    await signOut(page);
  });
});

describe('password', () => {
  it('forgot password: code from the outbox, a new password, then the sign-in works with it', async () => {
    const customer = await createCustomer('vergessen');
    const page = await freshPage('mobile');
    await page.goto('/anmelden');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Passwort vergessen' }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(customer.email);
    await screenshot(page, 'auth-forgot-password');
    const mark = await outboxMark(customer.email);
    await page.getByRole('button', { name: 'Code anfordern' }).click();
    await page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }).waitFor();

    // Spec §5: username, code and new password are all required.
    await page.getByLabel('E-Mail-Adresse').fill('');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.').waitFor();
    await page.getByText('Bitte geben Sie den Code ein.').waitFor();
    await page.getByText('Bitte geben Sie ein neues Passwort ein.').waitFor();
    await expectAccessible(page, 'Neues Passwort festlegen');
    await screenshot(page, 'auth-forgot-password-code');

    const newPassword = 'Neu!Passwort7';
    await page.getByLabel('E-Mail-Adresse').fill(customer.email);
    await page.getByLabel('Code', { exact: true }).fill(await waitForCode(customer.email, mark));
    await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.').waitFor();

    await signInWithTotpSetup(page, { ...customer, password: newPassword });
    await signOut(page);
  });

  it('change password in Einstellungen', async () => {
    const customer = await signInWithTotpSetup(await freshPage(), await createCustomer('aendern'));
    const page = contexts.at(-1)!.pages()[0]!;
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().getByRole('link', { name: 'Einstellungen' }).click();
    const card = page.getByRole('region', { name: 'Passwort ändern' });
    await card.getByLabel('Aktuelles Passwort').fill('Nicht!Richtig1');
    await card.getByLabel('Neues Passwort').fill('Geaendert!Pw8');
    await card.getByRole('button', { name: 'Passwort ändern' }).click();
    await card.getByRole('alert').filter({ hasText: 'Das aktuelle Passwort ist falsch.' }).waitFor();
    await screenshot(page, 'settings-change-password-error');

    await card.getByLabel('Aktuelles Passwort').fill(customer.password);
    await card.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Ihr Passwort wurde geändert.').waitFor();
    await signOut(page);

    await submitCredentials(page, customer);
    await page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' }).waitFor();
    await signIn(page, { ...customer, password: 'Geaendert!Pw8' });
    await signOut(page);
  });
});
