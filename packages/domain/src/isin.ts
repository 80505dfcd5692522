/** The ISIN (ISO 6166) check, without zod: instrument.ts (with the schemas) re-exports it. */

const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/**
 * Whether an ISIN (ISO 6166) is well-formed and its check digit right: letters become numbers
 * (A = 10 … Z = 35), then the Luhn checksum over all digits must be 0 mod 10.
 */
export function isValidIsin(isin: string): boolean {
  return ISIN_PATTERN.test(isin) && isinLuhnSum(isin, false) % 10 === 0;
}

/**
 * The Luhn sum (ISO 6166) of ISIN characters: letters count as two digits (A = 10 … Z = 35), and
 * every second digit from the right is doubled, starting with the rightmost when
 * `doubleRightmost` (the 11 characters before a check digit). Every order's ISIN is checked.
 */
export function isinLuhnSum(chars: string, doubleRightmost: boolean): number {
  let sum = 0;
  let double = doubleRightmost;
  for (let i = chars.length - 1; i >= 0; i--) {
    const code = chars.charCodeAt(i);
    let value = code >= 65 ? code - 55 : code - 48;
    // A letter's two digits: its ones stand right of its tens.
    do {
      let d = value % 10;
      if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
      double = !double;
      value = (value - (value % 10)) / 10;
    } while (value > 0);
  }
  return sum;
}
