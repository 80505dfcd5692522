/**
 * The service requests' types and choices with their German labels: the plain data of
 * service-requests.ts, in a module of their own so that a page which only shows a label does not
 * load the forms' rules (IBAN, phone, postal-code and country data).
 */

export const SERVICE_REQUEST_TYPES = [
  'MOBILE_NUMBER',
  'REFERENCE_ACCOUNT',
  'DIRECT_DEBIT_MANDATE',
  'PORTFOLIO_REPORT_DUE_DATE',
  'ADDRESS',
  'TAX_RESIDENCE',
  'EXEMPTION_ORDER',
  'LOSS_CERTIFICATE',
  'CRYPTO_ADDRESS',
  'ID_DOCUMENT',
  'TERMINATION',
  'LOMBARD_DOCUMENTS',
] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];

export const SERVICE_REQUEST_LABELS: Readonly<Record<ServiceRequestType, string>> = {
  MOBILE_NUMBER: 'Mobilnummer ändern',
  REFERENCE_ACCOUNT: 'Referenzkonto ändern',
  DIRECT_DEBIT_MANDATE: 'SEPA-Lastschriftmandat',
  PORTFOLIO_REPORT_DUE_DATE: 'Stichtag des Depotauszugs',
  ADDRESS: 'Adresse ändern',
  TAX_RESIDENCE: 'Steuerliche Ansässigkeit',
  EXEMPTION_ORDER: 'Freistellungsauftrag',
  LOSS_CERTIFICATE: 'Verlustverrechnung / Verlustbescheinigung',
  CRYPTO_ADDRESS: 'Krypto-Adresse bestätigen',
  ID_DOCUMENT: 'Ausweisdokument erneuern',
  TERMINATION: 'Kündigung',
  LOMBARD_DOCUMENTS: 'Lombardkredit-Unterlagen bestätigen',
};

export const serviceRequestLabel = (type: string): string => SERVICE_REQUEST_LABELS[type as ServiceRequestType] ?? 'Serviceauftrag';

/** The days the yearly depot statement (Depotauszug) can be drawn up on: the last day of a quarter. */
export const PORTFOLIO_REPORT_DUE_DATES = ['03-31', '06-30', '09-30', '12-31'] as const;
export type PortfolioReportDueDate = (typeof PORTFOLIO_REPORT_DUE_DATES)[number];
export const PORTFOLIO_REPORT_DUE_DATE_LABELS: Readonly<Record<PortfolioReportDueDate, string>> = {
  '03-31': '31. März',
  '06-30': '30. Juni',
  '09-30': '30. September',
  '12-31': '31. Dezember',
};

export const DIRECT_DEBIT_MANDATE_ACTIONS = ['GRANT', 'REVOKE'] as const;
export type DirectDebitMandateAction = (typeof DIRECT_DEBIT_MANDATE_ACTIONS)[number];

export const TERMINATION_REASONS = ['FEES', 'SERVICE', 'OTHER_BROKER', 'NO_LONGER_INVESTING', 'OTHER'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
export const TERMINATION_REASON_LABELS: Readonly<Record<TerminationReason, string>> = {
  FEES: 'Gebühren und Kosten',
  SERVICE: 'Unzufrieden mit dem Service',
  OTHER_BROKER: 'Wechsel zu einem anderen Anbieter',
  NO_LONGER_INVESTING: 'Ich lege kein Geld mehr an',
  OTHER: 'Anderer Grund',
};

/** The documents of a Lombardkredit (Wertpapierkredit) the customer confirms to have received and read. */
export const LOMBARD_DOCUMENTS = ['CREDIT_AGREEMENT', 'RISK_INFORMATION', 'PRE_CONTRACTUAL_INFORMATION'] as const;
export type LombardDocument = (typeof LOMBARD_DOCUMENTS)[number];
export const LOMBARD_DOCUMENT_LABELS: Readonly<Record<LombardDocument, string>> = {
  CREDIT_AGREEMENT: 'Kreditvertrag Wertpapierkredit',
  RISK_INFORMATION: 'Risikohinweise zum Wertpapierkredit',
  PRE_CONTRACTUAL_INFORMATION: 'Europäische Standardinformationen für Verbraucherkredite',
};
