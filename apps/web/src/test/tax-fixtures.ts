import type { SaleTaxEstimate, TaxEvent, TaxYearView } from '@kontor/domain/tax-contracts';

/**
 * A tax year worked out by hand (no church tax, Freistellungsauftrag 1.000 €):
 * - 10.03. SAP sold at a gain of 1.500,00 €: 1.000,00 € allowance, 500,00 € taxed →
 *   KapESt 125,00 €, Soli 5,5 % = 6,875 → 6,88 €.
 * - 02.06. an equity ETF sold at a loss of 200,00 €: Teilfreistellung 30 % leaves −140,00 €,
 *   offset against the year's gain: 360,00 € taxed → KapESt 90,00 €, Soli 4,95 €; the sale refunds
 *   125,00 − 90,00 = 35,00 € KapESt and 6,88 − 4,95 = 1,93 € Soli, 36,93 € in all.
 */
const event = (e: Partial<TaxEvent> & Pick<TaxEvent, 'id' | 'kind' | 'at' | 'name' | 'amount'>): TaxEvent => ({
  isin: null,
  orderId: null,
  documentId: null,
  teilfreistellung: '0',
  taxablePart: e.amount,
  allowanceUsed: '0.00',
  capitalGainsTax: '0.00',
  solidaritySurcharge: '0.00',
  churchTax: '0.00',
  withholdingTaxCredited: '0.00',
  foreignTax: '0.00',
  lossPotSharesBefore: '0.00',
  lossPotOtherBefore: '0.00',
  lossPotSharesAfter: '0.00',
  lossPotOtherAfter: '0.00',
  ...e,
});

export const ETF_LOSS_EVENT = event({
  id: 'tax-2',
  kind: 'sale',
  at: '2026-06-02T09:15:00.000Z',
  isin: 'IE00B4L5Y983',
  name: 'iShares Core MSCI World UCITS ETF',
  orderId: 'order-etf',
  documentId: 'doc-etf',
  amount: '-200.00',
  teilfreistellung: '0.30',
  taxablePart: '-140.00',
  capitalGainsTax: '-35.00',
  solidaritySurcharge: '-1.93',
});

export const SAP_GAIN_EVENT = event({
  id: 'tax-1',
  kind: 'sale',
  at: '2026-03-10T10:00:00.000Z',
  isin: 'DE0007164600',
  name: 'SAP SE',
  orderId: 'order-sap',
  documentId: 'doc-sap',
  amount: '1500.00',
  allowanceUsed: '1000.00',
  capitalGainsTax: '125.00',
  solidaritySurcharge: '6.88',
});

export function taxYearView(overrides: Partial<TaxYearView> = {}): TaxYearView {
  return {
    year: 2026,
    allowance: { total: '1000.00', used: '1000.00', remaining: '0.00' },
    lossPots: { shares: '0.00', other: '0.00' },
    paid: { capitalGainsTax: '90.00', solidaritySurcharge: '4.95', churchTax: '0.00' },
    withholdingTaxCredited: '0.00',
    churchTax: 'none',
    churchTaxNext: { year: 2027, churchTax: 'none' },
    carriedLossPots: { shares: '0.00', other: '0.00' },
    years: [2026, 2025],
    events: [ETF_LOSS_EVENT, SAP_GAIN_EVENT],
    ...overrides,
  };
}

/**
 * The sell ticket's estimate: 10 SAP at 199,90 € bought for 1.500,00 €, 1,00 € fee: proceeds
 * 1.998,00 €, gain 498,00 €; the shares pot holds 100,00 € of losses → 398,00 €; the allowance left
 * (200,00 €) → 198,00 € taxed: KapESt 49,50 €, Soli 2,72 € (2,7225), 52,22 € in all.
 */
export const SAP_SALE_ESTIMATE: SaleTaxEstimate = {
  proceeds: '1998.00',
  acquisitionCost: '1500.00',
  gain: '498.00',
  taxablePart: '498.00',
  teilfreistellung: '0',
  lossPotSharesBefore: '100.00',
  lossPotOtherBefore: '0.00',
  lossPotSharesAfter: '0.00',
  lossPotOtherAfter: '0.00',
  allowanceRemainingBefore: '200.00',
  allowanceUsed: '200.00',
  capitalGainsTax: '49.50',
  solidaritySurcharge: '2.72',
  churchTax: '0.00',
  total: '52.22',
};
