import Decimal from 'decimal.js';
import { formatMoney, formatPercent, trend } from '../../lib/format';
import { toWireAmount } from '@kontor/domain/numbers';

/** An amount of tax or income with the typographic minus (U+2212) of a refund or loss: "−12,34 €". */
export function signedEuro(amount: string): string {
  return formatMoney(amount).replace('-', '\u2212');
}

/** The Teilfreistellung as percent: "0.30" → "30 %". */
export function teilfreistellungPercent(share: string): string {
  return formatPercent(new Decimal(share).times(100).toString(), { signed: false, fractionDigits: { min: 0, max: 2 } });
}

/** True when a fund's partial exemption applies ("0.30"), false for "0". */
export function hasTeilfreistellung(share: string): boolean {
  return trend(share) === 'gain';
}

/** The tax-free part of an income under the Teilfreistellung, to the cent. */
export function teilfreistellungAmount(amount: string, share: string): string {
  return toWireAmount(new Decimal(amount).times(share));
}

/** A negative tax is a refund (Erstattung). */
export function isRefund(total: string): boolean {
  return trend(total) === 'loss';
}
