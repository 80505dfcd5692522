import { describe, expect, it } from 'vitest';
import {
  ageOn,
  appropriateness,
  holderIsCustomer,
  isAdultOn,
  isAppropriate,
  parseOnboardingStep,
  PRODUCT_CLASSES,
  productClassOf,
  US_PERSON_MESSAGE,
  HOLDER_MESSAGE,
  type ExperienceProfile,
} from './onboarding';
import { onboardingApplicationSchema, startOnboardingRequestSchema } from './onboarding-contracts';
import { checkProofOfWork, leadingZeroBits, parseChallenge, solveChallenge, solveChallengeInSteps } from './proof-of-work';

const today = '2026-11-26';
const ctx = { today, name: { givenName: 'Erika', familyName: 'Mustermann' } };
const address = { street: 'Heidestraße', street2: '', houseNumber: '17', houseNumber2: null, postalCode: '51147', city: 'Köln', country: 'de' };
const personal = { salutation: 'FRAU', givenName: ' Erika ', familyName: 'Mustermann', birthDate: '1964-08-12', birthPlace: 'Berlin', nationality: 'DE', address };
const problemsOf = (r: { ok: boolean; problems?: { path: string; message: string }[] }) => (r.ok ? {} : Object.fromEntries(r.problems!.map((p) => [p.path, p.message])));

describe('personal data', () => {
  it('takes a complete adult and normalises her data', () => {
    const r = parseOnboardingStep('personal', personal, ctx);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data).toMatchObject({ givenName: 'Erika', address: { country: 'DE', street2: null } });
  });
  it('refuses someone who turns 18 tomorrow, takes her on her birthday', () => {
    expect(problemsOf(parseOnboardingStep('personal', { ...personal, birthDate: '2008-11-27' }, ctx))).toEqual({ birthDate: 'Ein Konto können Sie ab 18 Jahren eröffnen.' });
    expect(parseOnboardingStep('personal', { ...personal, birthDate: '2008-11-26' }, ctx).ok).toBe(true);
  });
  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(isAdultOn('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultOn('2008-02-29', '2026-03-01')).toBe(true);
    expect(ageOn('1964-08-12', today)).toBe(62);
  });
  it('refuses a postal code that does not fit the country, missing names and an unknown nationality', () => {
    const p = problemsOf(parseOnboardingStep('personal', { ...personal, givenName: '  ', nationality: 'XX', address: { ...address, postalCode: '1234' } }, ctx));
    expect(p).toMatchObject({ givenName: 'Bitte geben Sie Ihren Vornamen ein.', nationality: 'Bitte wählen Sie ein Land aus der Liste.', 'address.postalCode': 'Diese Postleitzahl passt nicht zu Deutschland.' });
  });
  it('refuses a birth date over 120 years ago and one in the future', () => {
    expect(problemsOf(parseOnboardingStep('personal', { ...personal, birthDate: '1900-01-01' }, ctx)).birthDate).toBe('Bitte prüfen Sie Ihr Geburtsdatum.');
    expect(problemsOf(parseOnboardingStep('personal', { ...personal, birthDate: '2030-01-01' }, ctx)).birthDate).toBe('Das Geburtsdatum liegt in der Zukunft.');
  });
});

describe('tax', () => {
  it('takes a German Steuer-ID with a good check digit and refuses one with a wrong one', () => {
    expect(parseOnboardingStep('tax', { taxResidences: [{ country: 'DE', taxId: '86 095 742 719' }], notUsPerson: true }, ctx)).toMatchObject({ ok: true, data: { taxResidences: [{ taxId: '86095742719' }] } });
    expect(problemsOf(parseOnboardingStep('tax', { taxResidences: [{ country: 'DE', taxId: '86095742718' }], notUsPerson: true }, ctx))['taxResidences.0.taxId']).toMatch(/ungültig/);
  });
  it('refuses a US person and the same country twice', () => {
    expect(problemsOf(parseOnboardingStep('tax', { taxResidences: [{ country: 'DE', taxId: '86095742719' }], notUsPerson: false }, ctx)).notUsPerson).toBe(US_PERSON_MESSAGE);
    const twice = problemsOf(parseOnboardingStep('tax', { taxResidences: [{ country: 'AT', taxId: 'AB12' }, { country: 'AT', taxId: 'AB12' }], notUsPerson: true }, ctx));
    expect(twice['taxResidences.1.country']).toBe('Dieses Land ist bereits angegeben.');
    expect(problemsOf(parseOnboardingStep('tax', { taxResidences: [], notUsPerson: true }, ctx)).taxResidences).toMatch(/mindestens ein Land/);
  });
});

describe('reference account and mobile number', () => {
  const account = { iban: 'de89 3704 0044 0532 0130 00', holder: 'erika  MUSTERMANN', mobileNumber: '0151 23456789' };
  it('takes an account in the customer’s name, in any case and either order', () => {
    expect(parseOnboardingStep('account', account, ctx)).toMatchObject({ ok: true, data: { iban: 'DE89370400440532013000', mobileNumber: '+4915123456789' } });
    expect(holderIsCustomer('Mustermann, Erika', ctx.name)).toBe(true);
  });
  it('refuses someone else’s account, a bad IBAN and a landline', () => {
    expect(problemsOf(parseOnboardingStep('account', { ...account, holder: 'Max Mustermann' }, ctx))).toEqual({ holder: HOLDER_MESSAGE });
    const p = problemsOf(parseOnboardingStep('account', { ...account, iban: 'DE89370400440532013001', mobileNumber: '030 1234567' }, ctx));
    expect(Object.keys(p).sort()).toEqual(['iban', 'mobileNumber']);
  });
});

describe('experience and terms', () => {
  const entry = { knowledge: true, years: 'UNDER_3', tradesPerYear: 'NONE' } as const;
  const profile = Object.fromEntries(PRODUCT_CLASSES.map((c) => [c, entry])) as ExperienceProfile;
  it('is appropriate only with knowledge and some experience', () => {
    expect(isAppropriate(entry)).toBe(true);
    expect(isAppropriate({ knowledge: true, years: 'NONE', tradesPerYear: 'NONE' })).toBe(false);
    expect(isAppropriate({ knowledge: false, years: '3_OR_MORE', tradesPerYear: 'OVER_10' })).toBe(false);
    expect(appropriateness({ ...profile, CRYPTO: { knowledge: false, years: 'NONE', tradesPerYear: 'NONE' } }).CRYPTO).toBe(false);
  });
  it('maps instrument types to product classes; indices, currencies and commodities are not checked', () => {
    expect(productClassOf('AKTIE')).toBe('SHARES');
    expect(productClassOf('KRYPTO')).toBe('CRYPTO');
    expect(productClassOf('INDEX')).toBeNull();
  });
  it('needs every class and every acknowledgement', () => {
    const { CRYPTO: _left, ...partial } = profile;
    expect(problemsOf(parseOnboardingStep('experience', partial, ctx)).CRYPTO).toBeDefined();
    const terms = problemsOf(parseOnboardingStep('terms', { termsAccepted: true, priceListAccepted: false }, ctx));
    expect(Object.keys(terms).sort()).toEqual(['preContractualInfoAccepted', 'priceListAccepted']);
    expect(parseOnboardingStep('terms', { termsAccepted: true, priceListAccepted: true, preContractualInfoAccepted: true }, ctx)).toMatchObject({ ok: true, data: { advertisingConsent: false } });
  });
});

describe('contracts', () => {
  it('lower-cases the e-mail and refuses a non-address', () => {
    expect(startOnboardingRequestSchema.parse({ email: ' Erika@Example.DE ' }).email).toBe('erika@example.de');
    expect(startOnboardingRequestSchema.safeParse({ email: 'erika' }).success).toBe(false);
    expect(onboardingApplicationSchema.shape.nextStep.options).toContain('password');
  });
});

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0x10, 0xff]))).toBe(11);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
  it('solves a challenge with the smallest counter the check accepts, and refuses a tampered one', () => {
    const challenge = 'v1.bm9uY2U.mhx3k2a0.8.bWFj';
    const token = solveChallenge(challenge, 8);
    const checked = checkProofOfWork(token);
    expect(checked).toMatchObject({ challengeText: challenge, challenge: { difficulty: 8, nonce: 'bm9uY2U' } });
    for (let n = 0; n < checked!.n; n++) expect(checkProofOfWork(`${challenge}:${n}`)).toBeNull();
    expect(checkProofOfWork(`${challenge}:0${checked!.n}`)).toBeNull();
    expect(parseChallenge('v1.a.b.99.c')).toBeNull();
  });
  it('in steps: the same token, a pause between batches, and a progress that rises to 1', async () => {
    const challenge = 'v1.bm9uY2U.mhx3k2a0.12.bWFj';
    const shares: number[] = [];
    let pauses = 0;
    const token = await solveChallengeInSteps(challenge, 12, { batch: 64, pause: async () => void pauses++, progress: (share) => shares.push(share) });
    expect(token).toBe(solveChallenge(challenge, 12));
    const n = checkProofOfWork(token)!.n;
    expect(pauses).toBe(Math.floor(n / 64));
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((share, i) => share > 0 && share <= 1 && (i === 0 || share >= shares[i - 1]!))).toBe(true);
  });
});
