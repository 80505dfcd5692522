import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../lib/api-client';
import { installFakeTicketServer } from '../test/fake-ticket-server';
import { renderApp } from '../test/render';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.useRealTimers();
  configureApi(createApiClient());
});

const PHONE = { serial: 'KTR-0001', customerDeviceName: 'Pixel 8', enrolledAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

describe('sign-in approved in the Kontor app', () => {
  it('a session that needs approval waits for the app, then shows the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeTicketServer({ devices: [PHONE], session: { required: true, approved: false } });
    await renderApp('/notizen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitte bestätigen Sie die Anmeldung in der Kontor-App' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(/Wir haben eine Anfrage an „Pixel 8“ gesendet\./)).toBeTruthy();
    expect(server.latest().payload).toEqual({ type: 'SESSION_AUTH' });
    expect(server.callsTo('/api/ticket/requestauth')[0]?.body).toEqual({ ticket: 't-1', serialForAppAuth: 'KTR-0001' });
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();

    server.approve(server.latest());
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notizen' }, { timeout: 10_000 })).toBeTruthy();
    expect(server.callsTo('/api/appauth/session').find((c) => c.method === 'POST')?.body).toEqual({
      authorisation: { ticket: 't-1', tan: '', authorizationId: 'app-t-1' },
    });
  });

  it('a sign-in declined in the app stays locked out and can ask again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeTicketServer({ devices: [PHONE], session: { required: true, approved: false } });
    const { user } = await renderApp('/notizen');
    await screen.findByText(/Wir haben eine Anfrage an „Pixel 8“ gesendet\./, undefined, { timeout: 10_000 });
    server.deny(server.latest());
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await screen.findByText('Die Anmeldung wurde in der App abgelehnt.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erneut anfragen' }));
    await waitFor(() => expect(server.state.challenges).toHaveLength(2));
    expect(screen.queryByRole('heading', { level: 1, name: 'Notizen' })).toBeNull();
  });

  it('a session that needs no approval goes straight to the page', async () => {
    installFakeTicketServer({ devices: [PHONE], session: { required: false, approved: false } });
    await renderApp('/notizen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notizen' }, { timeout: 10_000 })).toBeTruthy();
  });
});
