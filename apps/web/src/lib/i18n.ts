import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TextPart } from '@kontor/domain/text-parts';

export type Language = 'de' | 'en';
export const DEFAULT_LANGUAGE: Language = 'de';

/**
 * Translations are loaded per language at run time from `/assets/i18n/{lang}.json` (spec §2), so a
 * text change needs no new build. German is the market's language and the fallback for any key
 * missing in English. They come in two parts (domain text-parts): `start` at boot, and `rest`, the
 * pages' sections, with the first page that needs it (loadAllTexts), so that the sign-in screen
 * does not wait for every page's texts.
 */
export function translationUrl(language: string, part?: TextPart): string {
  return `/assets/i18n/${language}${part ? `.${part}` : ''}.json`;
}

/** Whether a page asked for all texts: from then on every language loads with both parts. */
let allTexts = false;
/** The languages whose `rest` part is in i18next's store. */
const withRest = new Set<string>();
/** i18next's start, once initI18n began it. */
let starting: Promise<unknown> | null = null;
let fetchTexts: (language: string, part: TextPart) => Promise<Record<string, unknown>> = () => Promise.reject(new Error('i18n not started'));

function textsFetcher(fetchFn: typeof fetch) {
  return async (language: string, part: TextPart) => {
    // No headers of its own: the request must match the preload in index.html to be taken from it.
    const response = await fetchFn(translationUrl(language, part));
    if (!response.ok) throw new Error(`Translations for ${language} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
}

function fetchBackend(): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      const rest = allTexts;
      Promise.all([fetchTexts(language, 'start'), rest ? fetchTexts(language, 'rest') : {}])
        .then(([start, restTexts]) => {
          if (rest) withRest.add(language);
          callback(null, { ...start, ...restTexts });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}

/**
 * The pages' texts (`rest`), for the current language and German (the fallback): a route that
 * needs them awaits this before it renders. Called before boot, it only makes boot load them.
 */
export async function loadAllTexts(): Promise<void> {
  allTexts = true;
  if (!starting) return; // boot has not begun: its first load brings both parts
  await starting;
  const languages = [...new Set([i18next.language, DEFAULT_LANGUAGE])].filter((language) => i18next.hasResourceBundle(language, 'translation') && !withRest.has(language));
  await Promise.all(
    languages.map(async (language) => {
      const rest = await fetchTexts(language, 'rest');
      i18next.addResourceBundle(language, 'translation', rest, true, false);
      withRest.add(language);
    }),
  );
}

/** Starts i18next with German; boot switches to the configured default once config is known. */
export async function initI18n(
  options: { language?: Language; languages?: Language[]; fetch?: typeof fetch } = {},
): Promise<I18n> {
  const instance = i18next;
  const language = options.language ?? DEFAULT_LANGUAGE;
  if (!instance.isInitialized) {
    fetchTexts = textsFetcher(options.fetch ?? ((...args) => fetch(...args)));
    starting = instance
      .use(fetchBackend())
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
        // The pages' texts may arrive after a language was loaded (loadAllTexts): show them then.
        react: { bindI18nStore: 'added' },
      });
    await starting;
    instance.on('languageChanged', (lng) => {
      document.documentElement.setAttribute('lang', lng);
      // A language loaded before the pages needed all texts (the sign-in screen in English) gets its rest now.
      if (allTexts && !withRest.has(lng)) void loadAllTexts().catch((error: unknown) => console.warn('Texts could not be loaded', error));
    });
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
