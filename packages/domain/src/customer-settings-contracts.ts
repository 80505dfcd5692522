import { z } from 'zod';
import { PORTFOLIO_REPORT_DUE_DATES, TERMINATION_REASONS, LOMBARD_DOCUMENTS } from './service-requests';
import { decimalStringSchema } from './money';

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
});
export type CustomerSettings = z.infer<typeof customerSettingsSchema>;
