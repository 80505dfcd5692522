import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MONEY_IDLE_LIMIT_MS } from '@kontor/domain/auth-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { renderAlone } from '../../test/render';
import { IdleReauthGate } from './idle-reauth-gate';
import { IDLE_STEP_UP } from './session-step-up';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.useRealTimers();
  configureApi(createApiClient());
});

const GATE_TITLE = 'Bitte bestätigen Sie, dass Sie es sind';

describe('IdleReauthGate', () => {
  it('hides the money page after five minutes without activity and shows it again after a new TAN', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeTicketServer();
    const { user } = await renderAlone(
      <IdleReauthGate idleMs={MONEY_IDLE_LIMIT_MS}>
        <p>Verfügbar: 1.000,00 €</p>
      </IdleReauthGate>,
    );
    expect(screen.getByText('Verfügbar: 1.000,00 €')).toBeTruthy();

    // Activity after four minutes moves the limit on.
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    fireEvent.keyDown(window, { key: 'Tab' });
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(screen.getByText('Verfügbar: 1.000,00 €')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.queryByText('Verfügbar: 1.000,00 €')).toBeNull();
    expect(screen.getByText(GATE_TITLE)).toBeTruthy();
    // Moving the mouse now does not bring the content back.
    fireEvent.pointerMove(window);
    expect(screen.queryByText('Verfügbar: 1.000,00 €')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Jetzt bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung bestätigen' });
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    // Without the app: a TAN for the step-up (the server confirms SESSION_AUTH in the app only).
    expect(server.latest().payload).toEqual(IDLE_STEP_UP);
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);

    expect(await screen.findByText('Verfügbar: 1.000,00 €')).toBeTruthy();
    expect(screen.queryByText(GATE_TITLE)).toBeNull();
    // The server, which refuses money calls of an idle session too, gets the step-up and renews the session.
    expect(server.callsTo('/api/session/stepup').map((c) => c.body)).toEqual([
      { step: 'IDLE_STEP_UP', authorisation: { ticket: server.latest().ticket, tan: server.latest().tan, authorizationId: `auth-${server.latest().ticket}` } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
