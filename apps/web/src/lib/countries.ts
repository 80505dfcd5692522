import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CountryLanguage, countries, countryName } from '@kontor/domain/countries';
import { registerPhrases } from './domain-text';

const languageOf = (language: string): CountryLanguage => (language === 'en' ? 'en' : 'de');

// A country inside a domain sentence ("… passt nicht zu Österreich.") translates with the sentence.
registerPhrases(function* countryPhrases(language) {
  if (languageOf(language) === 'de') return;
  const english = new Map(countries(languageOf(language)).map((c) => [c.code, c.name]));
  for (const c of countries('de')) yield [c.name, english.get(c.code) ?? c.name] as const;
});

/** The country list of selects, in the current language (DE, AT, CH first). */
export function useCountryOptions(): { id: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return useMemo(() => countries(language).map((c) => ({ id: c.code, label: c.name })), [language]);
}

/** `name(code)` in the current language; the code itself when unknown. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return useMemo(() => (code: string) => countryName(code, language) ?? code, [language]);
}
