import { translate } from '../lib/i18n';
import { Button } from '../ui/button';
import { Skeleton, SkeletonText } from '../ui/skeleton';
import { KontorLogo } from './kontor-logo';
import styles from './boot.module.css';

/*
 * These screens may show before translations have loaded (or when they could not be loaded), so
 * they read through translate(), which falls back to the German text given here.
 */

const LOADING_TEXTS = {
  'boot.loading': 'Kontor wird geladen …',
  'auth.loading': 'Ihre Anmeldung wird geprüft …',
} as const;

/**
 * While configuration and translations load (or the sign-in state is determined): the outline
 * of the app, nothing that moves around.
 */
export function BootSkeleton({ label = 'boot.loading' }: { label?: keyof typeof LOADING_TEXTS }) {
  return (
    <div className={styles.screen} role="status" aria-busy="true">
      <span className="visually-hidden">{translate(label, LOADING_TEXTS[label])}</span>
      <div className={styles.bar} aria-hidden="true">
        <KontorLogo className={styles.logo} />
        Kontor
      </div>
      <div className={styles.content} aria-hidden="true">
        <Skeleton width="12rem" height="2rem" />
        <Skeleton height="9rem" radius="var(--radius-lg)" />
        <SkeletonText lines={4} />
      </div>
    </div>
  );
}

/** Configuration could not be loaded: say so in German and offer to try again. */
export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <KontorLogo className={styles.logo} />
        Kontor
      </header>
      <main className={styles.error}>
        <div className={styles.errorCard} role="alert">
          <h1 className={styles.errorTitle}>{translate('boot.failedTitle', 'Kontor ist gerade nicht erreichbar')}</h1>
          <p className={styles.errorText}>
            {translate(
              'boot.failedText',
              'Die Anwendung konnte nicht gestartet werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
            )}
          </p>
          <Button onPress={onRetry}>{translate('boot.retry', 'Erneut versuchen')}</Button>
        </div>
      </main>
    </div>
  );
}
