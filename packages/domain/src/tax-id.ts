// The CommonJS build: its ES build imports without file extensions, which Node's loader refuses.
import * as idnr from 'stdnum/lib/cjs/de/idnr.js';

/**
 * The German Steuer-Identifikationsnummer (§ 139b AO): 11 digits, the first not 0, one digit
 * twice or three times among the first ten, and a check digit by ISO 7064 MOD 11,10. The rule is
 * python-stdnum's, as maintained in `stdnum`.
 */
export function isValidGermanTaxId(input: string): boolean {
  const digits = input.replace(/[\s./-]/g, '');
  return /^\d{11}$/.test(digits) && idnr.validate(digits).isValid;
}

/** "86 095 742 719" → "86095742719": the form Kontor stores. */
export const compactTaxId = (input: string): string => input.replace(/[\s./-]/g, '').toUpperCase();

/** Why a German Steuer-ID is refused, in the customer's words; null when it is valid. */
export function germanTaxIdProblem(input: string): string | null {
  const digits = compactTaxId(input);
  if (digits === '') return 'Bitte geben Sie Ihre Steuer-ID ein.';
  if (!/^\d{11}$/.test(digits)) return 'Die Steuer-ID hat 11 Ziffern.';
  if (!isValidGermanTaxId(digits)) return 'Diese Steuer-ID ist ungültig. Bitte prüfen Sie die Ziffern.';
  return null;
}
