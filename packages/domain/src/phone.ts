import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as a German customer reads it: international format with spaces
 * ("+49 1511 2345678"). Anything that does not parse is shown as given.
 */
export function formatPhoneNumber(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim(), 'DE');
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The number in E.164 ("+4915112345678"), the form the user pool stores; null when invalid. */
export function toE164(value: string, defaultCountry: 'DE' | 'AT' | 'CH' = 'DE'): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}
