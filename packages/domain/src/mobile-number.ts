import { parsePhoneNumberFromString, type PhoneNumber, validatePhoneNumberLength } from 'libphonenumber-js/max';
import type { MobileNumberCheck } from './phone';

/**
 * Whether a number can receive a TAN by SMS: a valid mobile number (spec §7 checkmobilenr).
 * Telling a mobile from a landline number needs the full ("max") metadata, about twice the size of
 * the "min" set that phone.ts uses; so this module is for the server, and the web asks the server.
 */

export const mobileNumberReasons = {
  empty: 'Bitte geben Sie Ihre Mobilnummer ein.',
  notANumber: 'Eine Telefonnummer besteht aus Ziffern, gegebenenfalls mit „+“ und Ländervorwahl.',
  unknownCountry: 'Diese Ländervorwahl gibt es nicht. Bitte prüfen Sie die Vorwahl (z. B. +49 für Deutschland).',
  tooShort: 'Die Nummer ist zu kurz. Bitte prüfen Sie, ob eine Ziffer fehlt.',
  tooLong: 'Die Nummer ist zu lang. Bitte prüfen Sie, ob eine Ziffer zu viel ist.',
  notMobile: 'Das ist keine Mobilnummer. Wir senden TANs per SMS – bitte geben Sie eine Handynummer an.',
  invalid: 'Diese Nummer ist ungültig. Bitte prüfen Sie Ihre Eingabe.',
} as const;

const isMobile = (n: PhoneNumber | undefined) => !!n && n.isValid() && (n.getType() === 'MOBILE' || n.getType() === 'FIXED_LINE_OR_MOBILE');

/** Whether adding or removing a few digits makes a mobile number of it: then it is too short or too long. */
function lengthReason(n: PhoneNumber): 'tooShort' | 'tooLong' | undefined {
  const cc = `+${n.countryCallingCode}`;
  const national = n.nationalNumber as string;
  for (let k = 1; k <= 8; k++) if (isMobile(parsePhoneNumberFromString(cc + national + '0'.repeat(k)))) return 'tooShort';
  for (let k = 1; k <= 8 && k < national.length; k++) if (isMobile(parsePhoneNumberFromString(cc + national.slice(0, -k)))) return 'tooLong';
  return undefined;
}

/** Checks a mobile number as typed; a number without country code is read as German. */
export function checkMobileNumber(value: string): MobileNumberCheck {
  const input = value.trim();
  if (!input) return { valid: false, reason: mobileNumberReasons.empty };
  if (!/^[+(]?[\d\s()/.-]+$/.test(input)) return { valid: false, reason: mobileNumberReasons.notANumber };
  const length = validatePhoneNumberLength(input, 'DE');
  if (length === 'INVALID_COUNTRY') return { valid: false, reason: mobileNumberReasons.unknownCountry };
  if (length === 'NOT_A_NUMBER') return { valid: false, reason: mobileNumberReasons.notANumber };
  if (length === 'TOO_SHORT') return { valid: false, reason: mobileNumberReasons.tooShort };
  if (length === 'TOO_LONG') return { valid: false, reason: mobileNumberReasons.tooLong };
  const parsed = parsePhoneNumberFromString(input, 'DE');
  if (!parsed) return { valid: false, reason: mobileNumberReasons.invalid };
  if (isMobile(parsed)) return { valid: true, e164: parsed.number, formatted: parsed.formatInternational() };
  if (parsed.isValid()) return { valid: false, reason: mobileNumberReasons.notMobile };
  const byLength = lengthReason(parsed);
  return { valid: false, reason: mobileNumberReasons[byLength ?? 'invalid'] };
}
