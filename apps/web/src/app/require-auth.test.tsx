import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_REFERRER_KEY } from '@kontor/domain/constants';
import { safeReturnTarget } from '../lib/return-target';
import { testAuth, testCustomer } from '../test/fixtures';
import { renderApp } from '../test/render';

afterEach(() => sessionStorage.clear());

describe('route guard', () => {
  it('a signed-out visit to a protected page shows the sign-in and keeps path and query', async () => {
    const auth = testAuth({ status: 'signedOut' });
    const { router } = await renderApp('/orders?tab=offen&x=1#liste', { auth });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/anmelden');
    expect(sessionStorage.getItem(AUTH_REFERRER_KEY)).toBe('/orders?tab=offen&x=1#liste');
    // No navigation of the signed-in app on the sign-in screen.
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
  });

  it('after the sign-in the customer lands on the page they wanted', async () => {
    const auth = testAuth({ status: 'signedOut' });
    const { router } = await renderApp('/orders?x=1', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    act(() => auth.store.set({ status: 'signedIn', user: testCustomer }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orders?x=1');
  });

  it('shows a loading state while the sign-in state is determined', async () => {
    const auth = testAuth({ status: 'loading' });
    const { router } = await renderApp('/depot', { auth });
    const text = await screen.findByText('Ihre Anmeldung wird geprüft …');
    expect(text.closest('[role="status"]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    act(() => auth.store.set({ status: 'signedIn', user: testCustomer }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Depot' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/depot');
  });

  it('the sign-in screens are open without sign-in', async () => {
    const auth = testAuth({ status: 'signedOut' });
    for (const [path, title, landing] of [
      ['/registrieren', 'Konto eröffnen', '/registrieren'],
      // The pool's e-mail confirmation is part of the account opening now.
      ['/registrieren/bestaetigen', 'Konto eröffnen', '/registrieren'],
      ['/passwort-vergessen', 'Passwort vergessen', '/passwort-vergessen'],
    ] as const) {
      const view = await renderApp(path, { auth });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(view.router.state.location.pathname).toBe(landing);
      view.unmount();
    }
  });

  it('signing out from the customer menu shows the sign-in and does not return to the last page', async () => {
    const auth = testAuth();
    const { user, router } = await renderApp('/einstellungen', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Einstellungen' });
    await user.click(screen.getByRole('button', { name: 'Kundenmenü' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText('Sie haben sich abgemeldet. Bis bald!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/anmelden');
    expect(sessionStorage.getItem(AUTH_REFERRER_KEY)).toBeNull();
  });

  it('an expired session says so on the sign-in screen', async () => {
    const auth = testAuth({ status: 'signedOut', reason: 'expired' });
    await renderApp('/depot', { auth });
    expect(await screen.findByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
  });

  it('only paths of this app are targets (no open redirect, no loop into the sign-in)', () => {
    expect(safeReturnTarget('/orders?x=1')).toBe('/orders?x=1');
    expect(safeReturnTarget('//evil.example/x')).toBeNull();
    expect(safeReturnTarget('https://evil.example')).toBeNull();
    expect(safeReturnTarget('/\\evil.example')).toBeNull();
    expect(safeReturnTarget('/anmelden?x=1')).toBeNull();
    expect(safeReturnTarget('/registrieren/bestaetigen')).toBeNull();
  });
});
