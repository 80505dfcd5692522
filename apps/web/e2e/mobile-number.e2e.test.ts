import { describe, expect, it } from 'vitest';
import { atBothWidths, browserForFile, createCustomer, expectAccessible, outboxMark, signInWithTotpSetup, uniquePhone, waitForCode } from './browser';

/**
 * Einstellungen → Mobilnummer für TANs, for a customer whose sign-up left no verified number: a
 * landline is refused with the server's reason, a mobile number is confirmed with the SMS code —
 * on a laptop (1280 px) and a phone (360 px).
 */

const files = browserForFile();

describe('mobile number for TANs (Einstellungen)', () => {
  it('a landline is refused with the reason; a mobile number is confirmed with the SMS code and shows "bestätigt"', async () => {
    const page = await files.context.newPage();
    await signInWithTotpSetup(page, await createCustomer('mobil'));
    await page.goto('/einstellungen');
    const card = page.getByRole('region', { name: 'Mobilnummer für TANs' });
    const field = card.getByRole('textbox', { name: 'Mobilnummer' });
    await card.getByText('Nicht hinterlegt').waitFor();

    await field.fill('030 1234567');
    await field.press('Enter');
    await card.getByText('Das ist keine Mobilfunknummer.', { exact: false }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'Mobilnummer');
    await atBothWidths(page, 'mobile-number-refused');

    const phone = uniquePhone();
    const mark = await outboxMark(phone);
    await field.fill(phone.replace('+49', '0'));
    await card.getByRole('button', { name: 'Nummer prüfen und Code senden' }).click();
    await card.getByText(`Wir haben Ihnen einen Code per SMS an +49 ••• ${phone.slice(-4)} gesendet.`).waitFor();
    await card.getByText('nicht bestätigt').waitFor();
    await atBothWidths(page, 'mobile-number-code');

    await card.getByLabel('Code aus der SMS').fill(await waitForCode(phone, mark));
    await card.getByRole('button', { name: 'Bestätigen' }).click();
    await card.getByText('bestätigt', { exact: true }).waitFor();
    await page.getByText('Ihre Mobilnummer ist bestätigt.', { exact: false }).first().waitFor();
    expect(await card.getByRole('textbox', { name: 'Mobilnummer' }).count()).toBe(0);
    // The profile shows the new number too.
    await page.getByRole('region', { name: 'Persönliche Daten' }).getByText(phone.slice(-4), { exact: false }).waitFor();
    await expectAccessible(page, 'Persönliche Daten');
    await atBothWidths(page, 'mobile-number-confirmed');
  });
});
