import { isinLuhnSum } from '@kontor/domain/instrument';

/**
 * The ISIN check digit (ISO 6166) for 11 leading characters: letters become numbers (A = 10 …
 * Z = 35), then the Luhn check digit over the resulting digits (`isinLuhnSum` of the domain
 * package, whose `isValidIsin` checks the other way round).
 */
export function isinCheckDigit(body: string): string {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new RangeError(`Not the first 11 characters of an ISIN: ${body}`);
  return String((10 - (isinLuhnSum(body, true) % 10)) % 10);
}

export const withCheckDigit = (body: string) => body + isinCheckDigit(body);
