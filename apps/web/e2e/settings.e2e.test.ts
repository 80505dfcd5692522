import { describe, expect, it } from 'vitest';
import { createCustomer, expectAccessible, screenshot, signIn, signInWithTotpSetup, signOut, totpCode, uniquePhone, browserForFile } from './browser';

const files = browserForFile();

describe('two-factor settings (Einstellungen)', () => {
  it('switches between SMS and the authenticator app; the next sign-in asks for the chosen factor', async () => {
    const page = await files.context.newPage();
    const customer = await signInWithTotpSetup(page, await createCustomer('faktor', { phone: uniquePhone() }));
    await page.goto('/einstellungen');
    const card = page.getByRole('region', { name: 'Zwei-Faktor-Authentifizierung' });
    const methods = card.getByRole('list', { name: 'Zwei-Faktor-Authentifizierung' });
    const app = methods.getByRole('listitem').filter({ hasText: 'Authenticator-App' });
    const sms = methods.getByRole('listitem').filter({ hasText: 'SMS' });
    await app.getByText('Aktiv').waitFor();

    await sms.getByRole('button', { name: 'SMS verwenden' }).click();
    await page.getByText('Sie erhalten Ihren Anmeldecode ab jetzt per SMS.').waitFor();
    await sms.getByText('Aktiv').waitFor();
    await app.getByText('Eingerichtet').waitFor();
    await expectAccessible(page, 'Zwei-Faktor-Authentifizierung');
    await screenshot(page, 'settings-mfa');

    await signOut(page);
    await signIn(page, { email: customer.email, password: customer.password, phone: customer.phone! });

    await page.goto('/einstellungen');
    await app.getByRole('button', { name: 'Neu einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authenticator-App einrichten' });
    await dialog.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).waitFor();
    await expectAccessible(page, 'Authenticator-App einrichten');
    await screenshot(page, 'settings-totp-dialog');
    const secret = ((await dialog.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).not.toBe(customer.totpSecret);
    await dialog.getByLabel('Code aus der Authenticator-App').fill('123456');
    await dialog.getByRole('button', { name: 'Prüfen und aktivieren' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Der Code ist nicht richtig.' }).waitFor();
    await dialog.getByLabel('Code aus der Authenticator-App').fill(await totpCode(secret));
    await dialog.getByRole('button', { name: 'Prüfen und aktivieren' }).click();
    await page.getByText('Sie bestätigen Anmeldungen ab jetzt mit Ihrer Authenticator-App.').waitFor();
    await app.getByText('Aktiv').waitFor();

    await signOut(page);
    await signIn(page, { email: customer.email, password: customer.password, totpSecret: secret });
    await signOut(page);
  }, 240_000);
});
