import type { LanguageCode, Theme } from '@kontor/domain/customer-settings-contracts';
import { i18n } from './i18n';

/**
 * The customer's look and language on this device. The server keeps the choice per customer
 * (PUT /api/usersettings, PUT /api/user/lc); this device remembers the last one too, so the
 * sign-in screens speak the language the customer chose and the page does not flash in the wrong
 * theme before the settings have loaded. Neither is a secret, so localStorage is fine.
 */
const LANGUAGE_KEY = 'kontor.language';
const THEME_KEY = 'kontor.theme';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Storage disabled (private mode, policy): remember nothing.
    return null;
  }
}
function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or disabled: the choice still holds for this visit.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Disabled: nothing was stored.
  }
}

const isLanguage = (v: string | null): v is LanguageCode => v === 'de' || v === 'en';
const isTheme = (v: string | null): v is Theme => v === 'SYSTEM' || v === 'LIGHT' || v === 'DARK';

/** The language last chosen on this device, if any. */
export function rememberedLanguage(): LanguageCode | null {
  const v = read(LANGUAGE_KEY);
  return isLanguage(v) ? v : null;
}

/**
 * Switches the whole app to `language` without a reload: i18next loads the translations (if not
 * yet loaded) and every component that translates renders again. Remembered on this device.
 */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  write(LANGUAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** <html data-theme>: none follows the system's setting (tokens.css). */
export function applyTheme(theme: Theme): void {
  // The system's theme is the default: nothing to remember (and no key this device did not need).
  if (theme === 'SYSTEM') remove(THEME_KEY);
  else write(THEME_KEY, theme);
  const root = document.documentElement;
  if (theme === 'SYSTEM') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme === 'DARK' ? 'dark' : 'light');
}

/** The theme last chosen on this device (applied at start, before the settings load). */
export function rememberedTheme(): Theme | null {
  const v = read(THEME_KEY);
  return isTheme(v) ? v : null;
}
