import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { depotSchema } from '@kontor/domain/trading-contracts';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_REDIRECT_PATH, tokenResponseSchema } from '@kontor/domain/oauth-contracts';
import { formatQuantity } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Page } from '../../ui/page';
import styles from './oauth.module.css';

/**
 * /dev/oauth-client (dev tools only): a stand-in for a third-party portfolio tool. It starts the
 * code flow with PKCE (verifier and state in sessionStorage), takes the code back, redeems it at
 * the token endpoint and reads the depot with the token alone (no cookie): Kontor's OAuth end to end.
 */
const VERIFIER = 'kontor.devOAuthClient.verifier';
const STATE = 'kontor.devOAuthClient.state';
const SCOPE = 'depot:read orders:read';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));
const redirectUri = () => new URL(DEMO_OAUTH_REDIRECT_PATH, window.location.origin).toString();

async function connect(): Promise<void> {
  const verifier = randomText();
  const state = randomText();
  sessionStorage.setItem(VERIFIER, verifier);
  sessionStorage.setItem(STATE, state);
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_OAUTH_CLIENT_ID,
    redirect_uri: redirectUri(),
    scope: SCOPE,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  window.location.assign(`/api/oauth2/authorize?${query.toString()}`);
}

/** What a third party does on its server: code → token, then read with the token (no Kontor cookie). */
async function redeemAndRead(code: string, state: string | null) {
  const verifier = sessionStorage.getItem(VERIFIER);
  if (!verifier || state !== sessionStorage.getItem(STATE)) throw new Error('state');
  sessionStorage.removeItem(VERIFIER);
  const res = await fetch('/api/oauth2/token', {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), client_id: DEMO_OAUTH_CLIENT_ID, code_verifier: verifier }),
  });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error((body as { error_description?: string }).error_description ?? String(res.status));
  const token = tokenResponseSchema.parse(body);
  const depot = await fetch('/api/trading/positions', { credentials: 'omit', headers: { authorization: `Bearer ${token.access_token}` } });
  if (!depot.ok) throw new Error(((await depot.json()) as { message?: string }).message ?? String(depot.status));
  return { scope: token.scope, depot: depotSchema.parse(await depot.json()) };
}

export function DevOAuthClientPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  // Keyed by the code, so that a second render (StrictMode) never redeems it twice.
  const result = useQuery({
    queryKey: ['dev-oauth-client', code],
    enabled: code !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: () => redeemAndRead(code!, params.get('state')),
  });

  return (
    <Page title={t('oauth.devClient.title')} description={t('oauth.devClient.description')}>
      <div className={styles.stack}>
        {params.get('error') === 'access_denied' && <Notice tone="warning">{t('oauth.devClient.denied')}</Notice>}
        {code && result.isPending && (
          <p role="status" aria-busy="true">
            {t('oauth.devClient.exchanging')}
          </p>
        )}
        {result.isError && <Notice tone="danger">{t('oauth.devClient.failed', { reason: result.error.message })}</Notice>}
        {result.data && (
          <Card title={t('oauth.devClient.positions', { count: result.data.depot.positions.length })}>
            <div className={styles.stack}>
              <p className={styles.muted}>
                {t('oauth.devClient.connected')} <code>{result.data.scope}</code>
              </p>
              {result.data.depot.positions.length === 0 ? (
                <p>{t('oauth.devClient.noPositions')}</p>
              ) : (
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('oauth.devClient.name')}</th>
                      <th scope="col">{t('oauth.devClient.quantity')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.data.depot.positions.map((p) => (
                      <tr key={p.isin}>
                        <td>{p.name}</td>
                        <td>{formatQuantity(p.quantity)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </Card>
        )}
        <div>
          <Button onPress={() => void connect()}>{result.data ? t('oauth.devClient.again') : t('oauth.devClient.connect')}</Button>
        </div>
      </div>
    </Page>
  );
}
