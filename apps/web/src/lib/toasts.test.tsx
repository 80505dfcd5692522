import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../app/toasts';
import { loadGerman } from '../test/render';
import { createToastStore, ToastProvider, ToastRouteListener, type ToastStore } from './toasts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('a toast disappears when its duration has passed', () => {
    const store = createToastStore();
    store.success('Order aufgegeben', { durationMs: 5000 });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['Order aufgegeben']);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('toasts expire one after another, each at its own time', () => {
    const store = createToastStore();
    store.info('kurz', { durationMs: 1000 });
    store.warning('lang', { durationMs: 3000 });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['lang']);
    vi.advanceTimersByTime(2000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('without a duration a toast still expires after the default for its type; 0 keeps it until closed', () => {
    const store = createToastStore();
    store.success('Gespeichert');
    const sticky = store.error('Bitte TAN eingeben', { durationMs: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(store.getSnapshot()).toEqual([sticky]);
    store.dismiss(sticky.id);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('route change removes only the toasts flagged deleteOnRouteChange', () => {
    const store = createToastStore();
    store.info('Nur auf dieser Seite', { deleteOnRouteChange: true, durationMs: 0 });
    store.success('Bleibt', { durationMs: 0 });
    store.routeChanged();
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['Bleibt']);
  });
});

describe('toasts on screen', () => {
  function renderWithRouter(store: ToastStore) {
    const Shell = () => (
      <>
        <Link to="/orders">Orders</Link>
        <Outlet />
        <Toasts />
        <ToastRouteListener />
      </>
    );
    const router = createMemoryRouter(
      [{ path: '/', element: <Shell />, children: [{ path: 'depot', element: null }, { path: 'orders', element: null }] }],
      { initialEntries: ['/depot'] },
    );
    render(
      <ToastProvider store={store}>
        <RouterProvider router={router} />
      </ToastProvider>,
    );
    return router;
  }

  it('errors are alerts, others status messages, in a labelled region', async () => {
    await loadGerman();
    const store = createToastStore();
    renderWithRouter(store);
    act(() => {
      store.error('Order konnte nicht aufgegeben werden');
      store.success('Watchlist angelegt');
    });
    const region = screen.getByRole('region', { name: 'Meldungen' });
    expect(within(region).getByRole('alert').textContent).toContain('Order konnte nicht aufgegeben werden');
    expect(within(region).getByRole('status').textContent).toContain('Watchlist angelegt');
  });

  it('closes with its button and with Escape', async () => {
    await loadGerman();
    const user = userEvent.setup();
    const store = createToastStore();
    renderWithRouter(store);
    act(() => {
      store.info('Erste Meldung', { durationMs: 0 });
      store.info('Zweite Meldung', { durationMs: 0 });
    });
    const [closeFirst] = screen.getAllByRole('button', { name: 'Meldung schließen' });
    await user.click(closeFirst!);
    expect(screen.queryByText('Erste Meldung')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Meldung schließen' }).focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Zweite Meldung')).toBeNull();
  });

  it('a toast flagged deleteOnRouteChange vanishes on the next navigation, not before', async () => {
    await loadGerman();
    const user = userEvent.setup();
    const store = createToastStore();
    renderWithRouter(store);
    act(() => {
      store.warning('Kurs veraltet', { deleteOnRouteChange: true, durationMs: 0 });
      store.success('Sparplan gespeichert', { durationMs: 0 });
    });
    expect(screen.getByText('Kurs veraltet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(screen.queryByText('Kurs veraltet')).toBeNull();
    expect(screen.getByText('Sparplan gespeichert')).toBeTruthy();
  });
});
