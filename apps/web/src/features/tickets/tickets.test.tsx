import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticket, TicketDialog, TicketDialogEntry } from '@kontor/domain/ticket-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const id = (n: number) => `${String(n).padStart(8, '0')}-1111-4222-8333-444444444444`;

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: id(1),
    type: 'ADDRESS',
    state: 'OPEN',
    title: 'Adresse ändern',
    data: { newStreet: 'Neue Straße', newHouseNumber: '5', postalCode: '10115', city: 'Berlin', country: 'DE' },
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    submittedAt: '2026-11-25T09:00:00.000Z',
    closedAt: null,
    outcome: null,
    unread: false,
    lastEntry: null,
    ...overrides,
  };
}

const question: TicketDialogEntry = {
  id: id(90),
  dateTime: '2026-11-25T10:00:00.000Z',
  content: 'Leider können wir Ihren Ausweis nicht lesen. Bitte senden Sie einen besseren Scan.',
  author: 'Kundenservice',
  entryType: 'AGENT',
  attachments: [],
};

let open: Ticket[];
let closed: Ticket[];
let dialog: TicketDialog;
let uploads: { name: string; size: number }[];
let server: ReturnType<typeof installFakeTicketServer>;

beforeEach(() => {
  open = [];
  closed = [];
  uploads = [];
  dialog = { ticket: ticket(), entries: [] };
  server = installFakeTicketServer({
    routes: (method, url, body, init) => {
      const path = url.pathname;
      if (method === 'GET' && path === '/api/ticket') {
        const tickets = url.searchParams.get('view') === 'closed' ? closed : open;
        return jsonResponse({ tickets, unread: open.filter((t) => t.unread).length });
      }
      if (method === 'GET' && path === `/api/ticketdialog/${dialog.ticket.id}`) return jsonResponse(dialog);
      if (method === 'POST' && path === `/api/ticketdialog/${dialog.ticket.id}/attachments`) {
        const file = (init.body as FormData).get('file') as File;
        if (file.name.startsWith('getarnt')) return jsonResponse({ message: 'Bitte laden Sie eine PDF-, JPEG- oder PNG-Datei hoch.' }, { status: 415 });
        uploads.push({ name: file.name, size: file.size });
        return jsonResponse(
          { name: file.name, attachmentId: id(50 + uploads.length), attachmentSize: file.size, threadId: dialog.ticket.id, isAgentAttachment: false },
          { status: 201 },
        );
      }
      if (method === 'POST' && path === `/api/ticketdialog/${dialog.ticket.id}`) {
        const ids = (body?.attachmentIds as string[]) ?? [];
        dialog = {
          ticket: { ...dialog.ticket, state: 'OPEN' },
          entries: [
            ...dialog.entries,
            {
              id: id(91),
              dateTime: '2026-11-25T11:00:00.000Z',
              content: String(body?.content ?? ''),
              author: 'Max Mustermann',
              entryType: 'CUSTOMER',
              attachments: ids.map((a) => ({ name: 'ausweis.png', attachmentId: a, attachmentSize: 61_440, threadId: dialog.ticket.id, isAgentAttachment: false })),
            },
          ],
        };
        return jsonResponse(dialog, { status: 201 });
      }
      if (method === 'DELETE' && path === `/api/ticket/${dialog.ticket.id}`) return new Response(null, { status: 204 });
      return undefined;
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

const calls = (method: string, path: string) => server.state.calls.filter((c) => c.method === method && c.path === path);

describe('/service', () => {
  it('lists open tickets with their German state, marks an agent answer unread and counts it; "Geschlossen" shows the closed ones', async () => {
    open = [
      ticket({ id: id(1), type: 'ID_DOCUMENT', title: 'Ausweisdokument erneuern', state: 'CUSTOMER_REPLY', unread: true, lastEntry: 'Leider können wir Ihren Ausweis nicht lesen.' }),
      ticket({ id: id(2), state: 'PREPARED', submittedAt: null }),
    ];
    closed = [
      ticket({ id: id(3), state: 'CLOSED', closedAt: '2026-11-26T10:00:00.000Z', outcome: 'DONE', unread: true }),
      ticket({ id: id(4), type: 'TERMINATION', title: 'Kündigung', state: 'CLOSED', closedAt: '2026-11-20T10:00:00.000Z', outcome: 'REJECTED' }),
    ];
    const { user, router } = await renderApp('/service');
    const list = await screen.findByRole('list', { name: 'Offen' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-ticket-id'))).toEqual([id(1), id(2)]);
    const [asked, draft] = items.map((i) => i.querySelector('a')!.textContent);
    expect(asked).toBe('Ausweisdokument erneuernbitte lesenNeue AntwortEingereicht am 25.11.2026Leider können wir Ihren Ausweis nicht lesen.');
    expect(draft).toBe('Adresse ändernVorbereitetEntwurf vom 25.11.2026');
    expect(items[0]!.hasAttribute('data-unread')).toBe(true);
    expect(items[1]!.hasAttribute('data-unread')).toBe(false);
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe(`/service/${id(1)}`);
    expect(screen.getByRole('tab', { name: /^Offen\s?1\s?mit neuer Antwort$/ })).toBeTruthy();
    // Each tab counts its own: the closing note of a closed ticket counts there.
    expect(await screen.findByRole('tab', { name: /^Geschlossen\s?1\s?mit neuer Antwort$/ })).toBeTruthy();
    expect(screen.getByText('Eine neue Antwort unseres Kundenservice.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuer Serviceauftrag' }).getAttribute('href')).toBe('/service/neu');

    await user.click(screen.getByRole('tab', { name: /^Geschlossen/ }));
    const closedList = await screen.findByRole('list', { name: 'Geschlossen' });
    expect(within(closedList).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Adresse ändernGeschlossenNeue AntwortEingereicht am 25.11.2026 · Geschlossen am 26.11.2026',
      'KündigungGeschlossenAbgelehntEingereicht am 25.11.2026 · Geschlossen am 20.11.2026',
    ]);
    expect(router.state.location.search).toBe('?ansicht=geschlossen');
    expect(calls('GET', '/api/ticket').length).toBeGreaterThanOrEqual(2);
  });

  it('without tickets, the empty state leads to a new request', async () => {
    await renderApp('/service');
    expect(await screen.findByRole('heading', { name: 'Keine offenen Aufträge' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Neuer Serviceauftrag' }).map((l) => l.getAttribute('href'))).toEqual(['/service/neu', '/service/neu']);
  });
});

describe('/service/:id', () => {
  beforeEach(() => {
    dialog = {
      ticket: ticket({ type: 'ID_DOCUMENT', title: 'Ausweisdokument erneuern', state: 'CUSTOMER_REPLY', data: { idDocumentNewValidUntil: '2035-11-01', idDocumentConfirmValid: true, attachmentFileReferences: [id(40)] } }),
      entries: [
        {
          id: id(89),
          dateTime: '2026-11-25T09:00:00.000Z',
          content: 'Neuer Ausweis',
          author: 'Max Mustermann',
          entryType: 'CUSTOMER',
          attachments: [{ name: 'scan.png', attachmentId: id(40), attachmentSize: 2048, threadId: id(1), isAgentAttachment: false }],
        },
        question,
      ],
    };
  });

  it('shows the request, the thread oldest first and asks for an answer; a reply with a file posts its text and the uploaded attachment', async () => {
    const { user } = await renderApp(`/service/${id(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausweisdokument erneuern' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Bitte beantworten Sie die Rückfrage.', { exact: false })).toBeTruthy();
    const thread = screen.getByRole('list', { name: 'Verlauf' });
    const entries = within(thread).getAllByRole('listitem').filter((li) => li.hasAttribute('data-entry-type'));
    expect(entries.map((e) => e.getAttribute('data-entry-type'))).toEqual(['CUSTOMER', 'AGENT']);
    expect(entries[0]!.textContent).toContain('Sie 25.11.2026, 10:00');
    expect(entries[1]!.textContent).toContain('Kundenservice 25.11.2026, 11:00');
    expect(within(entries[0]!).getByRole('link', { name: 'scan.png' }).getAttribute('href')).toBe(`/api/ticketdialog/${id(1)}/attachments/${id(40)}`);
    expect(entries[0]!.textContent).toContain('(2 KB)');
    expect(screen.getByText('Gültig bis').nextSibling?.textContent).toBe('01.11.2035');

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(61_440)], 'ausweis.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector('[data-upload-status="done"]')).toBeTruthy());
    expect(uploads).toEqual([{ name: 'ausweis.png', size: 61_440 }]);
    await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), 'Hier ist ein besserer Scan.');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));

    await screen.findByText('Ihre Antwort ist angekommen.');
    expect(calls('POST', `/api/ticketdialog/${id(1)}`).map((c) => c.body)).toEqual([{ content: 'Hier ist ein besserer Scan.', attachmentIds: [id(51)] }]);
    // The ticket is open again; no more notice.
    expect(screen.queryByText('Bitte beantworten Sie die Rückfrage.', { exact: false })).toBeNull();
    expect(document.querySelector('[data-ticket-state]')!.textContent).toBe('Offen');
  });

  it('refuses a 10 MB file before uploading it, with the German reason; a removed file is not sent', async () => {
    const { user } = await renderApp(`/service/${id(1)}`);
    await screen.findByRole('heading', { level: 1, name: 'Ausweisdokument erneuern' }, { timeout: 10_000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(10 * 1024 * 1024)], 'riesig.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('„riesig.pdf“ ist größer als 9 MB und kann nicht angehängt werden.')).toBeTruthy();
    expect(uploads).toEqual([]);
    expect(calls('POST', `/api/ticketdialog/${id(1)}/attachments`)).toEqual([]);

    await user.upload(input, new File([new Uint8Array(100)], 'klein.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(document.querySelector('[data-upload-status="done"]')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'klein.pdf entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Bitte schreiben Sie eine Nachricht oder hängen Sie eine Datei an.')).toBeTruthy();
    expect(calls('POST', `/api/ticketdialog/${id(1)}`)).toEqual([]);
  });

  it('a file the server refuses shows its German reason and is not sent with the reply', async () => {
    const { user } = await renderApp(`/service/${id(1)}`);
    await screen.findByRole('heading', { level: 1, name: 'Ausweisdokument erneuern' }, { timeout: 10_000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(2048)], 'getarnt.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector('[data-upload-status="failed"]')?.textContent).toContain('Bitte laden Sie eine PDF-, JPEG- oder PNG-Datei hoch.'));
    await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), 'Nur Text.');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await screen.findByText('Ihre Antwort ist angekommen.');
    expect(calls('POST', `/api/ticketdialog/${id(1)}`).map((c) => c.body)).toEqual([{ content: 'Nur Text.', attachmentIds: [] }]);
  });

  it('a draft offers "Bearbeiten" and "Verwerfen" (after asking) and no reply; discarding deletes it and returns to the list', async () => {
    dialog = { ticket: ticket({ state: 'PREPARED', submittedAt: null }), entries: [] };
    const { user, router } = await renderApp(`/service/${id(1)}`);
    await screen.findByRole('heading', { level: 1, name: 'Adresse ändern' }, { timeout: 10_000 });
    expect(screen.getByText('Neue Adresse').nextSibling?.textContent).toBe('Neue Straße 5, 10115 Berlin, Deutschland');
    expect(screen.getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(`/service/${id(1)}/bearbeiten`);
    expect(screen.queryByRole('form', { name: 'Antworten' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Entwurf verwerfen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service'));
    expect(calls('DELETE', `/api/ticket/${id(1)}`)).toHaveLength(1);
  });
});
