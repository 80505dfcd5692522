import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testConfig } from '../test/fixtures';
import { renderApp } from '../test/render';
import { afterSignOut, leaveApp } from './external-links';

afterEach(() => vi.restoreAllMocks());

describe('where the app goes after sign-out', () => {
  const origin = 'https://app.kontor.example';
  it('to the configured logout page when it is an absolute address of another site', () => {
    expect(afterSignOut('https://www.kontor.example/abgemeldet', origin)).toEqual({ external: 'https://www.kontor.example/abgemeldet' });
  });
  it('to the sign-in page for an app path, an address of the app itself, nothing, or no web address', () => {
    for (const logout of ['/anmelden', '/depot', '', `${origin}/abgemeldet`, 'javascript:alert(1)', '//evil.example/x']) {
      expect(afterSignOut(logout, origin), logout).toEqual({ path: '/anmelden' });
    }
  });
});

describe('the configured links where a customer expects them', () => {
  it('the sign-in page offers the account opening: "Noch kein Konto? Konto eröffnen" → /registrieren', async () => {
    const { user, router } = await renderApp('/anmelden', { auth: testAuth({ status: 'signedOut' }) });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(screen.getByText('Noch kein Konto?')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Konto eröffnen' });
    expect(link.getAttribute('href')).toBe('/registrieren');
    expect(link.getAttribute('target')).toBeNull();
    await user.click(link);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/registrieren'));
  });

  it('an account opening outside the app opens in a new window', async () => {
    const config = testConfig();
    config.externalLinks.registration = 'https://www.kontor.example/konto-eroeffnen';
    await renderApp('/anmelden', { auth: testAuth({ status: 'signedOut' }), config });
    const link = await screen.findByRole('link', { name: 'Konto eröffnen' });
    expect(link.getAttribute('href')).toBe('https://www.kontor.example/konto-eroeffnen');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('the customer menu links to the administration area, in a new window', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Kundenmenü' }));
    const item = await screen.findByRole('menuitem', { name: 'Verwaltung' });
    expect(item.getAttribute('href')).toBe('https://kontor.example/verwaltung');
    expect(item.getAttribute('target')).toBe('_blank');
  });

  it('signing out leaves for the configured logout page of the product site', async () => {
    const leave = vi.spyOn(leaveApp, 'to').mockImplementation(() => {});
    const config = testConfig();
    config.externalLinks.logout = 'https://www.kontor.example/abgemeldet';
    const auth = testAuth();
    const { user } = await renderApp('/depot', { config, auth });
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Kundenmenü' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://www.kontor.example/abgemeldet'));
    expect(auth.signOut).toHaveBeenCalledOnce();
  });
});
