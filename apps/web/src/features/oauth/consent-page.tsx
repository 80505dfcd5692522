import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { authorizationRequestOf, SCOPE_KEYS, useConsentDecision, useConsentInfo } from './oauth-api';
import styles from './oauth.module.css';

/**
 * /oauth/zustimmung: where an application's authorization request lands for the signed-in
 * customer. It names the application and what it may read; "Zulassen" sends the browser back to
 * the application with a one-time code, "Ablehnen" with access_denied.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const request = authorizationRequestOf(search);
  const info = useConsentInfo(request);
  const decide = useConsentDecision();
  const leaving = decide.isSuccess;

  const answer = (decision: 'allow' | 'deny') =>
    decide.mutate({ ...request!, decision }, { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) });

  return (
    <Page title={t('oauth.consent.title')} description={t('oauth.consent.description')}>
      <div className={styles.narrow}>
        {info.isPending && request ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="12rem" />
          </div>
        ) : !request || info.isError ? (
          <Notice tone="danger" title={t('oauth.consent.loadError')}>
            {info.error?.message ?? ''}
          </Notice>
        ) : (
          <Card title={info.data!.clientName}>
            <div className={styles.stack}>
              <p>{t('oauth.consent.asks', { client: info.data!.clientName })}</p>
              <ul className={styles.scopes}>
                {info.data!.scopes.map((scope) => (
                  <li key={scope}>{t(SCOPE_KEYS[scope])}</li>
                ))}
              </ul>
              <p className={styles.muted}>{t('oauth.consent.readOnly')}</p>
              {decide.error && <Notice tone="danger">{decide.error.message}</Notice>}
              {leaving && (
                <p role="status" className={styles.muted}>
                  {t('oauth.consent.redirecting')}
                </p>
              )}
              <div className={styles.actions}>
                <Button onPress={() => answer('allow')} isPending={decide.isPending && decide.variables?.decision === 'allow'} isDisabled={decide.isPending || leaving}>
                  {t('oauth.consent.allow')}
                </Button>
                <Button variant="secondary" onPress={() => answer('deny')} isPending={decide.isPending && decide.variables?.decision === 'deny'} isDisabled={decide.isPending || leaving}>
                  {t('oauth.consent.deny')}
                </Button>
              </div>
            </div>
          </Card>
        )}
      </div>
    </Page>
  );
}
