import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { renderAlone } from '../../test/render';
import { AppSettingsCard } from './app-settings-card';
import { KontorAppCard } from './kontor-app-card';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => configureApi(createApiClient()));

const PHONE = { serial: 'KTR-0007', customerDeviceName: 'Pixel 8', enrolledAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-24T08:30:00.000Z' };

describe('Geräte → Kontor-App', () => {
  it('enrols an app with an SMS TAN, shows its serial and the companion page, and lists it', async () => {
    const server = installFakeTicketServer();
    const { user } = await renderAlone(<KontorAppCard />);
    expect(await screen.findByText('Keine Kontor-App eingerichtet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Kontor-App einrichten' }));
    expect(await screen.findByText('Bitte geben Sie einen Gerätenamen ein.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name des Geräts' }), 'Mein iPhone{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Kontor-App einrichten' });
    expect(within(dialog).getByText('Neues Gerät: „Mein iPhone“')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(server.latest().payload).toEqual({ type: 'ENROLL_DEVICE', deviceName: 'Mein iPhone' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);

    expect(await screen.findByText('„Mein iPhone“ ist eingerichtet.')).toBeTruthy();
    const serial = server.state.devices[0]!.serial;
    expect(screen.getByText(`Seriennummer: ${serial}`)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Begleit-App öffnen' })).getAttribute('href')).toBe(`/dev/app/${serial}`);
    expect(server.callsTo('/api/appenrollment').find((c) => c.method === 'POST')?.body).toEqual({
      deviceName: 'Mein iPhone',
      authorisation: { ticket: 't-1', tan: server.latest().tan, authorizationId: 'auth-t-1' },
    });
    const list = await screen.findByRole('list', { name: 'Eingerichtete Kontor-Apps' });
    expect(within(list).getByText('Mein iPhone')).toBeTruthy();
    expect(within(list).getByText('Noch nicht verwendet')).toBeTruthy();
  });

  it('removes an app after a confirmation and a TAN', async () => {
    const server = installFakeTicketServer({ devices: [PHONE] });
    const { user } = await renderAlone(<KontorAppCard />);
    const list = await screen.findByRole('list', { name: 'Eingerichtete Kontor-Apps' });
    expect(within(list).getByText(/Seriennummer KTR-0007 · eingerichtet am 20\.11\.2026/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Pixel 8 entfernen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Kontor-App entfernen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Entfernen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Entfernen bestätigen' });
    expect(within(dialog).getByText('Gerät entfernen: „Pixel 8“ (KTR-0007)')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(server.latest().payload).toEqual({ type: 'RETIRE_DEVICE', customerDeviceName: 'Pixel 8', serial: 'KTR-0007' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);

    expect(await screen.findByText('Keine Kontor-App eingerichtet')).toBeTruthy();
    expect(server.state.devices).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Geräte → App-Einstellungen', () => {
  it('offers the app as default factor and sign-in approval only with an app enrolled', async () => {
    installFakeTicketServer();
    await renderAlone(<AppSettingsCard />);
    expect(await screen.findByText('Diese Einstellungen wirken, sobald eine Kontor-App eingerichtet ist.')).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'SMS-TAN' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Kontor-App' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Neue Anmeldungen in der App bestätigen/ }).disabled).toBe(true);
  });

  it('saves the default factor, sign-in approval and push kinds as they are changed', async () => {
    const server = installFakeTicketServer({ devices: [PHONE] });
    const { user } = await renderAlone(<AppSettingsCard />);
    await user.click(await screen.findByRole('radio', { name: 'Kontor-App' }));
    await waitFor(() => expect(server.state.settings.defaultFactor).toBe('APP'));
    await user.click(screen.getByRole('checkbox', { name: /Neue Anmeldungen in der App bestätigen/ }));
    await waitFor(() => expect(server.state.settings).toEqual({ defaultFactor: 'APP', approveSignIns: true }));

    const money = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Geldbewegungen' });
    expect(money.checked).toBe(false);
    await user.click(money);
    await waitFor(() => expect(server.state.push.kinds.MONEY).toBe(true));
    expect(Object.values(server.state.push.kinds).every(Boolean)).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Kursalarme' }).checked).toBe(true);
  });
});
