import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppOutdated } from '../lib/version-check';
import { Button } from '../ui/button';
import styles from './version-banner.module.css';

/**
 * "Eine neue Version von Kontor ist verfügbar." with "Neu laden": offered, never forced (the
 * customer may be typing an order), and it can be put away until the next start.
 */
export function VersionBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const outdated = useAppOutdated();
  const [dismissed, setDismissed] = useState(false);
  if (!outdated || dismissed) return null;
  return (
    <div className={styles.banner} role="status" aria-live="polite">
      <p className={styles.text}>{t('app.versionCheck.message')}</p>
      <div className={styles.actions}>
        <Button size="sm" onPress={reload}>
          {t('app.versionCheck.reload')}
        </Button>
        <Button size="sm" variant="secondary" onPress={() => setDismissed(true)}>
          {t('app.versionCheck.later')}
        </Button>
      </div>
    </div>
  );
}
