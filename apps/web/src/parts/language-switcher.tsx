import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@kontor/domain/customer-settings-contracts';
import { SegmentedControl } from '../ui/segmented-control';
import { switchLanguage } from '../lib/preferences';

/** Each language by its own name, as a customer who cannot read the other one looks for it. */
const LANGUAGE_ITEMS = [
  { id: 'de', label: 'Deutsch', lang: 'de' },
  { id: 'en', label: 'English', lang: 'en' },
] as const satisfies readonly { id: LanguageCode; label: string; lang: string }[];

export type LanguageSwitcherProps = {
  /** Stores the choice (the settings: PUT /api/user/lc); without it, this device only (the sign-in screens). */
  onChange?: (language: LanguageCode) => void;
  className?: string;
};

/** Deutsch | English: the whole app switches at once, without a reload. */
export function LanguageSwitcher({ onChange, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const current: LanguageCode = i18n.language === 'en' ? 'en' : 'de';
  return (
    <SegmentedControl
      label={t('common.language')}
      items={LANGUAGE_ITEMS}
      selected={current}
      onChange={(language) => (onChange ? onChange(language) : void switchLanguage(language))}
      className={className}
    />
  );
}
