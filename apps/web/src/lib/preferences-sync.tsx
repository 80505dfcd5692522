import { useEffect } from 'react';
import { i18n } from './i18n';
import { applyTheme, switchLanguage } from './preferences';
import { useUserPreferences } from './queries/user-preferences';

/**
 * Applies the customer's stored language and theme once signed in (and whenever they change in the
 * settings' cache): the choice follows the customer from device to device. Renders nothing.
 */
export function PreferencesSync() {
  const { data } = useUserPreferences();
  const language = data?.language;
  const theme = data?.theme;
  useEffect(() => {
    if (language && i18n.language !== language) void switchLanguage(language).catch(() => undefined);
  }, [language]);
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}
