import Decimal from 'decimal.js';
import { toWireAmount, truncateCents } from './numbers';

/**
 * German tax on investment income as a bank withholds it (Abgeltungsteuer, §§ 20, 32d, 43a EStG;
 * InvStG). Pure: the server keeps one `TaxYear` per customer and year, and every taxed event (a
 * sale, a dividend, a Vorabpauschale) adds its income to it; the tax of the event is what the
 * whole year owes afterwards minus what was withheld before. So a later loss refunds tax, a raised
 * Freistellungsauftrag returns tax at the next event, and the order of events within a year does
 * not change the year's result (decision 020).
 */

/** Kirchensteuermerkmal: no church tax, or 8 % (Bavaria, Baden-Württemberg) or 9 %. */
export const CHURCH_TAX_RATES = ['none', '8', '9'] as const;
export type ChurchTaxRate = (typeof CHURCH_TAX_RATES)[number];
export const CHURCH_TAX_LABELS: Readonly<Record<ChurchTaxRate, string>> = {
  none: 'Keine Kirchensteuer',
  '8': 'Kirchensteuer 8 %',
  '9': 'Kirchensteuer 9 %',
};

/** Kind of fund for the partial exemption (Teilfreistellung, § 20 InvStG). */
export const FUND_TYPES = ['AKTIENFONDS', 'MISCHFONDS', 'IMMOBILIENFONDS', 'AUSLANDS_IMMOBILIENFONDS', 'SONSTIGER_FONDS'] as const;
export type FundType = (typeof FUND_TYPES)[number];
export const FUND_TYPE_LABELS: Readonly<Record<FundType, string>> = {
  AKTIENFONDS: 'Aktienfonds',
  MISCHFONDS: 'Mischfonds',
  IMMOBILIENFONDS: 'Immobilienfonds',
  AUSLANDS_IMMOBILIENFONDS: 'Auslands-Immobilienfonds',
  SONSTIGER_FONDS: 'Sonstiger Fonds',
};
/** The tax-free part of a fund's income. */
export const TEILFREISTELLUNG: Readonly<Record<FundType, string>> = {
  AKTIENFONDS: '0.30',
  MISCHFONDS: '0.15',
  IMMOBILIENFONDS: '0.60',
  AUSLANDS_IMMOBILIENFONDS: '0.80',
  SONSTIGER_FONDS: '0',
};

/** Basiszins of the Vorabpauschale (§ 18 InvStG), announced by the Federal Ministry of Finance each January. */
export const BASISZINS: Readonly<Record<number, string>> = { 2024: '0.0229', 2025: '0.0253', 2026: '0.0320' };

/** Creditable foreign withholding tax on dividends, by the issuer's country (double-tax treaties). */
export const CREDITABLE_WITHHOLDING: Readonly<Record<string, string>> = { US: '0.15' };

/** Shares have their own loss pot (§ 20 Abs. 6 Satz 4 EStG); everything else falls in the general one. */
export type LossPot = 'shares' | 'other';

export type TaxClass = { pot: LossPot; fundType: FundType | null; teilfreistellung: string };

type Classifiable = { instrumentType: string; name: string; isin: string; fundType?: FundType | null };

/**
 * The fund type of an ETF or fund, from its record or else from its name: property funds by
 * name (foreign unless German), bond and money-market funds "sonstige", multi-asset funds mixed,
 * the rest equity funds (nearly every ETF on offer tracks a share index). Null for anything that
 * is not a fund.
 */
export function fundTypeOf(i: Classifiable): FundType | null {
  if (i.instrumentType !== 'ETF' && i.instrumentType !== 'FONDS') return null;
  if (i.fundType) return i.fundType;
  const name = i.name;
  if (/immobilien|real estate|property|reit\b/i.test(name)) return i.isin.startsWith('DE') ? 'IMMOBILIENFONDS' : 'AUSLANDS_IMMOBILIENFONDS';
  if (/bond|anleihe|renten|treasury|government|govt|money market|geldmarkt|aggregate/i.test(name)) return 'SONSTIGER_FONDS';
  if (/multi|misch|balanced|patrimoine|opportunities|allocation|weltfonds|vermögensverwaltung/i.test(name)) return 'MISCHFONDS';
  return 'AKTIENFONDS';
}

export function taxClassOf(i: Classifiable): TaxClass {
  const fundType = fundTypeOf(i);
  return {
    pot: i.instrumentType === 'AKTIE' ? 'shares' : 'other',
    fundType,
    teilfreistellung: fundType ? TEILFREISTELLUNG[fundType] : '0',
  };
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const money = (d: Decimal.Value) => toWireAmount(cents(new Decimal(d)));

/**
 * A tax amount to the cent with the fractions of a cent dropped: § 4 Satz 3 SolZG ("Bruchteile eines
 * Cents bleiben außer Ansatz") and the Länder church-tax laws say so for the surcharges; the
 * Kapitalertragsteuer is cut the same way, so no amount withheld exceeds its rate (decision 020).
 */
export const taxCents = truncateCents;

/** The taxable part of a fund's income after the Teilfreistellung, to the cent (a loss likewise). */
export function afterTeilfreistellung(amount: string, teilfreistellung: string): string {
  return money(new Decimal(amount).mul(new Decimal(1).minus(teilfreistellung)));
}

/** What a customer's year has taken in so far: euros, never negative each. */
export type TaxYear = {
  /** Gains and losses from sales of shares. */
  shareGains: string;
  shareLosses: string;
  /** All other income (after Teilfreistellung): other gains, dividends, distributions, Vorabpauschalen, and other losses. */
  otherIncome: string;
  otherLosses: string;
  /** Foreign withholding tax that may be credited (at most the treaty rate). */
  foreignTax: string;
  /** Loss pots carried in from the year before. */
  carriedShares: string;
  carriedOther: string;
  /** Losses certified by a Verlustbescheinigung: they left the pots. */
  certifiedShares: string;
  certifiedOther: string;
};

export const EMPTY_TAX_YEAR: Readonly<TaxYear> = {
  shareGains: '0.00',
  shareLosses: '0.00',
  otherIncome: '0.00',
  otherLosses: '0.00',
  foreignTax: '0.00',
  carriedShares: '0.00',
  carriedOther: '0.00',
  certifiedShares: '0.00',
  certifiedOther: '0.00',
};

/** Withheld tax, as a year's total or one event's share; an event's amounts are negative for a refund. */
export type TaxAmounts = {
  capitalGainsTax: string;
  solidaritySurcharge: string;
  churchTax: string;
  withholdingTaxCredited: string;
};

export const NO_TAX: Readonly<TaxAmounts> = { capitalGainsTax: '0.00', solidaritySurcharge: '0.00', churchTax: '0.00', withholdingTaxCredited: '0.00' };

/** What the year owes as it stands. */
export type YearSettlement = TaxAmounts & {
  lossPotShares: string;
  lossPotOther: string;
  /** Income after the loss pots, before the allowance. */
  income: string;
  allowanceUsed: string;
  /** Income after the allowance: the base of the Kapitalertragsteuer. */
  taxable: string;
};

const CHURCH_RATE: Readonly<Record<ChurchTaxRate, string>> = { none: '0', '8': '0.08', '9': '0.09' };
const SOLI = '0.055';

/**
 * Kapitalertragsteuer, Solidaritätszuschlag and Kirchensteuer on a taxable base with creditable
 * foreign tax q (§ 32d Abs. 1 EStG): KapESt = (base − 4q) ÷ (4 + k), so 25 % without church tax
 * and 24.51 % or 24.45 % with it. Each amount to the cent with fractions dropped (`taxCents`); Soli
 * and church tax from the KapESt so cut. The credit is capped where the KapESt reaches zero.
 */
export function taxOn(taxable: string, foreignTax: string, church: ChurchTaxRate): TaxAmounts {
  const base = Decimal.max(0, taxable);
  const k = new Decimal(CHURCH_RATE[church]);
  // Foreign tax beyond a quarter of the base cannot be credited: it would make the KapESt negative.
  const credited = taxCents(Decimal.min(new Decimal(foreignTax), base.div(4)));
  const kapest = taxCents(base.minus(credited.mul(4)).div(k.plus(4)));
  return {
    capitalGainsTax: toWireAmount(kapest),
    solidaritySurcharge: toWireAmount(taxCents(kapest.mul(SOLI))),
    churchTax: toWireAmount(taxCents(kapest.mul(k))),
    withholdingTaxCredited: toWireAmount(credited),
  };
}

/**
 * The year as it stands: share results net against the share pot; what remains of them joins the
 * other income, and other losses offset all of it; then the allowance; the rest is taxed. A pot is
 * what is left of losses that found no income.
 */
export function settleYear(y: TaxYear, allowance: string, church: ChurchTaxRate): YearSettlement {
  const d = (v: string) => new Decimal(v);
  const shareNet = d(y.shareGains).plus(y.certifiedShares).minus(y.shareLosses).minus(y.carriedShares);
  const lossPotShares = Decimal.max(0, shareNet.neg());
  const total = Decimal.max(0, shareNet).plus(y.otherIncome).plus(y.certifiedOther).minus(y.otherLosses).minus(y.carriedOther);
  const lossPotOther = Decimal.max(0, total.neg());
  const income = Decimal.max(0, total);
  const allowanceUsed = Decimal.min(income, Decimal.max(0, allowance));
  const taxable = income.minus(allowanceUsed);
  return {
    ...taxOn(toWireAmount(taxable), y.foreignTax, church),
    lossPotShares: toWireAmount(lossPotShares),
    lossPotOther: toWireAmount(lossPotOther),
    income: toWireAmount(income),
    allowanceUsed: toWireAmount(allowanceUsed),
    taxable: toWireAmount(taxable),
  };
}

/** One event's income as it enters the year. */
export type TaxableIncome =
  /** A sale: its gain (negative for a loss) before the Teilfreistellung. */
  | { kind: 'sale'; gain: string; taxClass: TaxClass }
  /** A dividend or distribution (gross, euros) and the foreign tax withheld on it. */
  | { kind: 'dividend'; gross: string; taxClass: TaxClass; foreignTax: string }
  /** The Vorabpauschale of an accumulating fund. */
  | { kind: 'vorabpauschale'; amount: string; taxClass: TaxClass };

/** The year after one more event. */
export function addIncome(y: TaxYear, income: TaxableIncome): { year: TaxYear; taxablePart: string } {
  const amount = income.kind === 'sale' ? income.gain : income.kind === 'dividend' ? income.gross : income.amount;
  const part = afterTeilfreistellung(amount, income.taxClass.teilfreistellung);
  const p = new Decimal(part);
  const next = { ...y };
  const add = (k: keyof TaxYear, v: Decimal.Value) => (next[k] = money(new Decimal(next[k]).plus(v)));
  // Dividends of shares are not share gains: only sales feed the share pot.
  const shares = income.kind === 'sale' && income.taxClass.pot === 'shares';
  if (p.gte(0)) add(shares ? 'shareGains' : 'otherIncome', p);
  else add(shares ? 'shareLosses' : 'otherLosses', p.neg());
  if (income.kind === 'dividend') add('foreignTax', income.foreignTax);
  return { year: next, taxablePart: part };
}

/** What the year has had withheld so far. */
export type TaxPaid = TaxAmounts & { allowanceUsed: string };

/** One event's calculation, as the Steuern screen and the contract note show it. */
export type TaxCalculation = TaxAmounts & {
  /** The event's income before the Teilfreistellung (a sale's gain, negative for a loss). */
  amount: string;
  teilfreistellung: string;
  /** After the Teilfreistellung. */
  taxablePart: string;
  /** Allowance this event used (negative: a loss gave it back). */
  allowanceUsed: string;
  lossPotSharesBefore: string;
  lossPotOtherBefore: string;
  lossPotSharesAfter: string;
  lossPotOtherAfter: string;
  /** Taxable base of the year after this event. */
  yearTaxable: string;
};

const minus = (a: string, b: string) => toWireAmount(new Decimal(a).minus(b));

/**
 * The tax of one event: the year settled with the event minus what was withheld before it. Returns
 * the new year and the new totals withheld, for the caller to keep.
 */
export function taxEvent(
  before: { year: TaxYear; paid: TaxPaid },
  income: TaxableIncome,
  allowance: string,
  church: ChurchTaxRate,
): { year: TaxYear; paid: TaxPaid; settlement: YearSettlement; calculation: TaxCalculation } {
  const previous = settleYear(before.year, allowance, church);
  const { year, taxablePart } = addIncome(before.year, income);
  const s = settleYear(year, allowance, church);
  const amount = income.kind === 'sale' ? income.gain : income.kind === 'dividend' ? income.gross : income.amount;
  return {
    year,
    paid: {
      capitalGainsTax: s.capitalGainsTax,
      solidaritySurcharge: s.solidaritySurcharge,
      churchTax: s.churchTax,
      withholdingTaxCredited: s.withholdingTaxCredited,
      allowanceUsed: s.allowanceUsed,
    },
    settlement: s,
    calculation: {
      amount: money(amount),
      teilfreistellung: income.taxClass.teilfreistellung,
      taxablePart,
      allowanceUsed: minus(s.allowanceUsed, before.paid.allowanceUsed),
      capitalGainsTax: minus(s.capitalGainsTax, before.paid.capitalGainsTax),
      solidaritySurcharge: minus(s.solidaritySurcharge, before.paid.solidaritySurcharge),
      churchTax: minus(s.churchTax, before.paid.churchTax),
      withholdingTaxCredited: minus(s.withholdingTaxCredited, before.paid.withholdingTaxCredited),
      lossPotSharesBefore: previous.lossPotShares,
      lossPotOtherBefore: previous.lossPotOther,
      lossPotSharesAfter: s.lossPotShares,
      lossPotOtherAfter: s.lossPotOther,
      yearTaxable: s.taxable,
    },
  };
}

/** The tax an event withholds in total (negative: a refund). Credited foreign tax was withheld abroad already. */
export function taxTotal(t: Pick<TaxAmounts, 'capitalGainsTax' | 'solidaritySurcharge' | 'churchTax'>): string {
  return toWireAmount(new Decimal(t.capitalGainsTax).plus(t.solidaritySurcharge).plus(t.churchTax));
}

export const EMPTY_TAX_PAID: Readonly<TaxPaid> = { ...NO_TAX, allowanceUsed: '0.00' };

/**
 * A Verlustbescheinigung: the pots as they stand leave the year (they go to the tax return), so
 * later income of the year meets empty pots.
 */
export function certifyLosses(y: TaxYear, s: Pick<YearSettlement, 'lossPotShares' | 'lossPotOther'>, pots: { shares: boolean; other: boolean }): TaxYear {
  return {
    ...y,
    certifiedShares: pots.shares ? money(new Decimal(y.certifiedShares).plus(s.lossPotShares)) : y.certifiedShares,
    certifiedOther: pots.other ? money(new Decimal(y.certifiedOther).plus(s.lossPotOther)) : y.certifiedOther,
  };
}

/** A new year starts with the pots the old one left (unless they were certified). */
export function nextTaxYear(previous: Pick<YearSettlement, 'lossPotShares' | 'lossPotOther'> | null): TaxYear {
  return { ...EMPTY_TAX_YEAR, carriedShares: previous?.lossPotShares ?? '0.00', carriedOther: previous?.lossPotOther ?? '0.00' };
}

/** A sale's gain for tax: proceeds after costs, less the acquisition costs and the Vorabpauschalen already taxed on the pieces sold. */
export function saleGain(sale: { realisedPnl: string; vorabpauschaleOfSold: string }): string {
  return toWireAmount(new Decimal(sale.realisedPnl).minus(sale.vorabpauschaleOfSold));
}
