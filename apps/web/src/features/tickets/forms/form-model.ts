import { electronicIban } from '@kontor/domain/iban';
import { parseServiceRequest, serviceRequestProblems, type ServiceRequestType } from '@kontor/domain/service-requests';
import { formatDecimalInput, parseDecimalInput } from '../../../lib/decimal-input';

/**
 * Between what the customer types and the request's attributes (spec keys): the form's values of
 * each type, the data they make (a draft stores it as typed; the check normalises it), and the
 * form field a problem of an attribute belongs to. Fields carry the spec's keys wherever the form
 * shows the attribute as it is.
 */

export type TaxRow = { country: string; taxId: string };
/** The values of every form in one shape (react-hook-form needs one); each type uses its own part. */
export type FormValues = {
  newMobileNumber: string;
  newReferenceAccountIban: string;
  directDebitMandate: string;
  portfolioReportDueDate: string;
  newStreet: string;
  newStreet2: string;
  newHouseNumber: string;
  newHouseNumber2: string;
  postalCode: string;
  city: string;
  country: string;
  taxRows: TaxRow[];
  /** As typed, German ("801,00"). */
  taxExemptionOrderAmount: string;
  joint: boolean;
  jointExemptionData: { givenName: string; familyName: string; birthDate: string; taxId: string };
  preconditionYear: string;
  validFrom: string;
  untilRevoked: boolean;
  /** The year whose 31 December ends the order. */
  validToYear: string;
  lossOffsetResetStocks: boolean;
  lossOffsetResetOther: boolean;
  cryptoCurrent: boolean;
  idDocumentNewValidUntil: string;
  idDocumentConfirmValid: boolean;
  /** Files already uploaded to the draft. */
  attachmentFileReferences: string[];
  terminationReason: string;
  terminationComment: string;
  lombardConfirmedDocuments: string[];
};

export type FieldName = keyof FormValues | `taxRows.${number}.${keyof TaxRow}` | `jointExemptionData.${keyof FormValues['jointExemptionData']}` | 'root';

export function defaultValues(today: string): FormValues {
  const year = today.slice(0, 4);
  return {
    newMobileNumber: '',
    newReferenceAccountIban: '',
    directDebitMandate: '',
    portfolioReportDueDate: '',
    newStreet: '',
    newStreet2: '',
    newHouseNumber: '',
    newHouseNumber2: '',
    postalCode: '',
    city: '',
    country: 'DE',
    taxRows: [{ country: 'DE', taxId: '' }],
    taxExemptionOrderAmount: '',
    joint: false,
    jointExemptionData: { givenName: '', familyName: '', birthDate: '', taxId: '' },
    preconditionYear: year,
    validFrom: `${year}-01-01`,
    untilRevoked: true,
    validToYear: year,
    lossOffsetResetStocks: false,
    lossOffsetResetOther: false,
    cryptoCurrent: false,
    idDocumentNewValidUntil: '',
    idDocumentConfirmValid: false,
    attachmentFileReferences: [],
    terminationReason: '',
    terminationComment: '',
    lombardConfirmedDocuments: [],
  };
}

/** "de89370400440532013000" → "DE89 3704 0044 0532 0130 00" while typing. */
export const groupIban = (text: string): string =>
  text
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A draft's data back into the form (what was stored as typed comes back as typed). */
export function valuesFromData(type: ServiceRequestType, data: Record<string, unknown>, today: string): FormValues {
  const values = defaultValues(today);
  const set = (key: keyof FormValues) => {
    if (typeof data[key] === 'string') (values as Record<string, unknown>)[key] = data[key];
  };
  switch (type) {
    case 'TAX_RESIDENCE': {
      const rows = [1, 2, 3].filter((n) => data[`taxCountry${n}`] || data[`taxId${n}`]).map((n) => ({ country: str(data[`taxCountry${n}`]), taxId: str(data[`taxId${n}`]) }));
      if (rows.length > 0) values.taxRows = rows;
      break;
    }
    case 'EXEMPTION_ORDER': {
      const amount = str(data.taxExemptionOrderAmount);
      values.taxExemptionOrderAmount = /^\d+(\.\d+)?$/.test(amount) ? formatDecimalInput(amount, 2) : amount;
      const joint = data.jointExemptionData as Record<string, unknown> | undefined;
      values.joint = joint !== undefined;
      if (joint) values.jointExemptionData = { givenName: str(joint.givenName), familyName: str(joint.familyName), birthDate: str(joint.birthDate), taxId: str(joint.taxId) };
      if (data.preconditionYear !== undefined) values.preconditionYear = str(data.preconditionYear);
      set('validFrom');
      values.untilRevoked = !data.validTo;
      if (data.validTo) values.validToYear = str(data.validTo).slice(0, 4);
      break;
    }
    case 'LOSS_CERTIFICATE':
      values.lossOffsetResetStocks = data.lossOffsetResetStocks === true;
      values.lossOffsetResetOther = data.lossOffsetResetOther === true;
      break;
    case 'CRYPTO_ADDRESS':
      values.cryptoCurrent = Boolean(data.cryptoAddressConfirmedDateTime);
      break;
    case 'ID_DOCUMENT':
      set('idDocumentNewValidUntil');
      values.idDocumentConfirmValid = data.idDocumentConfirmValid === true;
      values.attachmentFileReferences = Array.isArray(data.attachmentFileReferences) ? data.attachmentFileReferences.map(str) : [];
      break;
    case 'LOMBARD_DOCUMENTS':
      values.lombardConfirmedDocuments = Array.isArray(data.lombardConfirmedDocuments) ? data.lombardConfirmedDocuments.map(str) : [];
      break;
    default:
      for (const key of Object.keys(values) as (keyof FormValues)[]) set(key);
      values.newReferenceAccountIban = groupIban(values.newReferenceAccountIban);
  }
  return values;
}

const present = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== '' && v !== undefined));

/** The request's data from the form, as typed (German amounts on the wire format); `now` stamps a confirmation. */
export function dataFromValues(type: ServiceRequestType, v: FormValues, now: Date): Record<string, unknown> {
  switch (type) {
    case 'MOBILE_NUMBER':
      return { newMobileNumber: v.newMobileNumber };
    case 'REFERENCE_ACCOUNT':
      return { newReferenceAccountIban: electronicIban(v.newReferenceAccountIban) };
    case 'DIRECT_DEBIT_MANDATE':
      return present({ directDebitMandate: v.directDebitMandate });
    case 'PORTFOLIO_REPORT_DUE_DATE':
      return present({ portfolioReportDueDate: v.portfolioReportDueDate });
    case 'ADDRESS':
      return present({
        newStreet: v.newStreet,
        newStreet2: v.newStreet2,
        newHouseNumber: v.newHouseNumber,
        newHouseNumber2: v.newHouseNumber2,
        postalCode: v.postalCode,
        city: v.city,
        country: v.country,
      });
    case 'TAX_RESIDENCE':
      return Object.fromEntries(
        v.taxRows.slice(0, 3).flatMap((row, i) => [
          [`taxCountry${i + 1}`, row.country],
          [`taxId${i + 1}`, row.taxId],
        ]),
      );
    case 'EXEMPTION_ORDER':
      return present({
        taxExemptionOrderAmount: parseDecimalInput(v.taxExemptionOrderAmount) ?? v.taxExemptionOrderAmount,
        validFrom: v.validFrom,
        validTo: v.untilRevoked ? undefined : `${v.validToYear}-12-31`,
        preconditionYear: /^\d{4}$/.test(v.preconditionYear) ? Number(v.preconditionYear) : v.preconditionYear,
        jointExemptionData: v.joint ? v.jointExemptionData : undefined,
      });
    case 'LOSS_CERTIFICATE':
      return { lossOffsetResetStocks: v.lossOffsetResetStocks, lossOffsetResetOther: v.lossOffsetResetOther };
    case 'CRYPTO_ADDRESS':
      return present({ cryptoAddressConfirmedDateTime: v.cryptoCurrent ? now.toISOString() : undefined });
    case 'ID_DOCUMENT':
      return present({
        idDocumentNewValidUntil: v.idDocumentNewValidUntil,
        idDocumentConfirmValid: v.idDocumentConfirmValid,
        attachmentFileReferences: v.attachmentFileReferences,
      });
    case 'TERMINATION':
      return present({ terminationReason: v.terminationReason, terminationComment: v.terminationComment });
    case 'LOMBARD_DOCUMENTS':
      return { lombardConfirmedDocuments: v.lombardConfirmedDocuments };
  }
}

/** The form field an attribute's problem is shown at. */
export function fieldOf(type: ServiceRequestType, path: string): FieldName {
  const tax = /^tax(Country|Id)([123])$/.exec(path);
  if (type === 'TAX_RESIDENCE' && tax) return `taxRows.${Number(tax[2]) - 1}.${tax[1] === 'Country' ? 'country' : 'taxId'}`;
  if (type === 'EXEMPTION_ORDER' && path === 'validTo') return 'validToYear';
  if (type === 'CRYPTO_ADDRESS' && path === 'cryptoAddressConfirmedDateTime') return 'cryptoCurrent';
  if (path === '_' || path === '') return 'root';
  return path as FieldName;
}

export type FieldProblem = { field: FieldName; message: string };
export type CheckedRequest = { ok: true; data: Record<string, unknown> } | { ok: false; problems: FieldProblem[] };

/** The form's values checked by the request type's rules and those of the day (`today`, Berlin): the normalised data, or the problems by field. */
export function checkRequest(type: ServiceRequestType, data: Record<string, unknown>, today: string): CheckedRequest {
  const parsed = parseServiceRequest(type, data);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => ({ field: fieldOf(type, p.path), message: p.message })) };
  const problems = serviceRequestProblems(type, parsed.data, today);
  if (problems.length > 0) return { ok: false, problems: problems.map((p) => ({ field: fieldOf(type, p.path), message: p.message })) };
  return { ok: true, data: parsed.data };
}
