import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { DEFAULT_ORDER_VALIDITIES, THEMES, type DefaultOrderValidity, type Theme, type UserPreferences } from '@kontor/domain/customer-settings-contracts';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { LanguageSwitcher } from '../../parts/language-switcher';
import { notificationsPath } from '../../lib/paths';
import { useSaveLanguage, useSavePreferences, useToggleAdAgree, useUserPreferences } from '../../parts/queries/user-preferences';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { SegmentedControl } from '../../ui/segmented-control';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Switch } from '../../ui/switch';
import styles from './settings.module.css';

const THEME_KEYS: Record<Theme, string> = { SYSTEM: 'settings.preferences.theme.system', LIGHT: 'settings.preferences.theme.light', DARK: 'settings.preferences.theme.dark' };

const messageOf = (caught: unknown, fallback: string) => (isApiError(caught) ? caught.message : fallback);

/**
 * "Darstellung & Voreinstellungen": language, theme, the validity a new order starts with, the
 * advertising consent, and the way to the notification settings (which live with the
 * notifications). Each choice takes effect and is stored at once; no save button.
 */
export function PreferencesCard() {
  const { t } = useTranslation();
  const preferences = useUserPreferences();
  return (
    <Card title={t('settings.preferences.title')}>
      {preferences.isPending ? (
        <div role="status" aria-busy="true" className={styles.stack}>
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      ) : preferences.isError || !preferences.data ? (
        <LoadError message={t('settings.service.loadError')} onRetry={() => void preferences.refetch()} />
      ) : (
        <PreferencesForm preferences={preferences.data} />
      )}
    </Card>
  );
}

function PreferencesForm({ preferences }: { preferences: UserPreferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const language = useSaveLanguage();
  const consent = useToggleAdAgree();
  const [error, setError] = useState<string | null>(null);
  const failed = (caught: unknown) => setError(messageOf(caught, t('settings.preferences.saveError')));
  const run = (action: () => Promise<unknown>) => {
    setError(null);
    action().catch(failed);
  };

  return (
    <div className={styles.stack}>
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.preference}>
        <span className={styles.preferenceLabel}>
          {t('common.language')}
        </span>
        <LanguageSwitcher onChange={(next) => run(() => language.mutateAsync(next))} />
      </div>
      <div className={styles.preference}>
        <span className={styles.preferenceLabel}>{t('settings.preferences.theme.label')}</span>
        <SegmentedControl
          label={t('settings.preferences.theme.label')}
          items={THEMES.map((id) => ({ id, label: t(THEME_KEYS[id]) }))}
          selected={preferences.theme}
          onChange={(theme) => run(() => save.mutateAsync({ theme }))}
        />
      </div>
      <Select
        label={t('settings.preferences.validity.label')}
        description={t('settings.preferences.validity.hint')}
        options={DEFAULT_ORDER_VALIDITIES.map((id) => ({ id, label: t(`trading.validity.option.${id}`) }))}
        selectedKey={preferences.defaultOrderValidity}
        onSelectionChange={(key) => {
          if (key !== null && key !== preferences.defaultOrderValidity) run(() => save.mutateAsync({ defaultOrderValidity: key as DefaultOrderValidity }));
        }}
        isDisabled={save.isPending}
      />
      <Switch
        isSelected={preferences.adAgree}
        isDisabled={consent.isPending}
        onChange={() => run(() => consent.mutateAsync())}
        description={
          preferences.adAgreeChangedAt
            ? t(preferences.adAgree ? 'settings.preferences.consent.givenAt' : 'settings.preferences.consent.withdrawnAt', { at: formatDateTime(preferences.adAgreeChangedAt) })
            : t('settings.preferences.consent.hint')
        }
      >
        {t('settings.preferences.consent.label')}
      </Switch>
      <p className={styles.muted}>
        {t('settings.preferences.notifications')}{' '}
        <Link href={notificationsPath('einstellungen')} className={styles.quietLink}>
          {t('settings.preferences.notificationsLink')}
        </Link>
      </p>
    </div>
  );
}
