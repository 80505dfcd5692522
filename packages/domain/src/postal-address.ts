import { countryName } from './countries';

/** A postal address as Kontor keeps it (the settings' PostalAddress, or a request's new address). */
export type AddressParts = { street: string; street2?: string | null; houseNumber: string; houseNumber2?: string | null; postalCode: string; city: string; country: string };

/** Kontor's own country: a letter to an address here names no country. */
const HOME_COUNTRY = 'DE';

const streetLine = (a: AddressParts): string => `${a.street} ${[a.houseNumber, a.houseNumber2].filter(Boolean).join(' ')}`.trim();
const placeLine = (a: AddressParts): string => `${a.postalCode} ${a.city}`.trim();
const country = (code: string): string => countryName(code) ?? code;

/** The address lines as one would write them on a letter, with its country (settings, service requests). */
export function addressLines(a: AddressParts): string[] {
  return [streetLine(a), ...(a.street2 ? [a.street2] : []), placeLine(a), country(a.country)].filter(Boolean);
}

/**
 * The address field of a letter (DIN 5008): name, street and house number, postcode and city, and
 * for an address abroad the country in capitals as the last line.
 */
export function letterAddressLines(name: string, a: AddressParts): string[] {
  const abroad = a.country.trim().toUpperCase() !== HOME_COUNTRY;
  return [name, streetLine(a), ...(a.street2 ? [a.street2] : []), placeLine(a), ...(abroad ? [country(a.country).toLocaleUpperCase('de-DE')] : [])];
}
