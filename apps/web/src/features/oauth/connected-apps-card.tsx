import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { SCOPE_KEYS, useGrants, useRevokeGrant } from './oauth-api';
import styles from './oauth.module.css';

/** Einstellungen → Verbundene Anwendungen: the applications with read access, each revocable at once. */
export function ConnectedAppsCard() {
  const { t } = useTranslation();
  const grants = useGrants();
  const revoke = useRevokeGrant();
  const toasts = useToast();

  return (
    <Card title={t('oauth.grants.title')}>
      <div className={styles.stack}>
        <p className={styles.muted}>{t('oauth.grants.text')}</p>
        {revoke.error && <Notice tone="danger">{revoke.error.message}</Notice>}
        {grants.isPending ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="4rem" />
          </div>
        ) : grants.isError ? (
          <LoadError message={t('oauth.grants.loadError')} onRetry={() => void grants.refetch()} />
        ) : grants.data.length === 0 ? (
          <p>{t('oauth.grants.empty')}</p>
        ) : (
          <ul className={styles.grants} aria-label={t('oauth.grants.title')}>
            {grants.data.map((grant) => (
              <li key={grant.id} className={styles.grant}>
                <div>
                  <strong>{grant.clientName}</strong>
                  <p className={styles.muted}>{grant.scopes.map((s) => t(SCOPE_KEYS[s])).join(', ')}</p>
                  <p className={styles.muted}>
                    {t('oauth.grants.grantedAt', { date: formatDateTime(grant.grantedAt) })} ·{' '}
                    {grant.lastUsedAt ? t('oauth.grants.lastUsed', { date: formatDateTime(grant.lastUsedAt) }) : t('oauth.grants.neverUsed')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('oauth.grants.revokeLabel', { client: grant.clientName })}
                  isPending={revoke.isPending && revoke.variables === grant.id}
                  isDisabled={revoke.isPending}
                  onPress={() => revoke.mutate(grant.id, { onSuccess: () => toasts.success(t('oauth.grants.revoked', { client: grant.clientName })) })}
                >
                  {t('oauth.grants.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
