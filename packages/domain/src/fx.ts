import Decimal from 'decimal.js';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * Kontor's cash account is in euros; instruments quoted in another currency are settled at an
 * exchange rate (Devisenkurs) shown on the contract note. US dollars use the live EUR/USD quote of
 * the market; for the few other currencies the market quotes no pair, a fixed reference rate
 * stands in (decision: the simulated market has no FX desk).
 */
export const EUR_USD_ISIN = 'EU0009652759';

const REFERENCE_EUR_PER_UNIT: Readonly<Record<string, string>> = { CHF: '1.06', DKK: '0.134', GBP: '1.18' };

/** Euros per unit of `currency` (8 decimals); null when no rate is known (then nothing is traded). */
export function eurPerUnit(currency: string, eurUsdMid?: string | null): string | null {
  if (currency === 'EUR') return '1';
  if (currency === 'USD') {
    if (!eurUsdMid || new Decimal(eurUsdMid).lte(0)) return null;
    return toWireDecimal(new Decimal(1).div(eurUsdMid).toDecimalPlaces(8, Decimal.ROUND_HALF_UP));
  }
  return REFERENCE_EUR_PER_UNIT[currency] ?? null;
}

/** An amount in the quote currency in euros, to the cent. */
export function toEur(amount: string, fxRate: string): string {
  return toWireAmount(new Decimal(amount).mul(fxRate));
}
