import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailChange, UserPreferences } from '@kontor/domain/customer-settings-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { CUSTOMER_SETTINGS } from '../../test/customer-settings-fixtures';
import { jsonResponse, testAuth } from '../../test/fixtures';
import { renderAlone } from '../../test/render';
import { EmailChangeSection } from './email-change';
import { PreferencesCard } from './preferences-card';

vi.setConfig({ testTimeout: 30_000 });

type Call = { method: string; path: string; body: unknown };

/** A stub of the settings API that keeps what the customer changed, and every call made. */
function install(preferences: UserPreferences, pending: EmailChange | null = null) {
  const calls: Call[] = [];
  let prefs = { ...preferences };
  let change = pending;
  configureApi(
    createApiClient({
      fetch: async (input, init) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        calls.push({ method, path, body });
        if (path === '/api/usersettings' && method === 'GET') return jsonResponse({ ...CUSTOMER_SETTINGS, preferences: prefs });
        if (path === '/api/usersettings') return jsonResponse((prefs = { ...prefs, ...(body as object) }));
        if (path === '/api/user/toggleadagree') {
          prefs = { ...prefs, adAgree: !prefs.adAgree, adAgreeChangedAt: '2026-11-23T09:00:00.000Z' };
          return jsonResponse({ adAgree: prefs.adAgree, changedAt: prefs.adAgreeChangedAt });
        }
        if (path === '/api/user/email' && method === 'GET') return jsonResponse({ email: 'demo@kontor.example', pending: change });
        if (change && path === `/api/user/email/${change.id}/confirm`) {
          if ((body as { code: string }).code !== '424242') return jsonResponse({ message: 'Der Code ist falsch. Sie haben noch 4 Versuche.', status: 422 }, { status: 422 });
          change = null;
          return jsonResponse({ ...pending, state: 'DONE' });
        }
        return jsonResponse({ message: 'not here' }, { status: 404 });
      },
    }),
  );
  return calls;
}

afterEach(() => configureApi(createApiClient()));

const DEFAULTS: UserPreferences = { theme: 'SYSTEM', defaultOrderValidity: 'day', language: 'de', adAgree: false, adAgreeChangedAt: null };

describe('Darstellung & Voreinstellungen', () => {
  it('the theme applies at once and is stored; the consent switch shows the server’s answer', async () => {
    const calls = install(DEFAULTS);
    const { user } = await renderAlone(<PreferencesCard />);
    const card = await screen.findByRole('region', { name: 'Darstellung & Voreinstellungen' }, { timeout: 10_000 });
    await user.click(await within(card).findByRole('radio', { name: 'Dunkel' }));
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/usersettings', body: { theme: 'DARK' } }]);

    const consent = within(card).getByRole('switch', { name: /Werbung per E-Mail/ });
    expect((consent as HTMLInputElement).checked).toBe(false);
    await user.click(consent);
    expect(await within(card).findByText('Erteilt am 23.11.2026, 10:00. Sie können sie jederzeit widerrufen.')).toBeTruthy();
    expect((consent as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByRole('link', { name: 'Benachrichtigungen einstellen' }).getAttribute('href')).toBe('/benachrichtigungen?ansicht=einstellungen');
    document.documentElement.removeAttribute('data-theme');
  });
});

describe('E-Mail-Adresse ändern', () => {
  const waiting: EmailChange = {
    id: '11111111-2222-4333-8444-555555555555',
    newEmail: 'neu@example.org',
    state: 'CODE_SENT',
    createdAt: '2026-11-23T09:00:00.000Z',
    expiresAt: '2026-11-23T10:00:00.000Z',
    attemptsLeft: 5,
  };

  it('a change waiting for its code shows until the code from the new address confirms it; a wrong code says so at the field', async () => {
    const calls = install(DEFAULTS, waiting);
    const { user } = await renderAlone(<EmailChangeSection />, { auth: testAuth() });
    expect(await screen.findByText(/Wir haben einen 6-stelligen Code an neu@example.org gesendet/, {}, { timeout: 10_000 })).toBeTruthy();
    await user.type(screen.getByLabelText(/Code aus der E-Mail/), '111111');
    await user.click(screen.getByRole('button', { name: 'Adresse bestätigen' }));
    expect(await screen.findByText('Der Code ist falsch. Sie haben noch 4 Versuche.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Code aus der E-Mail/));
    await user.type(screen.getByLabelText(/Code aus der E-Mail/), '424242');
    await user.click(screen.getByRole('button', { name: 'Adresse bestätigen' }));
    expect(await screen.findByRole('button', { name: 'E-Mail-Adresse ändern' })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/confirm')).map((c) => c.body)).toEqual([{ code: '111111' }, { code: '424242' }]);
  });
});
