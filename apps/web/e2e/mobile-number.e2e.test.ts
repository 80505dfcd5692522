import { describe, expect, it } from 'vitest';
import { atBothWidths, browserForFile, createCustomer, expectAccessible, outboxMark, signInWithTotpSetup, uniquePhone, waitForCode } from './browser';

/**
 * Einstellungen → Mobilnummer für TANs, for a customer whose number is on file but not confirmed
 * yet: the code by SMS confirms it; the app offers no field to type a number of its own (the user
 * pool does not let the app write it) — on a laptop (1280 px) and a phone (360 px).
 */

const files = browserForFile();

describe('mobile number for TANs (Einstellungen)', () => {
  it('the number on file is confirmed with the SMS code and shows "bestätigt"; no field takes another number', async () => {
    const page = await files.context.newPage();
    const phone = uniquePhone();
    await signInWithTotpSetup(page, await createCustomer('mobil', { phone }));
    await page.goto('/einstellungen');
    const card = page.getByRole('region', { name: 'Mobilnummer für TANs' });
    await card.getByText('nicht bestätigt').waitFor();
    expect(await card.getByRole('textbox', { name: 'Mobilnummer' }).count()).toBe(0);
    await expectAccessible(page, 'Mobilnummer');
    await atBothWidths(page, 'mobile-number-unconfirmed');

    const mark = await outboxMark(phone);
    await card.getByRole('button', { name: 'Code per SMS senden' }).click();
    await card.getByText(`Wir haben Ihnen einen Code per SMS an +49 ••• ${phone.slice(-4)} gesendet.`).waitFor();
    await atBothWidths(page, 'mobile-number-code');

    await card.getByLabel('Code aus der SMS').fill(await waitForCode(phone, mark));
    await card.getByRole('button', { name: 'Bestätigen' }).click();
    await card.getByText('bestätigt', { exact: true }).waitFor();
    await page.getByText('Ihre Mobilnummer ist bestätigt.', { exact: false }).first().waitFor();
    // The number shows on its own card only (the personal details do not repeat it).
    await card.getByText(phone.slice(-4), { exact: false }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Persönliche Daten' }).getByText(phone.slice(-4), { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'Mobilnummer bestätigt');
    await atBothWidths(page, 'mobile-number-confirmed');
  });
});
