import { z } from 'zod';
import { postalAddressSchema, taxResidenceSchema } from './customer-settings-contracts';
import {
  APPLICATION_STATUSES,
  experienceProfileSchema,
  IDENTIFICATION_METHODS,
  IDENTIFICATION_RESULTS,
  IDENTIFICATION_STATUSES,
  ONBOARDING_NEXT_STEPS,
  PRODUCT_CLASSES,
  SALUTATIONS,
} from './onboarding';

/**
 * The account-opening API (design: briefs/onboarding-api.md). All onboarding routes are public (no
 * sign-in); every POST/PUT under /api/onboarding/ carries a bot-protection token (`x-aws-waf-token`),
 * and every call after the e-mail code carries the application token (`x-onboarding-token`).
 *
 *   GET  /api/bot-protection/challenge                       → BotProtectionChallenge
 *   POST /api/onboarding/startOnboarding                      ← StartOnboardingRequest → StartOnboardingResponse
 *   POST /api/onboarding/resendConfirmationMail               ← ResendConfirmationMailRequest → ResendConfirmationMailResponse
 *   POST /api/onboarding/registrationconfirmation             ← RegistrationConfirmationRequest → RegistrationConfirmationResponse
 *   GET  /api/onboarding/application                          → OnboardingApplication
 *   PUT  /api/onboarding/application/{personal|tax|account|experience|terms} ← the step's schema (onboarding.ts) → OnboardingApplication
 *   POST /api/onboarding/application/identification          ← IdentificationRequest → OnboardingApplication
 *   POST /api/onboarding/signupuser                           ← SignupUserRequest → SignupUserResponse
 *   GET  /api/user/registrationpdf (signed in)                → application/pdf
 *   GET  /api/user/experience (signed in)                     → UserExperience
 *   GET  /api/dev/onboarding/identifications (dev tools)      → PendingIdentifications
 *   POST /api/dev/onboarding/identification (dev tools)       ← DevIdentificationRequest → OnboardingApplication
 *
 * Step errors are 400 `{ message, status, errors: { '<dotted field path>': ['German message', …] } }`.
 */

export const BOT_PROTECTION_HEADER = 'x-aws-waf-token';
export const ONBOARDING_TOKEN_HEADER = 'x-onboarding-token';
export const botProtectionHeaderSchema = z.object({ [BOT_PROTECTION_HEADER]: z.string().max(400).optional().describe('Solved bot-protection challenge (single use)') });
export const onboardingTokenHeaderSchema = z.object({
  [ONBOARDING_TOKEN_HEADER]: z.string().max(100).optional().describe('The application token from registrationconfirmation'),
});

/** The same words for a missing, forged, expired or replayed token (the reason is only logged). */
export const BOT_PROTECTION_FAILED_MESSAGE =
  'Die Sicherheitsprüfung Ihres Browsers ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.';
export const ONBOARDING_SESSION_EXPIRED_MESSAGE =
  'Ihre Sitzung zur Kontoeröffnung ist abgelaufen. Bitte bestätigen Sie Ihre E-Mail-Adresse erneut.';
export const ACCOUNT_EXISTS_MESSAGE = 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.';
export const STEPS_LOCKED_MESSAGE = 'Ihre Angaben sind bereits zur Identifizierung übermittelt.';

/** The last path segments that carry the token by spec §7 (the client also sends it on every onboarding POST/PUT). */
export const BOT_PROTECTED_URL_ENDINGS = ['startOnboarding', 'signupuser', 'registrationconfirmation', 'resendConfirmationMail'] as const;

export const botProtectionChallengeSchema = z.object({
  challenge: z.string().describe('v1.<nonce>.<issuedAt base36>.<difficulty>.<hmac>'),
  difficulty: z.number().int().min(0),
});
export type BotProtectionChallenge = z.infer<typeof botProtectionChallengeSchema>;

// ---------------------------------------------------------------------------------------------
// The application as the API returns it (normalised data, no rules)

export const personalDataSchema = z.object({
  salutation: z.enum(SALUTATIONS),
  givenName: z.string(),
  familyName: z.string(),
  birthDate: z.iso.date(),
  birthPlace: z.string(),
  nationality: z.string(),
  address: postalAddressSchema,
});

export const taxDataSchema = z.object({ taxResidences: z.array(taxResidenceSchema), notUsPerson: z.boolean() });

export const accountDataSchema = z.object({
  /** Electronic format. */
  iban: z.string(),
  holder: z.string(),
  /** E.164. */
  mobileNumber: z.string(),
});

export const termsDataSchema = z.object({
  termsAccepted: z.boolean(),
  priceListAccepted: z.boolean(),
  preContractualInfoAccepted: z.boolean(),
  advertisingConsent: z.boolean(),
});

export const identificationSchema = z.object({
  method: z.enum(IDENTIFICATION_METHODS),
  status: z.enum(IDENTIFICATION_STATUSES),
  startedAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Identification = z.infer<typeof identificationSchema>;

export const onboardingApplicationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  steps: z.object({ personal: z.boolean(), tax: z.boolean(), account: z.boolean(), experience: z.boolean(), terms: z.boolean() }),
  nextStep: z.enum(ONBOARDING_NEXT_STEPS),
  personal: personalDataSchema.nullable(),
  tax: taxDataSchema.nullable(),
  account: accountDataSchema.nullable(),
  experience: experienceProfileSchema.nullable(),
  terms: termsDataSchema.nullable(),
  identification: identificationSchema.nullable(),
});
export type OnboardingApplication = z.infer<typeof onboardingApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and answers

const emailField = z
  .string({ message: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' })
  .trim()
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email({ message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }))
  .transform((v) => v.toLowerCase());

export const startOnboardingRequestSchema = z.object({ email: emailField });
export type StartOnboardingRequest = z.input<typeof startOnboardingRequestSchema>;
export const startOnboardingResponseSchema = z.object({
  applicationId: z.uuid(),
  /** The masked address the code went to ("m***@b***"). */
  destination: z.string(),
});
export type StartOnboardingResponse = z.infer<typeof startOnboardingResponseSchema>;

export const resendConfirmationMailRequestSchema = z.object({ applicationId: z.uuid({ message: 'Unbekannter Antrag.' }) });
export type ResendConfirmationMailRequest = z.infer<typeof resendConfirmationMailRequestSchema>;
export const resendConfirmationMailResponseSchema = z.object({ destination: z.string() });
export type ResendConfirmationMailResponse = z.infer<typeof resendConfirmationMailResponseSchema>;

export const registrationConfirmationRequestSchema = z.object({
  applicationId: z.uuid({ message: 'Unbekannter Antrag.' }),
  code: z.string().trim().max(20),
});
export type RegistrationConfirmationRequest = z.infer<typeof registrationConfirmationRequestSchema>;
export const registrationConfirmationResponseSchema = z.object({
  /** The application token for `x-onboarding-token` (shown once; the server keeps only its hash). */
  token: z.string(),
  application: onboardingApplicationSchema,
});
export type RegistrationConfirmationResponse = z.infer<typeof registrationConfirmationResponseSchema>;

export const identificationRequestSchema = z.object({ method: z.enum(IDENTIFICATION_METHODS, { message: 'Bitte wählen Sie ein Verfahren.' }) });
export type IdentificationRequest = z.infer<typeof identificationRequestSchema>;

/** The password is checked by the rules of password.ts (field errors on `password`). */
export const signupUserRequestSchema = z.object({ password: z.string().max(256) });
export type SignupUserRequest = z.infer<typeof signupUserRequestSchema>;
export const signupUserResponseSchema = z.object({ email: z.string() });
export type SignupUserResponse = z.infer<typeof signupUserResponseSchema>;

export const userExperienceSchema = z.object({
  profile: experienceProfileSchema.nullable(),
  /** null: never assessed (a customer from before account opening): no warning. */
  appropriate: z.object(Object.fromEntries(PRODUCT_CLASSES.map((c) => [c, z.boolean()])) as Record<(typeof PRODUCT_CLASSES)[number], z.ZodBoolean>).nullable(),
});
export type UserExperience = z.infer<typeof userExperienceSchema>;

// ---------------------------------------------------------------------------------------------
// The simulated identification provider (dev tools, page /dev/identifizierung)

export const pendingIdentificationSchema = z.object({
  applicationId: z.uuid(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  birthDate: z.iso.date(),
  method: z.enum(IDENTIFICATION_METHODS),
  startedAt: z.iso.datetime({ offset: true }),
});
export const pendingIdentificationsSchema = z.object({ items: z.array(pendingIdentificationSchema) });
export type PendingIdentification = z.infer<typeof pendingIdentificationSchema>;

export const devIdentificationRequestSchema = z.object({
  applicationId: z.uuid(),
  result: z.enum(IDENTIFICATION_RESULTS),
});
export type DevIdentificationRequest = z.infer<typeof devIdentificationRequestSchema>;
