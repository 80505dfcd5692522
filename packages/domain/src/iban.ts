import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/**
 * IBANs as Kontor handles them: stored and compared in electronic format ("DE89370400440532013000"),
 * shown grouped ("DE89 3704 0044 0532 0130 00") or masked ("DE89 •••• 3000").
 */

/** Electronic format (no spaces, upper case), or null for anything that is not a valid IBAN. */
export function normaliseIban(input: string): string | null {
  const electronic = electronicFormatIBAN(input.trim());
  return electronic && validateIBAN(electronic).valid ? electronic : null;
}

/** Why an IBAN is refused, in words a customer understands; null when it is a valid IBAN of a SEPA country. */
export function ibanProblem(input: string): string | null {
  const electronic = electronicFormatIBAN(input.trim()) ?? '';
  if (electronic === '') return 'Bitte geben Sie eine IBAN ein.';
  const { valid, errorCodes } = validateIBAN(electronic);
  if (!valid) {
    if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'Die IBAN beginnt nicht mit einem gültigen Ländercode (z. B. DE).';
    if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'Die IBAN hat nicht die richtige Länge.';
    return 'Die IBAN ist ungültig. Bitte prüfen Sie die Eingabe.';
  }
  if (!isSEPACountry(electronic.slice(0, 2))) return 'Bitte geben Sie ein Konto in einem SEPA-Land an.';
  return null;
}

export function isValidIban(input: string): boolean {
  return ibanProblem(input) === null;
}

/** "DE89 3704 0044 0532 0130 00" */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** "DE89 •••• 3000": country, check digits and the last four, enough to recognise one's own account. */
export function maskIban(iban: string): string {
  const e = electronicFormatIBAN(iban) ?? iban;
  return `${e.slice(0, 4)} •••• ${e.slice(-4)}`;
}

/** "de89 3704 0044 0532 0130 00" → "DE89370400440532013000"; anything that is no IBAN-like text comes back trimmed. */
export function electronicIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? value.trim();
}
