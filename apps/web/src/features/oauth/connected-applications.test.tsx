import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone } from '../../test/render';
import { ConnectedAppsCard } from './connected-apps-card';
import { ConsentPage } from './consent-page';

vi.setConfig({ testTimeout: 30_000 });

const GRANT = {
  id: '7d4f0c2e-3b1a-4c5d-9e8f-0a1b2c3d4e5f',
  clientId: 'depotanalyse-demo',
  clientName: 'Depotanalyse (Demo)',
  scopes: ['depot:read', 'orders:read'],
  grantedAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
};

/** The OAuth routes as the server answers them: one grant until it is revoked; an unknown client is refused. */
let grants: (typeof GRANT)[] = [];
const calls: string[] = [];
beforeEach(() => {
  grants = [GRANT];
  calls.length = 0;
  configureApi(
    createApiClient({
      fetch: async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === '/api/oauthsession') return jsonResponse(grants);
        if (url.pathname === `/api/oauthsession/${GRANT.id}` && init?.method === 'DELETE') {
          grants = [];
          return new Response(null, { status: 204 });
        }
        if (url.pathname === '/api/oauth2/authenticate') {
          if (url.searchParams.get('client_id') !== 'depotanalyse-demo') return jsonResponse({ message: 'Diese Anwendung ist bei Kontor nicht registriert.', status: 400 }, { status: 400 });
          return jsonResponse({ clientId: 'depotanalyse-demo', clientName: 'Depotanalyse (Demo)', scopes: ['depot:read'] });
        }
        return jsonResponse({ message: 'not here' }, { status: 404 });
      },
    }),
  );
});
afterEach(() => configureApi(createApiClient()));

const request = (clientId: string) =>
  `/oauth/zustimmung?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'http://localhost/dev/oauth-client', scope: 'depot:read', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`;

describe('connected applications (OAuth)', () => {
  it('the consent screen names the application and, in German, what it may read', async () => {
    await renderAlone(<ConsentPage />, { path: request('depotanalyse-demo') });
    const card = await screen.findByRole('region', { name: 'Depotanalyse (Demo)' });
    expect(within(card).getByText('Depot und Bestände lesen')).toBeTruthy();
    expect(within(card).queryByText('Orders lesen')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Zulassen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
  });

  it('an unknown application gets the server’s reason and no buttons', async () => {
    await renderAlone(<ConsentPage />, { path: request('fremd') });
    await screen.findByText('Diese Anwendung ist bei Kontor nicht registriert.');
    expect(screen.queryByRole('button', { name: 'Zulassen' })).toBeNull();
  });

  it('the settings card lists the grant and revokes it', async () => {
    const { user } = await renderAlone(<ConnectedAppsCard />);
    const card = await screen.findByRole('region', { name: 'Verbundene Anwendungen' });
    await within(card).findByText('Depotanalyse (Demo)');
    expect(within(card).getByText('Depot und Bestände lesen, Orders lesen')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Zugriff von Depotanalyse (Demo) widerrufen' }));
    await waitFor(() => expect(within(card).getByText('Sie haben keiner Anwendung Zugriff gegeben.')).toBeTruthy());
    expect(calls).toContain(`DELETE /api/oauthsession/${GRANT.id}`);
  });
});
