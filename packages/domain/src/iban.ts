import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * IBANs as Kontor stores, checks and shows them. Stored and compared in the electronic format
 * (uppercase, no spaces); shown in groups of four; on screens and in TAN messages masked to the
 * first and last four characters, so that a screenshot or an SMS does not give the account away.
 */

/** "de89 3704 0044 0532 0130 00" → "DE89370400440532013000"; the input unchanged but trimmed when it is no IBAN-like text. */
export function electronicIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? value.trim();
}

/** Check digits and country length (ibantools). Spaces and lowercase are allowed. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(electronicIban(value));
}

/** "DE89 3704 0044 0532 0130 00". */
export function friendlyIban(value: string): string {
  return friendlyFormatIBAN(electronicIban(value)) ?? value;
}

/** "DE89 •••• 3000": the first four and the last four characters. */
export function maskIban(value: string): string {
  const iban = electronicIban(value);
  if (iban.length <= 8) return iban;
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
