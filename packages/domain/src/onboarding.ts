import { z } from 'zod';
import type { InstrumentType } from './enums';
import { ibanProblem, normaliseIban } from './iban';
import { checkMobileNumber } from './mobile-number';
import { normalizePostalCode } from './postal-code';
import { compactTaxId } from './tax-id';
import { countryCode, type FieldProblem, optionalText, postalCodeIssue, taxIdIssue, text } from './service-requests';
import { typedText } from './text';

/**
 * Account opening (Kontoeröffnung): the steps' rules, shared by the web form and the server. Each
 * step is one schema of the rules that need no context; `parseOnboardingStep` adds the ones that do
 * (the customer's age on the server's day, the reference account in the customer's own name).
 */

export const ONBOARDING_STEPS = ['personal', 'tax', 'account', 'experience', 'terms'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STEP_LABELS: Readonly<Record<OnboardingStep, string>> = {
  personal: 'Persönliche Daten',
  tax: 'Steuerliche Angaben',
  account: 'Referenzkonto und Mobilnummer',
  experience: 'Kenntnisse und Erfahrungen',
  terms: 'Bedingungen',
};

/** What the customer does next; `identification`, `password` and `done` follow the five steps. */
export const ONBOARDING_NEXT_STEPS = [...ONBOARDING_STEPS, 'identification', 'password', 'done'] as const;
export type OnboardingNextStep = (typeof ONBOARDING_NEXT_STEPS)[number];

export const APPLICATION_STATUSES = ['OPEN', 'IDENT_PENDING', 'IDENT_REJECTED', 'APPROVED', 'COMPLETED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const IDENTIFICATION_METHODS = ['VIDEO_IDENT', 'EID'] as const;
export type IdentificationMethod = (typeof IDENTIFICATION_METHODS)[number];
export const IDENTIFICATION_METHOD_LABELS: Readonly<Record<IdentificationMethod, string>> = {
  VIDEO_IDENT: 'Video-Ident',
  EID: 'Online-Ausweis (eID)',
};
export const IDENTIFICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type IdentificationStatus = (typeof IDENTIFICATION_STATUSES)[number];
export const IDENTIFICATION_RESULTS = ['APPROVED', 'REJECTED'] as const;
export type IdentificationResult = (typeof IDENTIFICATION_RESULTS)[number];

export const SALUTATIONS = ['HERR', 'FRAU', 'DIVERS', 'KEINE'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
export const SALUTATION_LABELS: Readonly<Record<Salutation, string>> = {
  HERR: 'Herr',
  FRAU: 'Frau',
  DIVERS: 'Divers',
  KEINE: 'Keine Angabe',
};

// ---------------------------------------------------------------------------------------------
// Experience and knowledge (§63(10) WpHG appropriateness test)

export const PRODUCT_CLASSES = ['SHARES', 'ETFS', 'FUNDS', 'DERIVATIVES', 'CRYPTO'] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];
export const PRODUCT_CLASS_LABELS: Readonly<Record<ProductClass, string>> = {
  SHARES: 'Aktien',
  ETFS: 'ETFs',
  FUNDS: 'Fonds',
  DERIVATIVES: 'Derivate',
  CRYPTO: 'Kryptowerte',
};

export const EXPERIENCE_YEARS = ['NONE', 'UNDER_3', '3_OR_MORE'] as const;
export type ExperienceYears = (typeof EXPERIENCE_YEARS)[number];
export const EXPERIENCE_YEARS_LABELS: Readonly<Record<ExperienceYears, string>> = {
  NONE: 'Keine',
  UNDER_3: 'Weniger als 3 Jahre',
  '3_OR_MORE': '3 Jahre oder mehr',
};

export const TRADES_PER_YEAR = ['NONE', '1_TO_10', 'OVER_10'] as const;
export type TradesPerYear = (typeof TRADES_PER_YEAR)[number];
export const TRADES_PER_YEAR_LABELS: Readonly<Record<TradesPerYear, string>> = {
  NONE: 'Keine',
  '1_TO_10': '1 bis 10 pro Jahr',
  OVER_10: 'Mehr als 10 pro Jahr',
};

export const experienceEntrySchema = z.object({
  knowledge: z.boolean({ message: 'Bitte geben Sie an, ob Sie diese Produkte kennen.' }),
  years: z.enum(EXPERIENCE_YEARS, { message: 'Bitte wählen Sie, wie lange Sie damit handeln.' }),
  tradesPerYear: z.enum(TRADES_PER_YEAR, { message: 'Bitte wählen Sie, wie oft Sie damit handeln.' }),
});
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

export const experienceProfileSchema = z.object(
  Object.fromEntries(PRODUCT_CLASSES.map((c) => [c, experienceEntrySchema])) as Record<ProductClass, typeof experienceEntrySchema>,
);
export type ExperienceProfile = z.infer<typeof experienceProfileSchema>;

/** Appropriate (§63(10) WpHG): the customer knows the product class and has traded it for some time or some times. */
export const isAppropriate = (entry: ExperienceEntry): boolean => entry.knowledge && (entry.years !== 'NONE' || entry.tradesPerYear !== 'NONE');

/** Each class's verdict for a profile. */
export function appropriateness(profile: ExperienceProfile): Record<ProductClass, boolean> {
  return Object.fromEntries(PRODUCT_CLASSES.map((c) => [c, isAppropriate(profile[c])])) as Record<ProductClass, boolean>;
}

const PRODUCT_CLASS_OF_TYPE: Readonly<Record<InstrumentType, ProductClass | null>> = {
  AKTIE: 'SHARES',
  ETF: 'ETFS',
  FONDS: 'FUNDS',
  DERIVAT: 'DERIVATIVES',
  KRYPTO: 'CRYPTO',
  INDEX: null,
  WAEHRUNG: null,
  ROHSTOFF: null,
};

/** The product class whose appropriateness an order checks; null: no check (indices, currencies, commodities). */
export const productClassOf = (type: InstrumentType | string): ProductClass | null => PRODUCT_CLASS_OF_TYPE[type as InstrumentType] ?? null;

// ---------------------------------------------------------------------------------------------
// Age

export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 120;

/** Full years of age on `today` (ISO dates); someone born on 29 February has their birthday on 1 March in other years. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** Whether someone born on `birthDate` is of age (18) on `today`. */
export const isAdultOn = (birthDate: string, today: string): boolean => ageOn(birthDate, today) >= MINIMUM_AGE;

/** Why a birth date is refused on `today`; null when it is fine. */
export function birthDateProblem(birthDate: string, today: string): string | null {
  if (birthDate > today) return 'Das Geburtsdatum liegt in der Zukunft.';
  if (!isAdultOn(birthDate, today)) return 'Ein Konto können Sie ab 18 Jahren eröffnen.';
  if (ageOn(birthDate, today) > MAXIMUM_AGE) return 'Bitte prüfen Sie Ihr Geburtsdatum.';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The steps' schemas (the request bodies of PUT /api/onboarding/application/<step>)

/** Optional text as the address form sends it: absent, null or empty all mean none (null). */
const nullableText = (max: number) => z.preprocess((v) => v ?? undefined, optionalText(max)).transform((v) => v ?? null);

const postalAddressInput = z
  .object({
    street: text(60, 'Bitte geben Sie die Straße ein.'),
    street2: nullableText(60),
    houseNumber: text(10, 'Bitte geben Sie die Hausnummer ein.'),
    houseNumber2: nullableText(10),
    postalCode: typedText().trim().max(12).default('').transform(normalizePostalCode),
    city: text(60, 'Bitte geben Sie den Ort ein.'),
    country: countryCode,
  }, { message: 'Bitte geben Sie Ihre Adresse ein.' })
  .superRefine((a, ctx) => {
    const issue = postalCodeIssue(a.country, a.postalCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: issue });
  });

export const personalStepSchema = z.object({
  salutation: z.enum(SALUTATIONS, { message: 'Bitte wählen Sie eine Anrede.' }),
  givenName: text(100, 'Bitte geben Sie Ihren Vornamen ein.'),
  familyName: text(100, 'Bitte geben Sie Ihren Nachnamen ein.'),
  birthDate: z.iso.date({ message: 'Bitte geben Sie Ihr Geburtsdatum an.' }),
  birthPlace: text(100, 'Bitte geben Sie Ihren Geburtsort ein.'),
  nationality: countryCode,
  address: postalAddressInput,
});
export type PersonalData = z.output<typeof personalStepSchema>;

export const US_PERSON_MESSAGE = 'Kontor kann leider keine Konten für US-Personen führen.';

export const taxStepSchema = z.object({
  taxResidences: z
    .array(z.object({ country: countryCode, taxId: typedText().trim().max(40).default('') }), { message: 'Bitte geben Sie an, wo Sie steuerpflichtig sind.' })
    .min(1, 'Bitte geben Sie mindestens ein Land an, in dem Sie steuerpflichtig sind.')
    .max(5, 'Höchstens 5 Länder.')
    .superRefine((residences, ctx) => {
      const seen = new Set<string>();
      residences.forEach((r, i) => {
        if (seen.has(r.country)) ctx.addIssue({ code: 'custom', path: [i, 'country'], message: 'Dieses Land ist bereits angegeben.' });
        seen.add(r.country);
        if (r.country === 'US') ctx.addIssue({ code: 'custom', path: [i, 'country'], message: US_PERSON_MESSAGE });
        const issue = taxIdIssue(r.country, r.taxId);
        if (issue) ctx.addIssue({ code: 'custom', path: [i, 'taxId'], message: issue });
      });
    })
    .transform((residences) => residences.map((r) => ({ country: r.country, taxId: compactTaxId(r.taxId) }))),
  notUsPerson: z.literal(true, { message: US_PERSON_MESSAGE }),
});
export type TaxData = z.output<typeof taxStepSchema>;

export const HOLDER_MESSAGE = 'Das Referenzkonto muss auf Ihren Namen lauten.';

export const accountStepSchema = z.object({
  iban: z.string({ message: 'Bitte geben Sie eine IBAN ein.' }).max(60).transform((v, ctx) => {
    const problem = ibanProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normaliseIban(v)!;
  }),
  holder: text(140, 'Bitte geben Sie den Kontoinhaber ein.'),
  mobileNumber: z.string({ message: 'Bitte geben Sie Ihre Mobilnummer ein.' }).max(100).transform((v, ctx) => {
    const check = checkMobileNumber(v);
    if (!check.valid) {
      ctx.addIssue({ code: 'custom', message: check.reason });
      return z.NEVER;
    }
    return check.e164;
  }),
});
export type AccountData = z.output<typeof accountStepSchema>;

export const experienceStepSchema = experienceProfileSchema;

export const termsStepSchema = z.object({
  termsAccepted: z.literal(true, { message: 'Bitte akzeptieren Sie die Nutzungsbedingungen.' }),
  priceListAccepted: z.literal(true, { message: 'Bitte bestätigen Sie das Preis- und Leistungsverzeichnis.' }),
  preContractualInfoAccepted: z.literal(true, { message: 'Bitte bestätigen Sie die vorvertraglichen Informationen.' }),
  advertisingConsent: z.boolean().default(false),
});
export type TermsData = z.output<typeof termsStepSchema>;

export const ONBOARDING_STEP_SCHEMAS = {
  personal: personalStepSchema,
  tax: taxStepSchema,
  account: accountStepSchema,
  experience: experienceStepSchema,
  terms: termsStepSchema,
} as const satisfies Record<OnboardingStep, z.ZodType>;

export type OnboardingStepData = {
  personal: PersonalData;
  tax: TaxData;
  account: AccountData;
  experience: ExperienceProfile;
  terms: TermsData;
};

/** The context of the rules beyond one step: the day (Berlin calendar day, ISO) and the name of the personal step. */
export type OnboardingContext = { today: string; name?: { givenName: string; familyName: string } | null };

const comparableName = (name: string): string => name.normalize('NFC').toLocaleLowerCase('de').replace(/[\s,.-]+/g, '');

/** Whether the account holder is the customer: given and family name in either order, ignoring case and spaces. */
export function holderIsCustomer(holder: string, name: { givenName: string; familyName: string }): boolean {
  const h = comparableName(holder);
  return h === comparableName(name.givenName + name.familyName) || h === comparableName(name.familyName + name.givenName);
}

export type ParsedOnboardingStep<S extends OnboardingStep> = { ok: true; data: OnboardingStepData[S] } | { ok: false; problems: FieldProblem[] };

/** Checks and normalises one step's data with its context; problems name their field by dotted path ("address.postalCode"). */
export function parseOnboardingStep<S extends OnboardingStep>(step: S, input: unknown, context: OnboardingContext): ParsedOnboardingStep<S> {
  const parsed = ONBOARDING_STEP_SCHEMAS[step].safeParse(input ?? {});
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '_', message: i.message })) };
  const data = parsed.data as OnboardingStepData[S];
  const problems = contextProblems(step, data, context);
  return problems.length ? { ok: false, problems } : { ok: true, data };
}

function contextProblems<S extends OnboardingStep>(step: S, data: OnboardingStepData[S], context: OnboardingContext): FieldProblem[] {
  if (step === 'personal') {
    const problem = birthDateProblem((data as PersonalData).birthDate, context.today);
    return problem ? [{ path: 'birthDate', message: problem }] : [];
  }
  if (step === 'account' && context.name && !holderIsCustomer((data as AccountData).holder, context.name)) return [{ path: 'holder', message: HOLDER_MESSAGE }];
  return [];
}
