import { useTranslation } from 'react-i18next';
import { useConfig } from '../lib/config';
import styles from './demo-banner.module.css';

/**
 * While the developer tools are on (`npm start`, the local demo: SMS outbox, clock, market moves,
 * deposits), every screen says so, so that such a server is never mistaken for a real one.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  if (!useConfig().devTools) return null;
  return (
    <aside className={styles.banner} aria-label={t('app.demo.label')}>
      {t('app.demo.text')}
    </aside>
  );
}
