import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from './customers.ts';
import { signIn } from '../../test/customer.ts';
import { completeSteps, confirmedApplication, decideIdentification, GOOD_STEPS, latestCode, onboarding } from '../../test/onboarding-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The whole account opening as the web drives it: e-mail code, the five steps, identification
 * approved by the simulated provider, password; then the customer signs in like any other, finds
 * the account-opening PDF and a welcome message, and trading knows the appropriateness answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-26T10:00:00Z' });
});
afterAll(() => t.close());

const email = 'lena.sommer@kontor.example';
const PASSWORD = 'Kontor!Test1';

describe('account opening from the e-mail code to the first sign-in', () => {
  let applicationId: string;
  let token: string;

  it('sends a code to the e-mail address and gives a token for the confirmed address', async () => {
    const started = await onboarding(t, 'startOnboarding', { email: ' Lena.Sommer@Kontor.example ' });
    expect(started.statusCode).toBe(200);
    expect(started.json().destination).toBe('l***@k***');
    applicationId = started.json().applicationId;
    const code = await latestCode(t, email);
    const confirmed = await onboarding(t, 'registrationconfirmation', { applicationId, code });
    expect(confirmed.statusCode).toBe(200);
    token = confirmed.json().token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(confirmed.json().application).toMatchObject({ id: applicationId, email, status: 'OPEN', nextStep: 'personal' });
  });

  it('continues where the customer stopped, on another device through a new code to the same address', async () => {
    await completeSteps(t, token, { experience: undefined, terms: undefined } as never);
    const again = await confirmedApplication(t, email);
    expect(again.applicationId).toBe(applicationId);
    const app = (await onboarding(t, 'application', undefined, { token: again.token })).json();
    expect(app.steps).toEqual({ personal: true, tax: true, account: true, experience: true, terms: true });
    expect(app.nextStep).toBe('identification');
    expect(app.personal.givenName).toBe('Lena');
    expect(app.account).toEqual({ iban: 'DE89370400440532013000', holder: 'Lena Sommer', mobileNumber: '+4915123456789' });
    // The new device's token replaces the old one.
    expect((await onboarding(t, 'application', undefined, { token })).statusCode).toBe(401);
    token = again.token;
  });

  it('waits for the identification, lists it for the dev page and refuses the password before approval', async () => {
    const started = await onboarding(t, 'application/identification', { method: 'VIDEO_IDENT' }, { token });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'IDENT_PENDING', identification: { method: 'VIDEO_IDENT', status: 'PENDING', decidedAt: null } });
    const pending = (await t.call({ method: 'GET', url: '/api/dev/onboarding/identifications' })).json().items;
    expect(pending).toEqual([expect.objectContaining({ applicationId, givenName: 'Lena', familyName: 'Sommer', method: 'VIDEO_IDENT' })]);
    const early = await onboarding(t, 'signupuser', { password: PASSWORD }, { token });
    expect(early.statusCode).toBe(409);
    const locked = await onboarding(t, 'application/personal', GOOD_STEPS.personal, { method: 'PUT', token });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Ihre Angaben sind bereits zur Identifizierung übermittelt.');
  });

  it('opens the account once approved, and a repeat of signupuser answers the same', async () => {
    const approved = await decideIdentification(t, applicationId, 'APPROVED');
    expect(approved.json()).toMatchObject({ status: 'APPROVED', nextStep: 'password', identification: { status: 'APPROVED' } });
    const weak = await onboarding(t, 'signupuser', { password: 'kurz' }, { token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({ field: 'password', message: expect.stringContaining('Mindestens 8 Zeichen') });
    const done = await onboarding(t, 'signupuser', { password: PASSWORD }, { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email });
    const repeat = await onboarding(t, 'signupuser', { password: PASSWORD }, { token });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ email });
    expect((await onboarding(t, 'application', undefined, { token })).json()).toMatchObject({ status: 'COMPLETED', nextStep: 'done' });
    // One user, however often it was asked.
    expect(await t.app.identityStore!.findUser(t.config.identity.poolId, email)).toBeDefined();
  });

  it('refuses a new application for the e-mail of the account', async () => {
    const res = await onboarding(t, 'startOnboarding', { email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.');
  });

  it('lets the new customer sign in with the password and the SMS code to the mobile number given', async () => {
    const customer = await signIn(t.app, t.database.db, email, '+4915123456789');
    const headers = customer.headers;
    const me = await t.call({ method: 'GET', url: '/api/usersettings', headers });
    expect(me.json()).toMatchObject({
      address: { street: 'Elbchaussee', houseNumber: '12', houseNumber2: 'a', postalCode: '22765', city: 'Hamburg', country: 'DE' },
      taxResidences: [{ country: 'DE', taxId: '86095742719' }],
      // The consent given in the terms step, switched later with toggleadagree.
      preferences: { adAgree: true },
    });
    const money = (await t.call({ method: 'GET', url: '/api/moneytransaction', headers })).json();
    expect(money.referenceAccount).toMatchObject({ holder: 'Lena Sommer' });

    const experience = (await t.call({ method: 'GET', url: '/api/user/experience', headers })).json();
    expect(experience.appropriate).toEqual({ SHARES: true, ETFS: true, FUNDS: true, DERIVATIVES: false, CRYPTO: false });
    expect(experience.profile.SHARES).toEqual(GOOD_STEPS.experience.SHARES);

    const messages = (await t.call({ method: 'GET', url: '/api/posteingang/messages', headers })).json().messages;
    expect(messages.map((m: { title: string }) => m.title)).toContain('Willkommen bei Kontor');

    const documents = (await t.call({ method: 'GET', url: '/api/posteingang?category=VERTRAEGE', headers })).json().documents;
    expect(documents).toEqual([expect.objectContaining({ kind: 'account_opening', category: 'VERTRAEGE', title: 'Kontoeröffnungsunterlagen' })]);

    const pdf = await t.call({ method: 'GET', url: '/api/user/registrationpdf', headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const shown of ['Ihre Kontoeröffnung bei Kontor', 'Lena Sommer', '17.04.1990', 'Hamburg', 'Elbchaussee 12 a, 22765 Hamburg, Deutschland', '86095742719', 'DE89 3704 0044 0532 0130 00', 'Derivate', 'Video-Ident, bestätigt am 26.11.2026', 'Einwilligung in Werbung']) {
      expect(text).toContain(shown);
    }
    // A letter to the address given in the application, where the envelope's window shows it.
    expect(text).toContain('Kontor · Musterstraße 1 · 10115 Berlin\nLena Sommer\nElbchaussee 12 a\n22765 Hamburg\nIhre Kontoeröffnung bei Kontor');
    // The same bytes as the document in the Posteingang.
    const stored = await t.call({ method: 'GET', url: `/api/posteingang/${documents[0].id}/pdf`, headers });
    expect(stored.rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('gives a customer from before account opening no profile (no warning) and no PDF', async () => {
    const other = await t.app.identity!.createUser({ username: 'alt@kontor.example', password: PASSWORD, smsMfa: true, attributes: { email: 'alt@kontor.example', email_verified: 'true', phone_number: '+4915199999999', phone_number_verified: 'true' } });
    // A customer from before the register was taken into it by its migration (via EXISTING).
    await registerCustomer(t.database.db, other.sub, 'TEST', new Date());
    const customer = await signIn(t.app, t.database.db, 'alt@kontor.example', '+4915199999999');
    expect(customer.sub).toBe(other.sub);
    expect((await t.call({ method: 'GET', url: '/api/user/experience', headers: customer.headers })).json()).toEqual({ profile: null, appropriate: null });
    expect((await t.call({ method: 'GET', url: '/api/user/registrationpdf', headers: customer.headers })).statusCode).toBe(404);
  });
});
