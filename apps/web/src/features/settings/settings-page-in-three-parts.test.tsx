import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { CUSTOMER_SETTINGS } from '../../test/customer-settings-fixtures';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => configureApi(createApiClient()));

describe('/einstellungen in three parts', () => {
  it('lists its parts at the top, puts each card under its part, and shows the mobile number only on its own card', async () => {
    configureApi(
      createApiClient({
        fetch: async (input) => {
          const path = new URL(String(input), 'http://localhost').pathname;
          if (path === '/api/usersettings') return jsonResponse(CUSTOMER_SETTINGS);
          return jsonResponse({ message: 'Nicht hier', status: 404, errors: [] }, { status: 404 });
        },
      }),
    );
    await renderApp('/einstellungen');
    const parts = await screen.findByRole('navigation', { name: 'Bereiche der Einstellungen' }, { timeout: 15_000 });
    expect(within(parts).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Profil & Darstellung', '#einstellungen-profile'],
      ['Konto & Depot', '#einstellungen-account'],
      ['Sicherheit & Zugänge', '#einstellungen-security'],
    ]);
    const security = screen.getByRole('region', { name: 'Sicherheit & Zugänge' });
    expect(within(security).getByRole('heading', { level: 3, name: 'Passwort ändern' })).toBeTruthy();
    expect(within(security).getByRole('heading', { level: 3, name: 'Sicherheitsprotokoll' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profil & Darstellung' });
    expect(within(profile).getByRole('heading', { level: 3, name: 'Mobilnummer für TANs' })).toBeTruthy();
    // The number is shown on its own card only (masked there), not again among the personal details.
    const details = within(profile).getByRole('region', { name: 'Persönliche Daten' });
    expect(within(details).getByText('E-Mail-Adresse')).toBeTruthy();
    expect(within(details).queryByText('Mobilnummer')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\+49 151 12345678|0151 12345678/);
  });
});
