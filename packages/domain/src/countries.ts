import isoCountries from 'i18n-iso-countries';
// A static JSON import, so that Vite bundles the German names for the browser (where the package's
// entry registers no locale) and Node loads the same file.
import germanLocale from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import englishLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

isoCountries.registerLocale(germanLocale);
// English for the web's English mode (about 2.5 KB compressed).
isoCountries.registerLocale(englishLocale);

export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. "DE". */
  code: string;
  /** German name, e.g. "Deutschland". */
  name: string;
}

/** The countries the country list puts first, in this order (spec §3). */
export const PREFERRED_COUNTRY_CODES = ['DE', 'AT', 'CH'] as const;

/** The languages Kontor names countries in. */
export type CountryLanguage = 'de' | 'en';

const cached = new Map<CountryLanguage, readonly Country[]>();

function buildCountries(language: CountryLanguage): readonly Country[] {
  const names = isoCountries.getNames(language, { select: 'official' });
  const collator = new Intl.Collator(language);
  const preferred: Country[] = PREFERRED_COUNTRY_CODES.map((code) => ({
    code,
    name: names[code] ?? code,
  }));
  const rest = Object.entries(names)
    .filter(([code]) => !(PREFERRED_COUNTRY_CODES as readonly string[]).includes(code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return Object.freeze([...preferred, ...rest].map((c) => Object.freeze(c)));
}

/**
 * All countries: Deutschland, Österreich and Schweiz first, then the rest of the world in the
 * language's alphabetical order (Ägypten sorts with A). A new array on every call.
 */
export function countries(language: CountryLanguage = 'de'): Country[] {
  let list = cached.get(language);
  if (!list) {
    list = buildCountries(language);
    cached.set(language, list);
  }
  return [...list];
}

/** The name of an ISO 3166-1 alpha-2 code ("de" works too) in the language; undefined when unknown. */
export function countryName(code: string, language: CountryLanguage = 'de'): string | undefined {
  const normalized = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(normalized)) return undefined;
  return isoCountries.getName(normalized, language, { select: 'official' });
}
