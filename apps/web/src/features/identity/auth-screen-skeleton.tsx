import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/skeleton';
import styles from './identity.module.css';

/** While the sign-in state is being determined: the card's outline, nothing that jumps around. */
export function AuthScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen}>
      <div className={styles.card} role="status" aria-busy="true">
        <span className="visually-hidden">{t('auth.loading')}</span>
        <div className={styles.skeleton} aria-hidden="true">
          <Skeleton width="8rem" height="1.75rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" radius="var(--radius-md)" />
        </div>
      </div>
    </div>
  );
}
