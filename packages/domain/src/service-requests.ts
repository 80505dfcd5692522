import Decimal from 'decimal.js';
import { z } from 'zod';
import { countryName } from './countries';
import { normaliseIban, ibanProblem } from './iban';
import { isDecimalString } from './money';
import { checkMobileNumber } from './mobile-number';
import { countryHasPostalCodes, isValidPostalCode, normalizePostalCode } from './postal-code';
import { compactTaxId, germanTaxIdProblem } from './tax-id';
import { typedText } from './text';
import {
  DIRECT_DEBIT_MANDATE_ACTIONS,
  LOMBARD_DOCUMENTS,
  PORTFOLIO_REPORT_DUE_DATES,
  TERMINATION_REASONS,
  type ServiceRequestType,
} from './service-request-labels';
import { toWireAmount } from './numbers';

/**
 * Service requests: the change requests a customer files as a ticket (spec §3 "service-request
 * attribute keys"). Each request type is one form; its attributes use the spec's keys verbatim
 * (SERVICE_REQUEST_KEYS in enums.ts). The schemas here are the whole of a form's rules that need
 * no context; `serviceRequestProblems` adds the ones that depend on the day (deadlines, dates).
 */

export {
  DIRECT_DEBIT_MANDATE_ACTIONS,
  LOMBARD_DOCUMENT_LABELS,
  LOMBARD_DOCUMENTS,
  PORTFOLIO_REPORT_DUE_DATE_LABELS,
  PORTFOLIO_REPORT_DUE_DATES,
  SERVICE_REQUEST_LABELS,
  SERVICE_REQUEST_TYPES,
  serviceRequestLabel,
  TERMINATION_REASON_LABELS,
  TERMINATION_REASONS,
  type DirectDebitMandateAction,
  type LombardDocument,
  type PortfolioReportDueDate,
  type ServiceRequestType,
  type TerminationReason,
} from './service-request-labels';

// ---------------------------------------------------------------------------------------------
// Limits and choices

/** Sparer-Pauschbetrag (§ 20 Abs. 9 EStG since 2023): the most a Freistellungsauftrag can exempt. */
export const EXEMPTION_LIMIT_SINGLE = '1000.00';
export const EXEMPTION_LIMIT_JOINT = '2000.00';

/** A loss certificate (§ 43a Abs. 3 Satz 4 EStG) for a year can be requested until 15 December of it. */
export const LOSS_CERTIFICATE_DEADLINE = { month: 12, day: 15 } as const;

/** An ID scan: one or two files (front and back). */
export const ID_DOCUMENT_MAX_FILES = 2;
/** An ID document is valid for at most 10 years (Personalausweis, Reisepass). */
export const ID_DOCUMENT_MAX_YEARS = 10;

// ---------------------------------------------------------------------------------------------
// Field rules

/** A missing field reads as empty, so its message is the field's own, not a type error. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);
/** Required single-line text a customer typed (trimmed), with the field's own message when empty. */
export const text = (max: number, required = 'Bitte ausfüllen.') => orEmpty(typedText().trim().min(1, required).max(max, `Höchstens ${max} Zeichen.`));
export const optionalText = (max: number) =>
  typedText()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .optional()
    .transform((v) => (v ? v : undefined));
const isoDate = (message: string) => z.iso.date({ message });
/** An ISO 3166-1 alpha-2 country of the country list, upper-cased. */
export const countryCode = z
  .string({ message: 'Bitte wählen Sie ein Land aus der Liste.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => countryName(v) !== undefined, 'Bitte wählen Sie ein Land aus der Liste.');

/** A euro amount as the wire carries it ("801.00"), with at most two decimals. */
const euroAmount = z
  .string({ message: 'Bitte geben Sie einen Betrag ein.' })
  .trim()
  .refine((v) => isDecimalString(v) && new Decimal(v).gte(0) && new Decimal(v).decimalPlaces() <= 2, 'Bitte geben Sie einen Betrag in Euro mit höchstens zwei Nachkommastellen ein.')
  .transform((v) => toWireAmount(v));

const mobileNumberAttributes = z.object({
  newMobileNumber: z
    .string({ message: 'Bitte geben Sie Ihre neue Mobilnummer ein.' })
    .trim()
    .transform((v, ctx) => {
      const check = checkMobileNumber(v);
      if (!check.valid) {
        ctx.addIssue({ code: 'custom', message: check.reason });
        return z.NEVER;
      }
      return check.e164;
    }),
});

const referenceAccountAttributes = z.object({
  newReferenceAccountIban: z.string({ message: 'Bitte geben Sie eine IBAN ein.' }).transform((v, ctx) => {
    const problem = ibanProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normaliseIban(v)!;
  }),
});

const directDebitMandateAttributes = z.object({
  directDebitMandate: z.enum(DIRECT_DEBIT_MANDATE_ACTIONS, { message: 'Bitte wählen Sie: erteilen oder widerrufen.' }),
});

const portfolioReportAttributes = z.object({
  portfolioReportDueDate: z.enum(PORTFOLIO_REPORT_DUE_DATES, { message: 'Bitte wählen Sie einen Stichtag.' }),
});

const addressAttributes = z
  .object({
    newStreet: text(60, 'Bitte geben Sie die Straße ein.'),
    newStreet2: optionalText(60),
    newHouseNumber: text(10, 'Bitte geben Sie die Hausnummer ein.'),
    newHouseNumber2: optionalText(10),
    postalCode: typedText().trim().max(12).default('').transform(normalizePostalCode),
    city: text(60, 'Bitte geben Sie den Ort ein.'),
    country: countryCode,
  })
  .superRefine((a, ctx) => {
    const issue = postalCodeIssue(a.country, a.postalCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: issue });
  });

/** Why a (normalised) postal code does not fit the country's pattern; null when it fits or the country is unknown. */
export function postalCodeIssue(country: string, postalCode: string): string | null {
  if (countryName(country) === undefined) return null;
  if (countryHasPostalCodes(country) && postalCode === '') return 'Bitte geben Sie die Postleitzahl ein.';
  if (postalCode !== '' && !isValidPostalCode(country, postalCode)) return `Diese Postleitzahl passt nicht zu ${countryName(country)}.`;
  return null;
}

/** A tax identification number of a country: the German one by its check digit, others by their shape. */
export function taxIdIssue(country: string, taxId: string): string | null {
  if (country === 'DE') return germanTaxIdProblem(taxId);
  if (taxId === '') return 'Bitte geben Sie die Steuernummer dieses Landes ein.';
  return /^[A-Z0-9]{2,30}$/.test(compactTaxId(taxId)) ? null : 'Die Steuernummer besteht aus 2 bis 30 Buchstaben und Ziffern.';
}

const taxResidenceAttributes = z
  .object({
    taxCountry1: countryCode,
    taxId1: z.string().trim().max(40).default(''),
    taxCountry2: countryCode.optional().or(z.literal('').transform(() => undefined)),
    taxId2: z.string().trim().max(40).optional(),
    taxCountry3: countryCode.optional().or(z.literal('').transform(() => undefined)),
    taxId3: z.string().trim().max(40).optional(),
  })
  .transform((a, ctx) => {
    const out: Record<string, string> = {};
    const seen = new Set<string>();
    for (const n of [1, 2, 3] as const) {
      const country = a[`taxCountry${n}`];
      const id = a[`taxId${n}`] ?? '';
      if (!country) {
        if (id !== '') ctx.addIssue({ code: 'custom', path: [`taxCountry${n}`], message: 'Bitte wählen Sie das Land zu dieser Steuernummer.' });
        continue;
      }
      if (seen.has(country)) ctx.addIssue({ code: 'custom', path: [`taxCountry${n}`], message: 'Dieses Land ist bereits angegeben.' });
      seen.add(country);
      const issue = taxIdIssue(country, id);
      if (issue) ctx.addIssue({ code: 'custom', path: [`taxId${n}`], message: issue });
      out[`taxCountry${n}`] = country;
      out[`taxId${n}`] = compactTaxId(id);
    }
    return out as { taxCountry1: string; taxId1: string; taxCountry2?: string; taxId2?: string; taxCountry3?: string; taxId3?: string };
  });

/** The spouse or civil partner of a joint Freistellungsauftrag (§ 44a Abs. 2 EStG, amtliches Muster). */
export const jointExemptionDataSchema = z.object({
  givenName: text(60, 'Bitte geben Sie den Vornamen ein.'),
  familyName: text(60, 'Bitte geben Sie den Nachnamen ein.'),
  birthDate: isoDate('Bitte geben Sie das Geburtsdatum an.'),
  taxId: z.string({ message: 'Bitte geben Sie die Steuer-ID ein.' }).transform((v, ctx) => {
    const problem = germanTaxIdProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return compactTaxId(v);
  }),
});
export type JointExemptionData = z.infer<typeof jointExemptionDataSchema>;

const exemptionOrderAttributes = z
  .object({
    taxExemptionOrderAmount: euroAmount,
    /** The first day it applies. */
    validFrom: isoDate('Bitte geben Sie an, ab wann der Auftrag gilt.'),
    /** The last day (31 December of a year), or absent: until revoked ("bis auf Widerruf"). */
    validTo: isoDate('Bitte geben Sie ein gültiges Datum an.').optional(),
    /** The calendar year whose Sparer-Pauschbetrag the order uses first (the year of validFrom). */
    preconditionYear: z.coerce.number().int().min(2000).max(2100),
    jointExemptionData: jointExemptionDataSchema.optional(),
  })
  .superRefine((a, ctx) => {
    const limit = a.jointExemptionData ? EXEMPTION_LIMIT_JOINT : EXEMPTION_LIMIT_SINGLE;
    if (new Decimal(a.taxExemptionOrderAmount).gt(limit))
      ctx.addIssue({
        code: 'custom',
        path: ['taxExemptionOrderAmount'],
        message: a.jointExemptionData ? 'Gemeinsam können Sie höchstens 2.000,00 € freistellen.' : 'Sie können höchstens 1.000,00 € freistellen (gemeinsam mit Ehepartner 2.000,00 €).',
      });
    if (Number(a.validFrom.slice(0, 4)) !== a.preconditionYear)
      ctx.addIssue({ code: 'custom', path: ['validFrom'], message: 'Der Beginn muss im gewählten Kalenderjahr liegen.' });
    if (a.validTo !== undefined) {
      if (!a.validTo.endsWith('-12-31')) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Ein Freistellungsauftrag endet am 31. Dezember eines Jahres.' });
      else if (a.validTo < a.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Das Ende liegt vor dem Beginn.' });
    }
  });

const lossCertificateAttributes = z
  .object({
    lossOffsetResetStocks: z.boolean().default(false),
    lossOffsetResetOther: z.boolean().default(false),
  })
  .refine((a) => a.lossOffsetResetStocks || a.lossOffsetResetOther, {
    message: 'Bitte wählen Sie mindestens einen Verlusttopf.',
    path: ['lossOffsetResetStocks'],
  });

const cryptoAddressAttributes = z.object({
  /** When the customer confirmed that the address on file is current (ISO instant). */
  cryptoAddressConfirmedDateTime: z.iso.datetime({ offset: true, message: 'Bitte bestätigen Sie Ihre Adresse.' }),
});

const idDocumentAttributes = z.object({
  idDocumentNewValidUntil: isoDate('Bitte geben Sie an, bis wann Ihr Ausweis gültig ist.'),
  idDocumentConfirmValid: z.literal(true, { message: 'Bitte bestätigen Sie, dass das Dokument gültig ist.' }),
  attachmentFileReferences: z
    .array(z.uuid())
    .min(1, 'Bitte laden Sie einen Scan Ihres Ausweises hoch.')
    .max(ID_DOCUMENT_MAX_FILES, `Höchstens ${ID_DOCUMENT_MAX_FILES} Dateien (Vorder- und Rückseite).`),
});

const terminationAttributes = z.object({
  terminationReason: z.enum(TERMINATION_REASONS, { message: 'Bitte wählen Sie einen Grund.' }),
  /** Optional words of the customer (a Kündigung needs no reason; the choice helps us). */
  terminationComment: optionalText(500),
});

const lombardAttributes = z.object({
  lombardConfirmedDocuments: z
    .array(z.enum(LOMBARD_DOCUMENTS))
    .refine((list) => LOMBARD_DOCUMENTS.every((d) => list.includes(d)), 'Bitte bestätigen Sie alle Unterlagen.')
    .transform((list) => LOMBARD_DOCUMENTS.filter((d) => list.includes(d))),
});

/** The attributes of each request type, normalised (IBAN electronic, numbers E.164, amounts "801.00"). */
export const SERVICE_REQUEST_SCHEMAS = {
  MOBILE_NUMBER: mobileNumberAttributes,
  REFERENCE_ACCOUNT: referenceAccountAttributes,
  DIRECT_DEBIT_MANDATE: directDebitMandateAttributes,
  PORTFOLIO_REPORT_DUE_DATE: portfolioReportAttributes,
  ADDRESS: addressAttributes,
  TAX_RESIDENCE: taxResidenceAttributes,
  EXEMPTION_ORDER: exemptionOrderAttributes,
  LOSS_CERTIFICATE: lossCertificateAttributes,
  CRYPTO_ADDRESS: cryptoAddressAttributes,
  ID_DOCUMENT: idDocumentAttributes,
  TERMINATION: terminationAttributes,
  LOMBARD_DOCUMENTS: lombardAttributes,
} as const satisfies Record<ServiceRequestType, z.ZodType>;

export type ServiceRequestAttributes<T extends ServiceRequestType> = z.output<(typeof SERVICE_REQUEST_SCHEMAS)[T]>;
export type AddressAttributes = ServiceRequestAttributes<'ADDRESS'>;
export type ExemptionOrderAttributes = ServiceRequestAttributes<'EXEMPTION_ORDER'>;
export type TaxResidenceAttributes = ServiceRequestAttributes<'TAX_RESIDENCE'>;

/** One field's problem: the attribute key (dotted for nested ones) and the German message. */
export type FieldProblem = { path: string; message: string };

export type ParsedServiceRequest = { ok: true; data: Record<string, unknown> } | { ok: false; problems: FieldProblem[] };

/** Checks and normalises a request's attributes; unknown keys are dropped. */
export function parseServiceRequest(type: ServiceRequestType, data: unknown): ParsedServiceRequest {
  const parsed = SERVICE_REQUEST_SCHEMAS[type].safeParse(data ?? {});
  if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
  return { ok: false, problems: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '_', message: i.message })) };
}

/** The last day a loss certificate for `year` can be requested (ISO date). */
export const lossCertificateDeadline = (year: number): string =>
  `${year}-${String(LOSS_CERTIFICATE_DEADLINE.month).padStart(2, '0')}-${String(LOSS_CERTIFICATE_DEADLINE.day).padStart(2, '0')}`;

/**
 * The rules that depend on the day the request is submitted (`today`, a Berlin calendar day):
 * a Freistellungsauftrag cannot start in a past year; a loss certificate only until 15 December;
 * an ID document must still be valid and at most 10 years ahead.
 */
export function serviceRequestProblems(type: ServiceRequestType, data: Record<string, unknown>, today: string): FieldProblem[] {
  const year = Number(today.slice(0, 4));
  switch (type) {
    case 'EXEMPTION_ORDER': {
      const from = String(data.validFrom);
      if (Number(from.slice(0, 4)) < year) return [{ path: 'validFrom', message: `Ein Freistellungsauftrag kann frühestens ab dem 1. Januar ${year} gelten.` }];
      return [];
    }
    case 'LOSS_CERTIFICATE':
      return today > lossCertificateDeadline(year)
        ? [{ path: 'lossOffsetResetStocks', message: `Eine Verlustbescheinigung für ${year} konnte bis zum 15. Dezember ${year} beantragt werden. Die Verluste werden ins nächste Jahr vorgetragen.` }]
        : [];
    case 'ID_DOCUMENT': {
      const until = String(data.idDocumentNewValidUntil);
      if (until <= today) return [{ path: 'idDocumentNewValidUntil', message: 'Das Dokument muss noch gültig sein.' }];
      if (Number(until.slice(0, 4)) > year + ID_DOCUMENT_MAX_YEARS) return [{ path: 'idDocumentNewValidUntil', message: `Ein Ausweis gilt höchstens ${ID_DOCUMENT_MAX_YEARS} Jahre.` }];
      return [];
    }
    default:
      return [];
  }
}

/** The data a TICKET authorisation is bound to: the request type with its normalised attributes. */
export function ticketAuthorisationData(type: ServiceRequestType, attributes: Record<string, unknown>): Record<string, unknown> {
  // A change of mobile number names the new number (`mobileNumber`); its TAN still goes to the current channel.
  return type === 'MOBILE_NUMBER' ? { requestType: type, ...attributes, mobileNumber: attributes.newMobileNumber } : { requestType: type, ...attributes };
}

/** The flag of a TICKET payload's data that sends its TAN to the new mobile number (`newMobileNumberProofData`). */
export const CONFIRM_NEW_NUMBER = 'confirmNewNumber';

/**
 * The data of the second challenge of a MOBILE_NUMBER request: the only TICKET challenge whose TAN
 * goes to the new number, answered with verifychangedmobilenr; its result (`newNumberProof`) shows
 * the number is the customer's. The request itself is authorised like every other one, by a TAN to
 * the current number or the Kontor app (`ticketAuthorisationData`), so an access token alone
 * cannot move the TANs to another phone.
 */
export function newMobileNumberProofData(attributes: Record<string, unknown>): Record<string, unknown> {
  return { ...ticketAuthorisationData('MOBILE_NUMBER', attributes), [CONFIRM_NEW_NUMBER]: true };
}

/** What a ticket's attachment may be, by its magic bytes: PDF, JPEG or PNG. */
export const ATTACHMENT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
