import { useEffect } from 'react';
import type { LanguageCode } from '@kontor/domain/customer-settings-contracts';
import { DEFAULT_LANGUAGE, i18n } from '../lib/i18n';
import { applyTheme, switchLanguage } from '../lib/preferences';
import { useSaveLanguage, useUserPreferences } from './queries/user-preferences';

/**
 * What the app does with the customer's stored language once signed in: a stored choice wins over
 * this device's; never chosen (null), the language picked on this device (e.g. on the sign-in
 * screen) stays and becomes the customer's, so it follows them to other devices. German, the
 * default, needs storing by nobody.
 */
export function languageStep(stored: LanguageCode | null, device: string): { switchTo?: LanguageCode; store?: LanguageCode } | null {
  if (stored) return device === stored ? null : { switchTo: stored };
  return device === DEFAULT_LANGUAGE ? null : { store: device === 'en' ? 'en' : DEFAULT_LANGUAGE };
}

/**
 * Applies the customer's stored language and theme once signed in (and whenever they change in the
 * settings' cache): the choice follows the customer from device to device. Renders nothing.
 */
export function PreferencesSync() {
  const { data } = useUserPreferences();
  const language = data?.language;
  const theme = data?.theme;
  const saveLanguage = useSaveLanguage();
  const loaded = data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const step = languageStep(language ?? null, i18n.language);
    if (step?.switchTo) void switchLanguage(step.switchTo).catch(() => undefined);
    if (step?.store) saveLanguage.mutate(step.store);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per stored value, not per mutation state
  }, [loaded, language]);
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}
