import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './offline-notice.module.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * "Keine Verbindung …" above the page while the device is offline (the installed app still opens
 * then, from the service worker's cache); gone once it is back. The live region is always there, so
 * that a screen reader announces the change.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return (
    <div role="status" className={online ? undefined : styles.notice}>
      {online ? null : t('app.offline')}
    </div>
  );
}
