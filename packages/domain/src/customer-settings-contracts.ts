import { z } from 'zod';
import { PORTFOLIO_REPORT_DUE_DATES, TERMINATION_REASONS, LOMBARD_DOCUMENTS } from './service-request-labels';
import { decimalStringSchema } from './money';
import type { ValidityType } from './order-rules';
import { authorisationResultSchema } from './auth-contracts';

/**
 * GET /api/usersettings: the customer's data that service requests change, as the back office
 * carried them out. The settings page shows it, each with the way to change it (a ticket).
 */

export const postalAddressSchema = z.object({
  street: z.string(),
  street2: z.string().nullable(),
  houseNumber: z.string(),
  houseNumber2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

export const taxResidenceSchema = z.object({ country: z.string(), taxId: z.string() });
export type TaxResidence = z.infer<typeof taxResidenceSchema>;

/** A Freistellungsauftrag in effect or still to come; the tax area counts its use. */
export const exemptionOrderSchema = z.object({
  id: z.uuid(),
  amount: decimalStringSchema,
  validFrom: z.iso.date(),
  /** null: until revoked. */
  validTo: z.iso.date().nullable(),
  preconditionYear: z.number().int(),
  /** The spouse or partner of a joint order (name only; the Steuer-ID is not shown again). */
  joint: z.object({ givenName: z.string(), familyName: z.string() }).nullable(),
  ticketId: z.uuid().nullable(),
});
export type ExemptionOrder = z.infer<typeof exemptionOrderSchema>;


/** The app's look: the system's setting, or light or dark (<html data-theme>). */
export const THEMES = ['SYSTEM', 'LIGHT', 'DARK'] as const;
export type Theme = (typeof THEMES)[number];

/** The app's languages (spec §2: translations per language); German is the default. */
export const LANGUAGES = ['de', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/**
 * The validities an order ticket may start with: those that need no date of their own (a `date`
 * validity is picked per order).
 */
export const DEFAULT_ORDER_VALIDITIES = ['day', 'ultimo', 'gtc'] as const satisfies readonly ValidityType[];
export type DefaultOrderValidity = (typeof DEFAULT_ORDER_VALIDITIES)[number];

/** language null: never chosen here — the language of the customer's device applies (and is stored at sign-in). */
export const DEFAULT_PREFERENCES = { theme: 'SYSTEM', defaultOrderValidity: 'day', language: null } as const;

export const userPreferencesSchema = z.object({
  theme: z.enum(THEMES),
  defaultOrderValidity: z.enum(DEFAULT_ORDER_VALIDITIES),
  /** null: never chosen; the device's language applies. */
  language: z.enum(LANGUAGES).nullable(),
  /** Consent to advertising (Werbeeinwilligung), switched with POST /api/user/toggleadagree. */
  adAgree: z.boolean(),
  /** When the consent was last given or withdrawn; null: never asked. */
  adAgreeChangedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** PUT /api/usersettings: the preferences to change; at least one. */
export const userPreferencesUpdateSchema = z
  .strictObject({
    theme: z.enum(THEMES).optional(),
    defaultOrderValidity: z.enum(DEFAULT_ORDER_VALIDITIES).optional(),
  })
  .refine((v) => v.theme !== undefined || v.defaultOrderValidity !== undefined, { message: 'Bitte wählen Sie eine Einstellung.' });
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;

/** PUT and GET /api/user/lc: the customer's language. */
export const languageSettingSchema = z.strictObject({ language: z.enum(LANGUAGES) });
export type LanguageSetting = z.infer<typeof languageSettingSchema>;

/** POST /api/user/toggleadagree: the consent after the switch. */
export const adAgreeSchema = z.object({ adAgree: z.boolean(), changedAt: z.iso.datetime({ offset: true }) });
export type AdAgree = z.infer<typeof adAgreeSchema>;

/**
 * Change of the e-mail address (the pool's sign-in name): authorised as kind EMAIL with the
 * request's id, then confirmed by a code sent to the new address.
 * AUTHORISE: waits for the strong authentication; CODE_SENT: waits for the code; then DONE, or
 * VOID (too many wrong codes, or it ran out of time) or CANCELLED (by the customer or a newer request).
 */
export const EMAIL_CHANGE_STATES = ['AUTHORISE', 'CODE_SENT', 'DONE', 'VOID', 'CANCELLED'] as const;
export type EmailChangeState = (typeof EMAIL_CHANGE_STATES)[number];

/** How long the steps of an e-mail change may take (authorisation, then the code). */
export const EMAIL_CHANGE_VALIDITY_MS = 60 * 60_000;

const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(128, { message: 'Die E-Mail-Adresse ist zu lang.' })
  .pipe(z.email({ message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }));

export const emailChangeRequestSchema = z.strictObject({ newEmail: emailAddress });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const emailChangeSchema = z.object({
  id: z.uuid(),
  newEmail: z.string(),
  state: z.enum(EMAIL_CHANGE_STATES),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Wrong codes the customer may still enter. */
  attemptsLeft: z.number().int().min(0),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** GET /api/user/email: the address in use and the change waiting to be finished, if any. */
export const emailSettingSchema = z.object({ email: z.string().nullable(), pending: emailChangeSchema.nullable() });
export type EmailSetting = z.infer<typeof emailSettingSchema>;

/** POST /api/user/email/{id}/confirm: the 6-digit code from the new address. */
export const emailChangeCodeSchema = z.strictObject({
  code: z.string().trim().regex(/^\d{6}$/, { message: 'Bitte geben Sie den 6-stelligen Code ein.' }),
});

export const customerSettingsSchema = z.object({
  address: postalAddressSchema.nullable(),
  taxResidences: z.array(taxResidenceSchema),
  /** Orders whose period has not ended, the one in effect first. */
  exemptionOrders: z.array(exemptionOrderSchema),
  portfolioReportDueDate: z.enum(PORTFOLIO_REPORT_DUE_DATES),
  cryptoAddressConfirmedAt: z.iso.datetime({ offset: true }).nullable(),
  idDocumentValidUntil: z.iso.date().nullable(),
  lombardDocumentsConfirmedAt: z.iso.datetime({ offset: true }).nullable(),
  lombardConfirmedDocuments: z.array(z.enum(LOMBARD_DOCUMENTS)),
  termination: z.object({ requestedAt: z.iso.datetime({ offset: true }), reason: z.enum(TERMINATION_REASONS) }).nullable(),
  /** Years a loss certificate was issued for. */
  lossCertificateYears: z.array(z.number().int()),
  /** What the customer chose in the app (not by ticket): theme, order default, language, consent. */
  preferences: userPreferencesSchema,
});
export type CustomerSettings = z.infer<typeof customerSettingsSchema>;

/** POST /api/user/email/{id}/authorise: the verified EMAIL authorisation of this request. */
export const emailChangeAuthorisationSchema = z.strictObject({ authorisation: authorisationResultSchema });
