import countryCodes from 'i18n-iso-countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Spec §5 postal-code rules. The patterns come from the maintained `postcode-validator` data set
 * (about 185 ISO countries). For a country it has no pattern for:
 *
 * - if the country has no postal codes at all, any input is accepted (the address form can leave
 *   the field empty);
 * - Trinidad and Tobago gets its own pattern (six digits, introduced by TTPost in 2012);
 * - otherwise (e.g. North Korea) no input is valid, so the customer is sent to support.
 *
 * The list below is every ISO 3166-1 country that the data set has no pattern for and whose address
 * format in Google's libaddressinput (the data behind Chrome's address forms) has no postal-code
 * field.
 */
export const COUNTRIES_WITHOUT_POSTAL_CODES: readonly string[] = [
  'AE', 'AG', 'AO', 'AQ', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BQ', 'BS', 'BV', 'BW', 'BZ', 'CD', 'CF',
  'CG', 'CI', 'CM', 'CW', 'DJ', 'DM', 'ER', 'FJ', 'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'JM',
  'KI', 'KM', 'KN', 'LC', 'LY', 'ML', 'MO', 'MR', 'MS', 'MW', 'NR', 'NU', 'PS', 'QA', 'RW', 'SB',
  'SC', 'SL', 'SR', 'SS', 'ST', 'SX', 'SY', 'TD', 'TF', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU',
  'WS', 'YE', 'ZW',
];

const NO_POSTAL_CODES = new Set(COUNTRIES_WITHOUT_POSTAL_CODES);

/** Patterns for countries with postal codes that the data set does not cover. */
const SUPPLEMENTARY_PATTERNS: Readonly<Record<string, RegExp>> = {
  TT: /^\d{6}$/,
};

function isIsoCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countryCodes.isValid(code);
}

/** Trims the postal code and upper-cases its letters, the form in which Kontor stores it. */
export function normalizePostalCode(postalCode: string): string {
  return postalCode.trim().toUpperCase();
}

/** Whether addresses in this country carry a postal code (false also for unknown codes). */
export function countryHasPostalCodes(countryCode: string): boolean {
  const country = countryCode.trim().toUpperCase();
  return isIsoCountry(country) && !NO_POSTAL_CODES.has(country);
}

/**
 * Whether `postalCode` is a valid postal code of the ISO 3166-1 alpha-2 country `countryCode`.
 * Surrounding spaces and lower-case letters are accepted ("sw1a 1aa" is a UK postcode); codes that
 * are not ISO countries ("UK", "XX") are never valid.
 */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  const country = countryCode.trim().toUpperCase();
  if (!isIsoCountry(country)) return false;
  const code = normalizePostalCode(postalCode);
  if (postcodeValidatorExistsForCountry(country)) return postcodeValidator(code, country);
  const supplementary = SUPPLEMENTARY_PATTERNS[country];
  if (supplementary) return supplementary.test(code);
  return NO_POSTAL_CODES.has(country);
}
