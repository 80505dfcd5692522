import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Language = 'de' | 'en';
export const DEFAULT_LANGUAGE: Language = 'de';

/**
 * Translations are loaded per language at run time from `/assets/i18n/{lang}.json` (spec §2), so a
 * text change needs no new build. German is the market's language and the fallback for any key
 * missing in English.
 */
export function translationUrl(language: string): string {
  return `/assets/i18n/${language}.json`;
}

function fetchBackend(fetchFn: typeof fetch): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      fetchFn(translationUrl(language), { headers: { Accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`Translations for ${language} answered ${response.status}`);
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}

/** Starts i18next with German; boot switches to the configured default once config is known. */
export async function initI18n(
  options: { language?: Language; languages?: Language[]; fetch?: typeof fetch } = {},
): Promise<I18n> {
  const instance = i18next;
  const language = options.language ?? DEFAULT_LANGUAGE;
  if (!instance.isInitialized) {
    await instance
      .use(fetchBackend(options.fetch ?? ((...args) => fetch(...args))))
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: options.languages ?? ['de', 'en'],
        load: 'languageOnly',
        ns: ['translation'],
        defaultNS: 'translation',
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
      });
    instance.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  } else if (instance.language !== language) {
    await instance.changeLanguage(language);
  }
  document.documentElement.setAttribute('lang', instance.language);
  return instance;
}

/**
 * For code outside React (API client, boot screen): the translation, or the given German text
 * while translations are not loaded (e.g. when they could not be fetched).
 */
export function translate(key: string, fallback: string, values?: Record<string, unknown>): string {
  if (!i18next.isInitialized || !i18next.exists(key)) {
    return values ? fallback.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')) : fallback;
  }
  return i18next.t(key, { ...values, defaultValue: fallback });
}

export { i18next as i18n };
