import type { DocumentKind } from '@kontor/domain/posteingang-contracts';
import { accountOpening, type AccountOpeningData } from './account-opening.ts';
import { accountStatement, type AccountStatementData } from './account-statement.ts';
import { caTerms, type CaTermsData } from './ca-terms.ts';
import { caStatement, type CaStatementData } from './ca-statement.ts';
import { annualTaxCertificate, type AnnualTaxCertificateData } from './annual-tax-certificate.ts';
import { contractNote, type ContractNoteData } from './contract-note.ts';
import { costReport, type CostReportData } from './cost-report.ts';
import { depotStatement, type DepotStatementData } from './depot-statement.ts';
import { lossCertificate, type LossCertificateData } from './loss-certificate.ts';
import { savingsPlanNote, type SavingsPlanNoteData } from './savings-plan-note.ts';
import { taxStatement, type TaxStatementData } from './tax-statement.ts';
import { ticketConfirmation, type TicketConfirmationData } from './ticket-confirmation.ts';

/**
 * The data a document of each kind is rendered from (stored with it, as sent). Every kind also
 * holds the holder's `customerName` and the `recipientAddress` it was sent to (see recipient.ts).
 */
export type DocumentData = {
  contract_note: ContractNoteData;
  depot_statement: DepotStatementData;
  account_statement: AccountStatementData;
  cost_report: CostReportData;
  savings_plan_execution: SavingsPlanNoteData;
  ticket_confirmation: TicketConfirmationData;
  /** The Verlustbescheinigung, or the Jahressteuerbescheinigung (`certificate: 'annual'`). */
  tax_certificate: LossCertificateData | AnnualTaxCertificateData;
  /** A Dividendengutschrift or the notice of a Vorabpauschale. */
  tax_statement: TaxStatementData;
  /** The terms of a corporate action (the statements of its bookings: corporate_action_statement). */
  corporate_action_notice: CaTermsData;
  corporate_action_statement: CaStatementData;
  account_opening: AccountOpeningData;
};
export type RenderableKind = keyof DocumentData;

/**
 * The PDF of a document from its stored data alone, so that what it shows is what was issued.
 * Undefined for a kind that has no renderer here yet.
 */
export function renderDocument(kind: DocumentKind | string, data: Record<string, unknown>, issuedAt: Date): Promise<Buffer> | undefined {
  switch (kind) {
    case 'contract_note':
      return contractNote(data as ContractNoteData);
    case 'depot_statement':
      return depotStatement(data as DepotStatementData, issuedAt);
    case 'account_statement':
      return accountStatement(data as AccountStatementData, issuedAt);
    case 'cost_report':
      return costReport(data as CostReportData, issuedAt);
    case 'savings_plan_execution':
      return savingsPlanNote(data as SavingsPlanNoteData);
    case 'ticket_confirmation':
      return ticketConfirmation(data as TicketConfirmationData);
    case 'tax_certificate':
      return data.certificate === 'annual' ? annualTaxCertificate(data as AnnualTaxCertificateData) : lossCertificate(data as LossCertificateData);
    case 'tax_statement':
      return taxStatement(data as TaxStatementData);
    case 'corporate_action_notice':
      return caTerms(data as CaTermsData);
    case 'corporate_action_statement':
      return caStatement(data as CaStatementData);
    case 'account_opening':
      return accountOpening(data as AccountOpeningData);
    default:
      return undefined;
  }
}
