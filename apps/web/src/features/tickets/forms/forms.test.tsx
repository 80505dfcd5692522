import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { germanTaxIdProblem } from '@kontor/domain/tax-id';
import { configureApi, createApiClient } from '../../../lib/api-client';
import { resetDevTools } from '../../../lib/dev-tools';
import { installFakeTicketServer } from '../../../test/fake-ticket-server';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const TICKET_ID = '6f1c1a52-8f0e-4d7a-9a51-0d3c0c7e2b11';
/** A Steuer-ID with a right check digit (and one digit off). */
const TAX_ID = '86095742719';
const WRONG_TAX_ID = '86095742718';

let server: ReturnType<typeof installFakeTicketServer>;
let ticketAnswers: (() => Response)[];

const ticket = (body: Record<string, unknown> | undefined, state: string) => ({
  id: TICKET_ID,
  type: body?.type ?? 'ADDRESS',
  state,
  title: 'Adresse ändern',
  data: body?.data ?? {},
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
  submittedAt: null,
  closedAt: null,
  outcome: null,
  unread: false,
  lastEntry: null,
});

beforeEach(() => {
  resetDevTools();
  ticketAnswers = [];
  server = installFakeTicketServer({
    routes: (method, url, body) => {
      switch (`${method} ${url.pathname}`) {
        case 'POST /api/ticket':
          return ticketAnswers.shift()?.() ?? jsonResponse(ticket(body, body?.authorisation ? 'OPEN' : 'PREPARED'), { status: 201 });
        case 'POST /api/ticket/fsapreview':
          return new Response(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), { headers: { 'content-type': 'application/pdf' } });
        default:
          return undefined;
      }
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

const calls = (path: string) => server.state.calls.filter((c) => c.path === path && c.method === 'POST');

async function openForm(type: string, title: string) {
  const view = await renderApp(`/service/neu/${type}`);
  const form = await screen.findByRole('form', { name: title }, { timeout: 10_000 });
  return { ...view, form };
}

describe('the service-request forms', () => {
  it('the chooser lists all twelve requests, each a link to its form', async () => {
    await renderApp('/service/neu');
    await screen.findByRole('heading', { name: 'Neuer Serviceauftrag' }, { timeout: 10_000 });
    const links = within(screen.getByRole('list', { name: 'Serviceaufträge' })).getAllByRole('link');
    expect(links).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Freistellungsauftrag' }).getAttribute('href')).toBe('/service/neu/EXEMPTION_ORDER');
  });

  it('a new address: a postal code that is no German one is refused at its field; corrected, it is confirmed by TAN and sent normalised', async () => {
    const { user, form, router, toastStore } = await openForm('ADDRESS', 'Adresse ändern');
    await user.type(within(form).getByRole('textbox', { name: 'Straße' }), 'Unter den Linden');
    await user.type(within(form).getByRole('textbox', { name: 'Hausnummer' }), '5');
    await user.type(within(form).getByRole('textbox', { name: 'Postleitzahl' }), '1011');
    await user.type(within(form).getByRole('textbox', { name: 'Ort' }), 'Berlin');
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await within(form).findByText('Diese Postleitzahl passt nicht zu Deutschland.')).toBeTruthy();
    expect(calls('/api/ticket/requesttan')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Postleitzahl' }), '7');
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await screen.findByText('Unter den Linden 5, 10117 Berlin, Deutschland')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mit TAN bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auftrag bestätigen: Adresse ändern' });
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(calls('/api/ticket/requesttan')[0]?.body).toEqual({
      type: 'TICKET',
      data: { requestType: 'ADDRESS', newStreet: 'Unter den Linden', newHouseNumber: '5', postalCode: '10117', city: 'Berlin', country: 'DE' },
    });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service/${TICKET_ID}`));
    expect(calls('/api/ticket')[0]?.body).toEqual({
      type: 'ADDRESS',
      data: { newStreet: 'Unter den Linden', newHouseNumber: '5', postalCode: '10117', city: 'Berlin', country: 'DE' },
      authorisation: { ticket: 't-1', tan: server.latest().tan, authorizationId: 'auth-t-1' },
    });
    expect(toastStore.getSnapshot().some((toast) => toast.message === 'Ihr Auftrag ist eingegangen')).toBe(true);
  });

  it('a Freistellungsauftrag: 1.000,01 € alone is refused, 2.000 € jointly accepted, and it is sent only after its preview was shown', async () => {
    const { user, form } = await openForm('EXEMPTION_ORDER', 'Freistellungsauftrag');
    const amount = within(form).getByRole('textbox', { name: 'Freistellungsbetrag in Euro' });
    await user.type(amount, '1.000,01');
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await within(form).findByText('Sie können höchstens 1.000,00 € freistellen (gemeinsam mit Ehepartner 2.000,00 €).')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(form).getByRole('checkbox', { name: /Gemeinsamer Auftrag/ }));
    await user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Erika');
    await user.type(within(form).getByRole('textbox', { name: 'Nachname' }), 'Muster');
    await user.type(within(form).getByLabelText('Geburtsdatum'), '1980-05-01');
    await user.type(within(form).getByRole('textbox', { name: 'Steuerliche Identifikationsnummer' }), TAX_ID);
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await within(form).findByText('Bitte sehen Sie sich vor dem Absenden die Vorschau (PDF) Ihres Freistellungsauftrags an.')).toBeTruthy();
    expect(within(form).queryByText(/höchstens/, { selector: '[slot="errorMessage"], p' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mit TAN bestätigen' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Vorschau (PDF)' }));
    await screen.findByRole('dialog', { name: 'Vorschau: Freistellungsauftrag' });
    // (React's strict mode asks twice; the first is cancelled.)
    await waitFor(() => expect(calls('/api/ticket/fsapreview').length).toBeGreaterThan(0));
    expect(calls('/api/ticket/fsapreview').at(-1)?.body).toMatchObject({ data: { taxExemptionOrderAmount: '2000.00', jointExemptionData: { taxId: TAX_ID } } });
    await user.click(screen.getByRole('button', { name: 'Dokument schließen' }));

    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await screen.findByText('gemeinsam mit Erika Muster')).toBeTruthy();
    expect(screen.getByText(/^2\.000,00\s€$/)).toBeTruthy();
  });

  it('tax residence: a German Steuer-ID with a wrong check digit is refused at its field', async () => {
    const { user, form } = await openForm('TAX_RESIDENCE', 'Steuerliche Ansässigkeit');
    await user.type(within(form).getByRole('textbox', { name: 'Steuerliche Identifikationsnummer' }), WRONG_TAX_ID);
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    const field = within(form).getByRole('textbox', { name: 'Steuerliche Identifikationsnummer' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(germanTaxIdProblem(WRONG_TAX_ID)!)).toBeTruthy();
    expect(calls('/api/ticket/requesttan')).toHaveLength(0);
  });

  it('a new mobile number: the request is confirmed by a TAN to the current number, then the new number by the code sent to it; both go with the request', async () => {
    const { user, form, router } = await openForm('MOBILE_NUMBER', 'Mobilnummer ändern');
    await user.type(within(form).getByRole('textbox', { name: 'Neue Mobilnummer' }), '0170 1234567');
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    expect(await screen.findByText(/in zwei Schritten/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Mit TAN bestätigen' }));

    const request = await screen.findByRole('dialog', { name: 'Auftrag mit TAN bestätigen' });
    expect(within(request).getByText(/Schritt 1 von 2/)).toBeTruthy();
    await user.click(await within(request).findByRole('button', { name: 'TAN anfordern' }));
    expect(calls('/api/ticket/requesttan')[0]?.body).toEqual({ type: 'TICKET', data: { requestType: 'MOBILE_NUMBER', newMobileNumber: '+491701234567', mobileNumber: '+491701234567' } });
    expect(await within(request).findByText(/\+49 ••• 5678/)).toBeTruthy();
    await user.type(await within(request).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    expect(calls('/api/ticket/verify')).toHaveLength(1);

    const newNumber = await screen.findByRole('dialog', { name: 'Neue Mobilnummer bestätigen' });
    expect(within(newNumber).getByText(/Schritt 2 von 2: Wir senden einen Code an Ihre neue Mobilnummer \+49 170 1234567/)).toBeTruthy();
    expect(calls('/api/ticket')).toHaveLength(0);
    await user.click(await within(newNumber).findByRole('button', { name: 'TAN anfordern' }));
    expect(calls('/api/ticket/requesttan')[1]?.body).toEqual({
      type: 'TICKET',
      data: { requestType: 'MOBILE_NUMBER', newMobileNumber: '+491701234567', mobileNumber: '+491701234567', confirmNewNumber: true },
    });
    await user.type(await within(newNumber).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service/${TICKET_ID}`));
    expect(calls('/api/ticket/verifychangedmobilenr')).toHaveLength(1);
    expect(calls('/api/ticket')[0]?.body).toEqual({
      type: 'MOBILE_NUMBER',
      data: { newMobileNumber: '+491701234567' },
      authorisation: { ticket: 't-1', tan: server.state.challenges[0]!.tan, authorizationId: 'auth-t-1' },
      newNumberProof: { ticket: 't-2', tan: server.state.challenges[1]!.tan, authorizationId: 'auth-t-2' },
    });
  });

  it('a new mobile number: cancelled at the second step, the review is back with nothing lost and nothing sent; confirming again starts with the request', async () => {
    const { user, form } = await openForm('MOBILE_NUMBER', 'Mobilnummer ändern');
    await user.type(within(form).getByRole('textbox', { name: 'Neue Mobilnummer' }), '0170 1234567');
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    await user.click(await screen.findByRole('button', { name: 'Mit TAN bestätigen' }));
    const request = await screen.findByRole('dialog', { name: 'Auftrag mit TAN bestätigen' });
    await user.click(await within(request).findByRole('button', { name: 'TAN anfordern' }));
    await user.type(await within(request).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    const newNumber = await screen.findByRole('dialog', { name: 'Neue Mobilnummer bestätigen' });
    await user.click(within(newNumber).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('+49 170 1234567')).toBeTruthy();
    expect(calls('/api/ticket')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Mit TAN bestätigen' }));
    expect(await screen.findByRole('dialog', { name: 'Auftrag mit TAN bestätigen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Ändern' }));
    const again = await screen.findByRole('form', { name: 'Mobilnummer ändern' });
    expect((within(again).getByRole('textbox', { name: 'Neue Mobilnummer' }) as HTMLInputElement).value).toBe('0170 1234567');
  });

  it('a draft is saved without TAN; the server’s field errors on submit land at their fields, nothing typed is lost', async () => {
    const { user, form, router } = await openForm('MOBILE_NUMBER', 'Mobilnummer ändern');
    await user.type(within(form).getByRole('textbox', { name: 'Neue Mobilnummer' }), '0170 1234567');
    ticketAnswers.push(() => jsonResponse({ message: 'Bitte prüfen Sie Ihre Angaben.', status: 400, errors: [{ field: 'newMobileNumber', message: 'Diese Nummer ist bereits Ihre.' }] }, { status: 400 }));
    await user.click(within(form).getByRole('button', { name: 'Weiter zur Bestätigung' }));
    await user.click(await screen.findByRole('button', { name: 'Mit TAN bestätigen' }));
    for (const name of ['Auftrag mit TAN bestätigen', 'Neue Mobilnummer bestätigen']) {
      const dialog = await screen.findByRole('dialog', { name });
      await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
      await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    }
    const again = await screen.findByRole('form', { name: 'Mobilnummer ändern' });
    expect(await within(again).findByText('Diese Nummer ist bereits Ihre.')).toBeTruthy();
    expect((within(again).getByRole('textbox', { name: 'Neue Mobilnummer' }) as HTMLInputElement).value).toBe('0170 1234567');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(again).getByRole('button', { name: 'Als Entwurf speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service/${TICKET_ID}`));
    expect(calls('/api/ticket').at(-1)?.body).toEqual({ type: 'MOBILE_NUMBER', data: { newMobileNumber: '0170 1234567' } });
  });

  it('an ID scan that is no PDF, JPEG or PNG, or larger than 9 MB, is refused before anything is uploaded', async () => {
    const { form } = await openForm('ID_DOCUMENT', 'Ausweisdokument erneuern');
    const input = within(form).getByLabelText('Scan des Ausweises') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'ausweis.txt', { type: 'text/plain' })] } });
    expect(await within(form).findByText('„ausweis.txt“ ist keine PDF-, JPEG- oder PNG-Datei.')).toBeTruthy();
    const big = new File(['x'], 'ausweis.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 9_437_185 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(form).findByText('„ausweis.pdf“ ist größer als 9 MB und kann nicht angehängt werden.')).toBeTruthy();
    expect(server.state.calls.some((c) => c.path.includes('/attachments'))).toBe(false);
  });
});
