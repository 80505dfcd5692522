import { z } from 'zod';
import { decimalStringSchema } from './money';
import { CHURCH_TAX_RATES } from './tax';

/**
 * The tax API (decimal strings, euros). Routes:
 *   GET /api/tax?year=YYYY        → TaxYearView (the Steuern screen; the current year without `year`)
 *   GET /api/tax/settings         → TaxSettings (Kirchensteuermerkmal of this year and from the next)
 *   PUT /api/tax/settings         ← TaxSettingsRequest → TaxSettings (a change applies from the next year)
 * and the tax of a sale on GET /api/trading/orders/{id} (`tax`, per execution and summed) and on the
 * sell ticket's preview (`tax`). With the `taxDisabled` feature flag none of it exists.
 */

/** A sale's tax, as its order shows it. `gain` is negative for a loss; a refund shows as negative taxes. */
export const orderTaxSchema = z.object({
  gain: decimalStringSchema,
  /** The gain after the Teilfreistellung (funds), which enters the pots. */
  taxablePart: decimalStringSchema,
  /** Tax-free share of a fund's gain, e.g. "0.30"; "0" for anything else. */
  teilfreistellung: decimalStringSchema,
  allowanceUsed: decimalStringSchema,
  capitalGainsTax: decimalStringSchema,
  solidaritySurcharge: decimalStringSchema,
  churchTax: decimalStringSchema,
  lossPotSharesAfter: decimalStringSchema,
  lossPotOtherAfter: decimalStringSchema,
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

/** The estimate on the sell ticket, before the order is sent: the tax of selling at the current bid. */
export const saleTaxEstimateSchema = orderTaxSchema.extend({
  /** Proceeds after the order's costs, euros. */
  proceeds: decimalStringSchema,
  /** Acquisition costs of the pieces sold (FIFO), with taxed Vorabpauschalen. */
  acquisitionCost: decimalStringSchema,
  lossPotSharesBefore: decimalStringSchema,
  lossPotOtherBefore: decimalStringSchema,
  allowanceRemainingBefore: decimalStringSchema,
  /** KapESt + Soli + church tax. */
  total: decimalStringSchema,
});
export type SaleTaxEstimate = z.infer<typeof saleTaxEstimateSchema>;

export const churchTaxRateSchema = z.enum(CHURCH_TAX_RATES);

/** The Kirchensteuermerkmal from a year on. */
export const churchTaxFromSchema = z.object({ year: z.number().int(), churchTax: churchTaxRateSchema });

export const TAX_EVENT_KINDS = ['sale', 'dividend', 'vorabpauschale', 'adjustment'] as const;
export type TaxEventKind = (typeof TAX_EVENT_KINDS)[number];
export const TAX_EVENT_LABELS: Readonly<Record<TaxEventKind, string>> = {
  sale: 'Verkauf',
  dividend: 'Dividende',
  vorabpauschale: 'Vorabpauschale',
  adjustment: 'Steuerkorrektur',
};

/** One taxed event with its calculation. Amounts of taxes are negative for a refund. */
export const taxEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TAX_EVENT_KINDS),
  at: z.iso.datetime({ offset: true }),
  isin: z.string().nullable(),
  name: z.string(),
  /** The order of a sale. */
  orderId: z.string().nullable(),
  /** Its statement (contract note, dividend statement, notice) in the Posteingang. */
  documentId: z.string().nullable(),
  /** Income before the Teilfreistellung: a sale's gain (negative for a loss), a dividend's gross, a Vorabpauschale. */
  amount: decimalStringSchema,
  teilfreistellung: decimalStringSchema,
  taxablePart: decimalStringSchema,
  allowanceUsed: decimalStringSchema,
  capitalGainsTax: decimalStringSchema,
  solidaritySurcharge: decimalStringSchema,
  churchTax: decimalStringSchema,
  /** Foreign withholding tax credited with this event. */
  withholdingTaxCredited: decimalStringSchema,
  /** Foreign tax withheld abroad (dividends). */
  foreignTax: decimalStringSchema,
  lossPotSharesBefore: decimalStringSchema,
  lossPotOtherBefore: decimalStringSchema,
  lossPotSharesAfter: decimalStringSchema,
  lossPotOtherAfter: decimalStringSchema,
});
export type TaxEvent = z.infer<typeof taxEventSchema>;

export const taxYearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

export const taxYearViewSchema = z.object({
  year: z.number().int(),
  allowance: z.object({ total: decimalStringSchema, used: decimalStringSchema, remaining: decimalStringSchema }),
  lossPots: z.object({ shares: decimalStringSchema, other: decimalStringSchema }),
  paid: z.object({ capitalGainsTax: decimalStringSchema, solidaritySurcharge: decimalStringSchema, churchTax: decimalStringSchema }),
  withholdingTaxCredited: decimalStringSchema,
  /** The Kirchensteuermerkmal of this year. */
  churchTax: churchTaxRateSchema,
  /** The one that applies from the year after the current one (a change made now starts there). */
  churchTaxNext: churchTaxFromSchema,
  /** Loss pots carried in from the year before. */
  carriedLossPots: z.object({ shares: decimalStringSchema, other: decimalStringSchema }),
  /** Years with tax data, newest first (always including the current one). */
  years: z.array(z.number().int()),
  /** The year's taxed events, newest first. */
  events: z.array(taxEventSchema),
});
export type TaxYearView = z.infer<typeof taxYearViewSchema>;

/**
 * The Kirchensteuermerkmal: the status of the current year (`year`), as the bank's annual query
 * holds it, and the one that applies from the next year (`next`, what a change sets).
 */
export const taxSettingsSchema = z.object({ year: z.number().int(), churchTax: churchTaxRateSchema, next: churchTaxFromSchema });
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
/** A change of the Kirchensteuermerkmal: it applies from the next year on, never to the current one. */
export const taxSettingsRequestSchema = z.object({ churchTax: churchTaxRateSchema });
export type TaxSettingsRequest = z.infer<typeof taxSettingsRequestSchema>;
