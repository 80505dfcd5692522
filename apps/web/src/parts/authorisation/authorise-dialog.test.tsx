import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthorisationPayload, AuthorisationResult } from '@kontor/domain/auth-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone } from '../../test/render';
import { AuthoriseDialog } from './authorise-dialog';

vi.setConfig({ testTimeout: 30_000 });

const PHONE = { serial: 'KTR-0001', customerDeviceName: 'Pixel 8', enrolledAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

afterEach(() => {
  vi.useRealTimers();
  configureApi(createApiClient());
});

const PAYOUT: AuthorisationPayload = { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '100.00', iban: 'DE89370400440532013000' } };

function Harness({ onAuthorised, payload = PAYOUT }: { onAuthorised: (result: AuthorisationResult) => Promise<void>; payload?: AuthorisationPayload }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'offen' : 'geschlossen'}</p>
      <AuthoriseDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Auszahlung bestätigen"
        payload={payload}
        details={<p>100,00 € an DE89 •••• 3000</p>}
        onAuthorised={onAuthorised}
      />
    </>
  );
}

async function open(onAuthorised = vi.fn(async () => {}), payload?: AuthorisationPayload) {
  const view = await renderAlone(<Harness onAuthorised={onAuthorised} payload={payload} />);
  const dialog = await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
  return { ...view, dialog, onAuthorised };
}

describe('AuthoriseDialog', () => {
  it('with an SMS TAN: shows what is authorised and where the TAN went, a wrong TAN gets the server message at the field, the right one runs the action and closes', async () => {
    const server = installFakeTicketServer();
    const { user, dialog, onAuthorised } = await open();
    expect(within(dialog).getByText('100,00 € an DE89 •••• 3000')).toBeTruthy();
    expect((await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'SMS-TAN' })).checked).toBe(true);
    expect(within(dialog).queryByRole('radio', { name: /Kontor-App/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'TAN anfordern' }));

    expect(await within(dialog).findByText('Wir haben Ihnen eine TAN per SMS an +49 ••• 5678 gesendet.')).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toBe('5:00');
    expect(server.latest().payload).toEqual({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '100.00', iban: 'DE89370400440532013000' } });

    const field = within(dialog).getByRole('textbox', { name: 'TAN' });
    await user.type(field, '999999{Enter}');
    expect(await within(dialog).findByText('Die TAN ist falsch. Noch 4 Versuche.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onAuthorised).not.toHaveBeenCalled();

    await user.type(field, `${server.latest().tan}{Enter}`);
    await waitFor(() => expect(onAuthorised).toHaveBeenCalledWith({ ticket: 't-1', tan: server.latest().tan, authorizationId: 'auth-t-1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('geschlossen')).toBeTruthy();
  });

  it('warns before the last attempt, and after the fifth wrong TAN says the TAN is locked and offers a new one', async () => {
    const server = installFakeTicketServer();
    const { user, dialog } = await open();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    const field = await within(dialog).findByRole('textbox', { name: 'TAN' });
    for (let i = 0; i < 4; i++) await user.type(field, '000000{Enter}');
    expect(await within(dialog).findByText(/Noch 1 Versuche\. Achtung: Nach einem weiteren Fehlversuch/)).toBeTruthy();

    await user.type(field, '000000{Enter}');
    expect(await within(dialog).findByText('Diese TAN ist gesperrt.')).toBeTruthy();
    expect(server.latest().state).toBe('LOCKED');
    await user.click(within(dialog).getByRole('button', { name: 'Neue TAN anfordern' }));
    await user.click(within(dialog).getByRole('button', { name: 'TAN anfordern' }));
    expect(await within(dialog).findByRole('textbox', { name: 'TAN' })).toBeTruthy();
    expect(server.state.challenges).toHaveLength(2);
  });

  it('when the server locks TAN authorisation for the customer, says until when and offers no new TAN; asking again in a new dialog says the same', async () => {
    const LOCK = {
      message: 'Sie haben 5-mal in Folge eine falsche TAN eingegeben. Zu Ihrem Schutz ist die Bestätigung per TAN für 30 Minuten gesperrt, bis 25.11.2026, 11:30 Uhr. Danach können Sie wieder eine TAN anfordern.',
      status: 423,
      errors: [],
      code: 'TAN_CUSTOMER_LOCKED',
    };
    let locked = false;
    installFakeTicketServer({
      routes: (_method, url) => {
        if (url.pathname === '/api/ticket/verify') {
          locked = true;
          return jsonResponse(LOCK, { status: 423 });
        }
        return locked && url.pathname === '/api/ticket/requesttan' ? jsonResponse(LOCK, { status: 423 }) : undefined;
      },
    });
    const first = await open();
    await first.user.click(await within(first.dialog).findByRole('button', { name: 'TAN anfordern' }));
    await first.user.type(await within(first.dialog).findByRole('textbox', { name: 'TAN' }), '000000{Enter}');
    expect(await within(first.dialog).findByText('Die Bestätigung per TAN ist vorübergehend gesperrt.')).toBeTruthy();
    expect(within(first.dialog).getByText(LOCK.message)).toBeTruthy();
    expect(within(first.dialog).queryByRole('button', { name: 'Neue TAN anfordern' })).toBeNull();
    first.unmount();

    const again = await open();
    await again.user.click(await within(again.dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(await within(again.dialog).findByText('Die Bestätigung per TAN ist vorübergehend gesperrt.')).toBeTruthy();
    expect(within(again.dialog).getByText(LOCK.message)).toBeTruthy();
    expect(within(again.dialog).queryByRole('button', { name: 'Neue TAN anfordern' })).toBeNull();
  });

  it('with a voice TAN asks for the call and "TAN erneut senden" requests a fresh one', async () => {
    const server = installFakeTicketServer();
    const { user, dialog } = await open();
    await user.click(await within(dialog).findByRole('radio', { name: 'Sprach-TAN (Anruf)' }));
    await user.click(within(dialog).getByRole('button', { name: 'TAN anfordern' }));
    expect(await within(dialog).findByText('Wir rufen Sie unter +49 ••• 5678 an und nennen Ihnen die TAN.')).toBeTruthy();
    expect(server.callsTo('/api/ticket/requesttan')[0]).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'TAN erneut senden' }));
    expect(await within(dialog).findByText(/Die vorige TAN gilt nicht mehr\./)).toBeTruthy();
    expect(server.state.challenges.map((c) => c.channel)).toEqual(['VOICE', 'VOICE']);
  });

  it('with the app as default factor: asks the app, polls, and on approval verifies with the authorizationId', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeTicketServer({ devices: [PHONE], settings: { defaultFactor: 'APP' } });
    const { user, dialog, onAuthorised } = await open();
    await user.click(await within(dialog).findByRole('button', { name: 'In der App bestätigen' }));
    expect(await within(dialog).findByText('Bitte bestätigen Sie in der Kontor-App auf „Pixel 8“.')).toBeTruthy();
    expect(server.callsTo('/api/ticket/requestauth')[0]?.body).toEqual({ ticket: 't-1', serialForAppAuth: 'KTR-0001' });

    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(server.callsTo('/api/ticket/challenges/t-1').length).toBeGreaterThan(0);
    expect(onAuthorised).not.toHaveBeenCalled();

    server.approve(server.latest());
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    await waitFor(() => expect(onAuthorised).toHaveBeenCalledWith({ ticket: 't-1', tan: '', authorizationId: 'app-t-1' }));
    expect(server.callsTo('/api/ticket/verify')[0]?.body).toEqual({ ticket: 't-1', tan: '', authorizationId: 'app-t-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the request is declined in the app', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeTicketServer({ devices: [PHONE], settings: { defaultFactor: 'APP' } });
    const { user, dialog, onAuthorised } = await open();
    await user.click(await within(dialog).findByRole('button', { name: 'In der App bestätigen' }));
    await within(dialog).findByText('Bitte bestätigen Sie in der Kontor-App auf „Pixel 8“.');
    server.deny(server.latest());
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await within(dialog).findByText('Sie haben die Anfrage in der Kontor-App abgelehnt.')).toBeTruthy();
    expect(onAuthorised).not.toHaveBeenCalled();
  });

  it('the countdown runs out after five minutes: the TAN is expired and a new one is offered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeTicketServer();
    const { user, dialog } = await open();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    await within(dialog).findByRole('textbox', { name: 'TAN' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^[34]:\d\d$/);
    await act(() => vi.advanceTimersByTimeAsync(241_000));
    expect(await within(dialog).findByText('Die TAN ist abgelaufen.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Neue TAN anfordern' })).toBeTruthy();
  });

  it('shows the German message of a failed action in the dialog', async () => {
    const server = installFakeTicketServer();
    const { user, dialog } = await open(vi.fn(async () => Promise.reject(new Error('Der Betrag übersteigt Ihr verfügbares Guthaben.'))));
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    expect(await within(dialog).findByText('Der Betrag übersteigt Ihr verfügbares Guthaben.')).toBeTruthy();
    expect(screen.getByText('offen')).toBeTruthy();
  });

  it('with an app, a session is confirmed in the app only: no SMS or call is offered', async () => {
    installFakeTicketServer({ devices: [PHONE] });
    const { dialog } = await open(undefined, { type: 'SESSION_AUTH' });
    expect((await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'Kontor-App „Pixel 8“' })).checked).toBe(true);
    expect(within(dialog).queryByRole('radio', { name: 'SMS-TAN' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Sprach-TAN (Anruf)' })).toBeNull();
  });

  it('without an app, a session is confirmed by TAN like every other action', async () => {
    installFakeTicketServer();
    const { user, dialog } = await open(undefined, { type: 'SESSION_AUTH' });
    expect((await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'SMS-TAN' })).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'TAN anfordern' }));
    expect(await within(dialog).findByRole('textbox', { name: 'TAN' })).toBeTruthy();
  });
});
