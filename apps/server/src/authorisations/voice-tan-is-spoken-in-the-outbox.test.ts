import { formatEuro } from '@kontor/domain/numbers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTan, verifyTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-voice');
});
afterAll(() => t?.close());

const payout = { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '100', iban: 'DE89 3704 0044 0532 0130 00' } } as const;
const WORDS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];

describe('the TAN names what it authorises (PSD2 RTS Art. 5: dynamic linking)', () => {
  it('by SMS: the code, the amount and the masked IBAN', async () => {
    const { challenge, tan, message } = await requestTan(t, anna, payout);
    expect(challenge).toMatchObject({ channel: 'SMS', summary: `Auszahlung ${formatEuro('100.00')} an DE89 •••• 3000` });
    expect(challenge.sentTo).toMatch(/^\+49 [•\s]+\d\d$/);
    expect(message).toMatchObject({ channel: 'sms', recipient: anna.phone });
    expect(message.text).toBe(`Kontor-TAN ${tan} für Auszahlung ${formatEuro('100.00')} an DE89 •••• 3000. Geben Sie die TAN niemals weiter.`);
  });

  it('by voice (useSpeech=true): the outbox holds the spoken text, digit by digit, then what it authorises', async () => {
    const { challenge, tan, message } = await requestTan(t, anna, payout, { useSpeech: true });
    expect(challenge.channel).toBe('VOICE');
    expect(message.channel).toBe('voice');
    const spoken = [...tan].map((d) => WORDS[Number(d)]).join(', ');
    expect(message.text.startsWith(`Ihre Kontor-TAN lautet: ${spoken}.`)).toBe(true);
    expect(message.text).toContain(`Auszahlung ${formatEuro('100.00')} an DE89 … 3000`);
    expect(message.text).not.toContain(tan);
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
  });

  it('refuses a customer without a verified mobile number with a clear 409', async () => {
    const carl = await signedInCustomer(t.app, t.database.db, 'carl-ohne-handy');
    // The number is not (or no longer) verified: no TAN can go to it.
    const user = await t.app.identityStore!.userBySub(carl.sub);
    await t.app.identityStore!.updateUser(carl.sub, { attributes: { ...user!.attributes, phone_number_verified: 'false' } });
    const res = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: carl.headers, payload: payout });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('keine bestätigte Mobilnummer');
  });
});
