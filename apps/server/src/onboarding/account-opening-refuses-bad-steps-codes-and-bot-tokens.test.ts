import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satisfiesDifficulty, solveChallenge } from '@kontor/domain/proof-of-work';
import { botToken, completeSteps, confirmedApplication, decideIdentification, GOOD_STEPS, latestCode, onboarding } from '../../test/onboarding-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What account opening refuses: requests without a good bot-protection token, wrong e-mail codes,
 * each step's bad input (with a German message at the field), and steps out of order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-26T10:00:00Z' });
});
afterAll(() => t.close());

const BOT_MESSAGE = 'Die Sicherheitsprüfung Ihres Browsers ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.';
const start = (email: string, bot?: string | false) => onboarding(t, 'startOnboarding', { email }, { bot });

describe('the bot-protection token', () => {
  it('lets a request with a solved challenge through', async () => {
    expect((await start('gut@kontor.example')).statusCode).toBe(200);
  });

  it('refuses a request without one (the client could not fetch it) with the German message', async () => {
    const res = await start('ohne@kontor.example', false);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: BOT_MESSAGE, status: 403, errors: [] });
  });

  it('refuses a forged one: a challenge Kontor did not sign, or unsolved work', async () => {
    const { challenge, difficulty } = (await t.call({ method: 'GET', url: '/api/bot-protection/challenge' })).json();
    const parts = challenge.split('.');
    const forged = [...parts.slice(0, 4), 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'].join('.');
    expect((await start('falsch@kontor.example', solveChallenge(forged, difficulty))).statusCode).toBe(403);
    // An easier difficulty than the one signed breaks the signature.
    const easier = [parts[0], parts[1], parts[2], '0', parts[4]].join('.');
    expect((await start('falsch@kontor.example', `${easier}:0`)).statusCode).toBe(403);
    expect((await start('falsch@kontor.example', 'kein-token')).statusCode).toBe(403);
  });

  it('refuses an expired one (issued more than 10 minutes ago)', async () => {
    const token = await botToken(t);
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await start('spaet@kontor.example', token)).statusCode).toBe(403);
  });

  it('refuses a replayed one, also with another solution of the same challenge', async () => {
    const token = await botToken(t);
    expect((await start('einmal@kontor.example', token)).statusCode).toBe(200);
    const again = await start('einmal@kontor.example', token);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(BOT_MESSAGE);
    const [challenge, n] = [token.slice(0, token.lastIndexOf(':')), Number(token.slice(token.lastIndexOf(':') + 1))];
    const { difficulty } = (await t.call({ method: 'GET', url: '/api/bot-protection/challenge' })).json();
    let other = n + 1;
    while (!satisfiesDifficulty(challenge, other, difficulty)) other++;
    expect((await start('einmal@kontor.example', `${challenge}:${other}`)).statusCode).toBe(403);
  });

  it('guards every state-changing onboarding call, not the reading ones', async () => {
    const { token } = await confirmedApplication(t, 'wache@kontor.example');
    expect((await onboarding(t, 'application/personal', GOOD_STEPS.personal, { method: 'PUT', token, bot: false })).statusCode).toBe(403);
    expect((await onboarding(t, 'signupuser', { password: 'Kontor!Test1' }, { token, bot: false })).statusCode).toBe(403);
    expect((await onboarding(t, 'application', undefined, { token })).statusCode).toBe(200);
  });
});

describe('the e-mail code', () => {
  it('says a wrong code at the field and voids the code after five', async () => {
    const { applicationId } = (await start('tippfehler@kontor.example')).json();
    const right = await latestCode(t, 'tippfehler@kontor.example');
    const wrong = right === '000000' ? '000001' : '000000';
    const first = await onboarding(t, 'registrationconfirmation', { applicationId, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors).toEqual([{ field: 'code', message: 'Der Code ist falsch. Bitte prüfen Sie Ihre Eingabe.' }]);
    for (let i = 0; i < 4; i++) await onboarding(t, 'registrationconfirmation', { applicationId, code: wrong });
    const late = await onboarding(t, 'registrationconfirmation', { applicationId, code: right });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.');
    const resent = await onboarding(t, 'resendConfirmationMail', { applicationId });
    expect(resent.json()).toEqual({ destination: 't***@k***' });
    const ok = await onboarding(t, 'registrationconfirmation', { applicationId, code: await latestCode(t, 'tippfehler@kontor.example') });
    expect(ok.statusCode).toBe(200);
  });

  it('sends at most five codes an hour to one address', async () => {
    const { applicationId } = (await start('viele@kontor.example')).json();
    for (let i = 0; i < 4; i++) expect((await onboarding(t, 'resendConfirmationMail', { applicationId })).statusCode).toBe(200);
    const sixth = await onboarding(t, 'resendConfirmationMail', { applicationId });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/zu viele Codes/);
    t.clock.advance(60 * 60_000);
    expect((await onboarding(t, 'resendConfirmationMail', { applicationId })).statusCode).toBe(200);
  });

  it('refuses the application without a token or with an unknown one', async () => {
    const expired = 'Ihre Sitzung zur Kontoeröffnung ist abgelaufen. Bitte bestätigen Sie Ihre E-Mail-Adresse erneut.';
    expect((await onboarding(t, 'application')).json()).toEqual({ message: expired, status: 401, errors: [] });
    expect((await onboarding(t, 'application', undefined, { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await start('keine-adresse')).statusCode).toBe(400);
  });
});

describe('the steps', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await confirmedApplication(t, 'schritte@kontor.example'));
  });
  const put = async (step: string, body: unknown) => onboarding(t, `application/${step}`, body, { method: 'PUT', token });
  const errorsOf = async (step: string, body: unknown) => {
    const res = await put(step, body);
    expect(res.statusCode).toBe(400);
    // The body lists each field's problems; grouped by field here to compare.
    const grouped: Record<string, string[]> = {};
    for (const e of res.json().errors as { field: string; message: string }[]) (grouped[e.field] ??= []).push(e.message);
    return grouped;
  };

  it('personal data: of age on the server’s day, a postal code of the country, names given', async () => {
    expect(await errorsOf('personal', { ...GOOD_STEPS.personal, birthDate: '2008-11-27' })).toEqual({ birthDate: ['Ein Konto können Sie ab 18 Jahren eröffnen.'] });
    const errors = await errorsOf('personal', { ...GOOD_STEPS.personal, familyName: '', address: { ...GOOD_STEPS.personal.address, postalCode: 'W1A 1AA' } });
    expect(errors).toEqual({ familyName: ['Bitte geben Sie Ihren Nachnamen ein.'], 'address.postalCode': ['Diese Postleitzahl passt nicht zu Deutschland.'] });
    expect((await put('personal', { ...GOOD_STEPS.personal, birthDate: '2008-11-26' })).statusCode).toBe(200);
  });

  it('tax: the Steuer-ID’s check digit, no US person', async () => {
    const errors = await errorsOf('tax', { taxResidences: [{ country: 'DE', taxId: '86095742718' }], notUsPerson: false });
    expect(errors).toEqual({ 'taxResidences.0.taxId': ['Diese Steuer-ID ist ungültig. Bitte prüfen Sie die Ziffern.'], notUsPerson: ['Kontor kann leider keine Konten für US-Personen führen.'] });
    expect((await put('tax', GOOD_STEPS.tax)).json().tax).toEqual({ taxResidences: [{ country: 'DE', taxId: '86095742719' }], notUsPerson: true });
  });

  it('reference account: in the customer’s own name, a valid IBAN, a mobile number', async () => {
    expect(await errorsOf('account', { ...GOOD_STEPS.account, holder: 'Max Mustermann' })).toEqual({ holder: ['Das Referenzkonto muss auf Ihren Namen lauten.'] });
    const errors = await errorsOf('account', { ...GOOD_STEPS.account, iban: 'DE00 1234', mobileNumber: '040 1234567' });
    expect(Object.keys(errors).sort()).toEqual(['iban', 'mobileNumber']);
    expect(errors.mobileNumber).toEqual(['Das ist keine Mobilnummer. Wir senden TANs per SMS – bitte geben Sie eine Handynummer an.']);
    expect((await put('account', { ...GOOD_STEPS.account, holder: 'SOMMER, Lena' })).statusCode).toBe(200);
  });

  it('experience: every product class answered', async () => {
    const { CRYPTO: _crypto, ...fourClasses } = GOOD_STEPS.experience;
    expect(Object.keys(await errorsOf('experience', fourClasses))).toEqual(['CRYPTO']);
    const errors = await errorsOf('experience', { ...GOOD_STEPS.experience, ETFS: { knowledge: true, years: 'EWIG', tradesPerYear: 'NONE' } });
    expect(errors).toEqual({ 'ETFS.years': ['Bitte wählen Sie, wie lange Sie damit handeln.'] });
  });

  it('identification needs every step first and names the ones missing', async () => {
    const res = await onboarding(t, 'application/identification', { method: 'EID' }, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Bitte vervollständigen Sie zuerst: „Kenntnisse und Erfahrungen“, „Bedingungen“.');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['experience', 'terms']);
  });

  it('terms: the three acknowledgements; advertising consent optional', async () => {
    const errors = await errorsOf('terms', { termsAccepted: true, priceListAccepted: false });
    expect(errors).toEqual({
      priceListAccepted: ['Bitte bestätigen Sie das Preis- und Leistungsverzeichnis.'],
      preContractualInfoAccepted: ['Bitte bestätigen Sie die vorvertraglichen Informationen.'],
    });
  });

  it('a rejected identification can be started again after correcting a step', async () => {
    await completeSteps(t, token);
    const { id } = (await onboarding(t, 'application/identification', { method: 'EID' }, { token })).json();
    const rejected = await decideIdentification(t, id, 'REJECTED');
    expect(rejected.json()).toMatchObject({ status: 'IDENT_REJECTED', nextStep: 'identification', identification: { status: 'REJECTED' } });
    expect((await decideIdentification(t, id, 'APPROVED')).statusCode).toBe(409);
    expect((await put('personal', { ...GOOD_STEPS.personal, birthPlace: 'Lübeck' })).statusCode).toBe(200);
    expect((await onboarding(t, 'application/identification', { method: 'VIDEO_IDENT' }, { token })).json()).toMatchObject({ status: 'IDENT_PENDING' });
  });

  it('a running identification can be stopped: back to the choice of method, the provider\'s later verdict refused, another method started', async () => {
    const { id } = (await onboarding(t, 'application/identification', undefined, { method: 'DELETE', token })).json();
    const stopped = await onboarding(t, 'application', undefined, { token });
    expect(stopped.json()).toMatchObject({ id, status: 'OPEN', nextStep: 'identification', identification: null });
    expect((await decideIdentification(t, id, 'APPROVED')).statusCode).toBe(409);
    // Nothing runs now: stopping again is refused in German.
    const again = await onboarding(t, 'application/identification', undefined, { method: 'DELETE', token });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Für diesen Antrag läuft keine Identifizierung.']);
    expect((await onboarding(t, 'application/identification', { method: 'EID' }, { token })).json()).toMatchObject({ status: 'IDENT_PENDING', identification: { method: 'EID' } });
  });
});
