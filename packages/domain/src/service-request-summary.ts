import { countryName } from './countries';
import { addressLines } from './postal-address';
import { formatDate, formatDateTime } from './dates';
import { formatIban } from './iban';
import { formatEuro } from './numbers';
import { formatPhoneNumber } from './phone';
import {
  LOMBARD_DOCUMENT_LABELS,
  PORTFOLIO_REPORT_DUE_DATE_LABELS,
  TERMINATION_REASON_LABELS,
  type LombardDocument,
  type PortfolioReportDueDate,
  type ServiceRequestType,
  type TerminationReason,
} from './service-requests';

/**
 * What a service request asks for, as label/value lines in German: the review before the TAN, the
 * ticket page, the SMS summary's detail and the confirmation document all show the same lines.
 */
export type SummaryLine = { label: string; value: string };

/** "2026-12-31" → "31.12.2026" */
export const germanDate = (iso: string): string => (iso ? formatDate(iso.slice(0, 10)) : '');

/** An ISO instant as Berlin date and time: "26.11.2026, 10:15 Uhr". */
export const germanDateTime = (iso: string): string => (iso ? `${formatDateTime(iso)} Uhr` : '');

/** A German Steuer-ID grouped as printed on the letter: "86 095 742 719". */
export const formatTaxId = (id: string): string => (/^\d{11}$/.test(id) ? `${id.slice(0, 2)} ${id.slice(2, 5)} ${id.slice(5, 8)} ${id.slice(8)}` : id);

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const country = (code: unknown): string => countryName(str(code)) ?? str(code);

/** The lines of a request's normalised attributes (as parseServiceRequest returns them). */
export function serviceRequestLines(type: ServiceRequestType, data: Record<string, unknown>): SummaryLine[] {
  // A draft may hold only part of its request: it shows what is filled in.
  return linesOf(type, data).filter((line) => line.value !== '');
}

function linesOf(type: ServiceRequestType, data: Record<string, unknown>): SummaryLine[] {
  switch (type) {
    case 'MOBILE_NUMBER':
      return [{ label: 'Neue Mobilnummer', value: formatPhoneNumber(str(data.newMobileNumber)) }];
    case 'REFERENCE_ACCOUNT':
      return [{ label: 'Neues Referenzkonto (IBAN)', value: formatIban(str(data.newReferenceAccountIban)) }];
    case 'DIRECT_DEBIT_MANDATE':
      return [{ label: 'SEPA-Lastschriftmandat', value: data.directDebitMandate === 'REVOKE' ? 'widerrufen' : 'erteilen' }];
    case 'PORTFOLIO_REPORT_DUE_DATE':
      return [{ label: 'Stichtag des Depotauszugs', value: PORTFOLIO_REPORT_DUE_DATE_LABELS[data.portfolioReportDueDate as PortfolioReportDueDate] ?? str(data.portfolioReportDueDate) }];
    case 'ADDRESS':
      return [
        {
          label: 'Neue Adresse',
          value: addressLines({
            street: str(data.newStreet),
            street2: str(data.newStreet2) || null,
            houseNumber: str(data.newHouseNumber),
            houseNumber2: str(data.newHouseNumber2) || null,
            postalCode: str(data.postalCode),
            city: str(data.city),
            country: str(data.country),
          }).join(', '),
        },
      ];
    case 'TAX_RESIDENCE':
      return [1, 2, 3].flatMap((n) =>
        data[`taxCountry${n}`] ? [{ label: `Steuerliche Ansässigkeit ${n}`, value: `${country(data[`taxCountry${n}`])}, Steuernummer ${formatTaxId(str(data[`taxId${n}`]))}` }] : [],
      );
    case 'EXEMPTION_ORDER': {
      const joint = data.jointExemptionData as { givenName: string; familyName: string } | undefined;
      return [
        { label: 'Freistellungsbetrag', value: data.taxExemptionOrderAmount ? formatEuro(str(data.taxExemptionOrderAmount)) : '' },
        { label: 'Art', value: joint ? `gemeinsam mit ${joint.givenName} ${joint.familyName}` : 'Einzelauftrag' },
        { label: 'Gültig ab', value: germanDate(str(data.validFrom)) },
        { label: 'Gültig bis', value: data.validTo ? germanDate(str(data.validTo)) : 'auf Widerruf' },
        { label: 'Kalenderjahr', value: str(data.preconditionYear) },
      ];
    }
    case 'LOSS_CERTIFICATE':
      return [
        { label: 'Verlustbescheinigung für', value: [data.lossOffsetResetStocks && 'Aktienverluste', data.lossOffsetResetOther && 'sonstige Verluste'].filter(Boolean).join(' und ') },
      ];
    case 'CRYPTO_ADDRESS':
      return [{ label: 'Adresse bestätigt am', value: germanDateTime(str(data.cryptoAddressConfirmedDateTime)) }];
    case 'ID_DOCUMENT': {
      const files = Array.isArray(data.attachmentFileReferences) ? data.attachmentFileReferences.length : 0;
      return [
        { label: 'Gültig bis', value: germanDate(str(data.idDocumentNewValidUntil)) },
        { label: 'Dokument gültig', value: data.idDocumentConfirmValid === true ? 'bestätigt' : 'nicht bestätigt' },
        { label: 'Scan', value: files === 1 ? '1 Datei' : `${files} Dateien` },
      ];
    }
    case 'TERMINATION':
      return [
        { label: 'Grund', value: TERMINATION_REASON_LABELS[data.terminationReason as TerminationReason] ?? str(data.terminationReason) },
        ...(data.terminationComment ? [{ label: 'Anmerkung', value: str(data.terminationComment) }] : []),
      ];
    case 'LOMBARD_DOCUMENTS':
      return [
        {
          label: 'Bestätigte Unterlagen',
          value: (Array.isArray(data.lombardConfirmedDocuments) ? (data.lombardConfirmedDocuments as LombardDocument[]) : []).map((d) => LOMBARD_DOCUMENT_LABELS[d] ?? d).join(', '),
        },
      ];
  }
}
