import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse, testConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

let offsetMs = 0;
const BASE = Date.parse('2026-12-24T09:00:00Z');
const calls: { method: string; path: string; body?: unknown }[] = [];

beforeEach(() => {
  offsetMs = 0;
  calls.length = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://kontor.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { days?: number; hours?: number }) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/dev/clock/advance' && body) {
      offsetMs += ((body.days ?? 0) * 24 + (body.hours ?? 0)) * 3_600_000;
      return jsonResponse({ now: new Date(BASE + offsetMs).toISOString(), offsetMs, jobsRun: 1 });
    }
    if (url.pathname === '/api/dev/clock/next-quarter') {
      // 24 December 10:00 → 1 January 00:00 (Berlin).
      offsetMs = Date.parse('2026-12-31T23:00:00Z') - BASE;
      return jsonResponse({ now: new Date(BASE + offsetMs).toISOString(), offsetMs, jobsRun: 3 });
    }
    if (url.pathname === '/api/dev/clock/next-savings-day') {
      // 24 December 10:00 → 28 December 00:00 (Berlin), the next day a savings plan runs.
      offsetMs = Date.parse('2026-12-27T23:00:00Z') - BASE;
      return jsonResponse({ now: new Date(BASE + offsetMs).toISOString(), offsetMs, jobsRun: 2 });
    }
    if (url.pathname === '/api/dev/clock') return jsonResponse({ now: new Date(BASE + offsetMs).toISOString(), offsetMs });
    if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
});

describe('"Zeit vorspulen" in the footer', () => {
  it('shows the simulated date, moves it one day on a press, and refreshes what the app had loaded', async () => {
    const { user, toastStore } = await renderApp('/notizen', { config: testConfig({ devTools: true }) });
    const strip = await screen.findByRole('region', { name: 'Zeit vorspulen' });
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('24.12.2026, 10:00'));
    expect(within(strip).getByRole('radio', { name: '1 Tag' }).getAttribute('aria-checked')).toBe('true');
    const readsBefore = calls.filter((c) => c.path === '/api/notification').length;

    await user.click(within(strip).getByRole('button', { name: 'Vorspulen' }));
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('25.12.2026, 10:00'));
    expect(calls.find((c) => c.path === '/api/dev/clock/advance')?.body).toEqual({ days: 1 });
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['Jetzt 25.12.2026, 10:00. 1 fälliger Vorgang ausgeführt.']);
    // Every cached answer is fetched anew: the jobs that ran may have changed cash, orders, documents.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/notification').length).toBeGreaterThan(readsBefore));
  });

  it('moves a week or an hour when chosen', async () => {
    const { user } = await renderApp('/notizen', { config: testConfig({ devTools: true }) });
    const strip = await screen.findByRole('region', { name: 'Zeit vorspulen' });
    await user.click(within(strip).getByRole('radio', { name: '1 Woche' }));
    await user.click(within(strip).getByRole('button', { name: 'Vorspulen' }));
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('31.12.2026, 10:00'));
    await user.click(within(strip).getByRole('radio', { name: '1 Stunde' }));
    await user.click(within(strip).getByRole('button', { name: 'Vorspulen' }));
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('31.12.2026, 11:00'));
    expect(calls.filter((c) => c.path === '/api/dev/clock/advance').map((c) => c.body)).toEqual([{ days: 7 }, { hours: 1 }]);
  });

  it('"Nächstes Quartal" jumps to the start of the next quarter, where the quarter’s statements are issued', async () => {
    const { user, toastStore } = await renderApp('/notizen', { config: testConfig({ devTools: true }) });
    const strip = await screen.findByRole('region', { name: 'Zeit vorspulen' });
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('24.12.2026, 10:00'));
    await user.click(within(strip).getByRole('button', { name: 'Nächstes Quartal' }));
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('01.01.2027, 00:00'));
    expect(calls.filter((c) => c.path.startsWith('/api/dev/clock/')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/dev/clock/next-quarter']);
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['Jetzt 01.01.2027, 00:00. 3 fällige Vorgänge ausgeführt.']);
  });

  it('"Zum nächsten Sparplantermin" jumps to the next savings-plan day and refreshes what the app had loaded', async () => {
    const { user, toastStore } = await renderApp('/notizen', { config: testConfig({ devTools: true }) });
    const strip = await screen.findByRole('region', { name: 'Zeit vorspulen' });
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('24.12.2026, 10:00'));
    const readsBefore = calls.filter((c) => c.path === '/api/notification').length;
    await user.click(within(strip).getByRole('button', { name: 'Zum nächsten Sparplantermin' }));
    await waitFor(() => expect(within(strip).getByTestId('simulated-time').textContent).toBe('28.12.2026, 00:00'));
    expect(calls.filter((c) => c.path.startsWith('/api/dev/clock/')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/dev/clock/next-savings-day']);
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['Jetzt 28.12.2026, 00:00. 2 fällige Vorgänge ausgeführt.']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/notification').length).toBeGreaterThan(readsBefore));
  });

  it('is not there when the development tools are off, and asks nothing of the server', async () => {
    await renderApp('/notizen', { config: testConfig() });
    await screen.findByRole('heading', { level: 1, name: 'Notizen' });
    expect(screen.queryByRole('region', { name: 'Zeit vorspulen' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/dev/'))).toBe(false);
  });
});
