import Decimal from 'decimal.js';
import { addMonthsClamped, bankingDayOnOrAfter } from './banking-days';
import { BASISZINS, CREDITABLE_WITHHOLDING } from './tax';
import { toWireAmount } from './numbers';

/**
 * The Vorabpauschale of an accumulating fund (§ 18 InvStG) and a dividend's gross and foreign tax.
 * Pure; the scheduler books both.
 */

/** The Basiszins of a year; a year the ministry has not announced has none (no Vorabpauschale). */
export function basiszinsOf(year: number): string | null {
  return BASISZINS[year] ?? null;
}

/** Full calendar months of `year` before the month of purchase (0 when bought before the year). */
export function fullMonthsBefore(purchasedOn: string, year: number): number {
  const [y, m] = purchasedOn.split('-').map(Number) as [number, number];
  if (y < year) return 0;
  if (y > year) return 12;
  return m - 1;
}

/**
 * The Vorabpauschale of `quantity` pieces for `year`, in euros: the Basisertrag (value at the
 * start of the year × Basiszins × 0.7) less the year's distributions, capped at the year's value
 * increase plus distributions, and reduced by a twelfth for each full month before the purchase.
 * Before the Teilfreistellung; never negative.
 */
export function vorabpauschale(p: {
  year: number;
  quantity: string;
  /** Euros per piece on the first and last trading day of the year. */
  startPrice: string;
  endPrice: string;
  /** Distributions per piece during the year, euros. */
  distributions?: string;
  /** ISO date the pieces were bought. */
  purchasedOn: string;
}): string {
  const zins = basiszinsOf(p.year);
  if (!zins) return '0.00';
  const distributions = new Decimal(p.distributions ?? 0);
  const basisertrag = new Decimal(p.startPrice).mul(zins).mul('0.7');
  const increase = new Decimal(p.endPrice).minus(p.startPrice).plus(distributions);
  const perPiece = Decimal.max(0, Decimal.min(basisertrag, increase).minus(distributions));
  const months = fullMonthsBefore(p.purchasedOn, p.year);
  return toWireAmount(perPiece.mul(p.quantity).mul(12 - months).div(12));
}

/** The issuer's country for withholding tax: the ISIN's country prefix. */
export const issuerCountry = (isin: string) => isin.slice(0, 2);

/**
 * A dividend on `quantity` pieces: gross in euros at `fxRate` (euros per unit of the dividend's
 * currency), and the foreign tax withheld at the treaty rate of the issuer's country (US 15 %).
 */
export function dividendPayment(p: { isin: string; quantity: string; perShare: string; fxRate: string }): { gross: string; foreignTax: string } {
  const gross = new Decimal(p.quantity).mul(p.perShare).mul(p.fxRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const rate = CREDITABLE_WITHHOLDING[issuerCountry(p.isin)] ?? '0';
  return { gross: toWireAmount(gross), foreignTax: toWireAmount(gross.mul(rate)) };
}

/**
 * The day by which a customer must provide the tax on a Vorabpauschale that the cash did not cover
 * (§ 44 Abs. 1b with Abs. 1 Satz 7 EStG): one month after it was booked, on a banking day. What is still missing
 * after that day is reported to the tax office (Satz 10) and not kept as a debt.
 */
export function shortfallDeadline(bookedOn: string): string {
  return bankingDayOnOrAfter(addMonthsClamped(bookedOn, 1));
}
