/**
 * The ISIN check digit (ISO 6166) for 11 leading characters: letters become numbers (A = 10 …
 * Z = 35), then the Luhn check digit over the resulting digits. `isValidIsin` of the domain package
 * checks the other way round.
 */
export function isinCheckDigit(body: string): string {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new RangeError(`Not the first 11 characters of an ISIN: ${body}`);
  let digits = '';
  for (const c of body) digits += c >= 'A' ? String(c.charCodeAt(0) - 55) : c;
  let sum = 0;
  // The check digit will stand rightmost, so the rightmost digit of the body is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export const withCheckDigit = (body: string) => body + isinCheckDigit(body);
