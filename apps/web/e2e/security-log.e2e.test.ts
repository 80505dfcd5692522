import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atBothWidths, browserForFile, createCustomer, expectAxeClean, noHorizontalScroll, resultsDir, signInWithTotpSetup, submitCredentials } from './browser';

/**
 * Einstellungen → Sicherheitsprotokoll: a customer mistypes the password once, then signs in; the
 * settings list the sign-in and the failed attempt, newest first, with browser and place — at
 * 1280 and 360 px. Paging by keyboard and the empty state: security-log-card.test.tsx.
 */

const files = browserForFile();

describe('the security log in the settings', () => {
  it('shows the failed sign-in and the sign-in with browser and place', async () => {
    const page: Page = await files.context.newPage();
    const customer = await createCustomer('protokoll');
    await page.goto('/anmelden');
    await submitCredentials(page, { email: customer.email, password: 'Falsch!Passwort9' });
    await page.getByText('E-Mail-Adresse oder Passwort ist falsch.').waitFor();
    await signInWithTotpSetup(page, customer);

    await page.goto('/einstellungen');
    const card = page.getByRole('region', { name: 'Sicherheitsprotokoll' });
    const entries = card.getByRole('list', { name: 'Sicherheitsprotokoll' }).getByRole('listitem');
    await entries.first().waitFor();
    // Setting up the authenticator app at the first sign-in is a change of the second factor.
    expect(await entries.locator('strong').allTextContents()).toEqual(['Anmeldung', 'Zwei-Faktor-Authentifizierung geändert', 'Fehlgeschlagene Anmeldung']);
    const signIn = entries.first();
    await expect.poll(() => signIn.textContent()).toMatch(/Chrome \d+ · Linux · Lokales Netz · 127\.0\.0\.x/);
    expect(await entries.nth(2).textContent()).toContain('Lokales Netz');

    await atBothWidths(page, 'settings-security-log', async (p) => {
      await card.scrollIntoViewIfNeeded();
      await noHorizontalScroll(p);
      await expectAxeClean(p);
      await card.screenshot({ path: path.join(resultsDir, `security-log-card-${p.viewportSize()!.width}.png`) });
    });

  }, 240_000);
});
