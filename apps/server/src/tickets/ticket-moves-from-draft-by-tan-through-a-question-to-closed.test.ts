import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketDialog, TicketList } from '@kontor/domain/ticket-contracts';
import { pdfText } from '../../test/pdf-text.ts';
import { outboxStore } from '../outbox/store.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { hoursLater, storedUpload, submitTicket, ticketAuthorisation } from '../../test/ticket-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ADDRESS = { newStreet: 'Lindenstraße', newHouseNumber: '12', postalCode: '10969', city: 'Berlin', country: 'DE' };
const ID_DOCUMENT = { idDocumentNewValidUntil: '2034-05-31', idDocumentConfirmValid: true };

describe('a service ticket from draft to closed', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => t.call({ method, url, headers: anna.headers, ...(payload === undefined ? {} : { payload }) });
  const list = async (view = 'open') => (await as('GET', `/api/ticket?view=${view}`)).json() as TicketList;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-26T09:00:00Z' });
    anna = await signedInCustomer(t.app, t.database.db, 'anna');
  });
  afterAll(async () => t.close());

  it('a draft is Vorbereitet, can be changed, and is checked and bound to its TAN only when submitted', async () => {
    const draft = await as('POST', '/api/ticket', { type: 'ADDRESS', data: { newStreet: 'Lindenstraße', city: 'Berlin', unknownKey: 'dropped' } });
    expect(draft.statusCode).toBe(201);
    const ticket = draft.json() as Ticket;
    expect(ticket).toMatchObject({ state: 'PREPARED', title: 'Adresse ändern', data: { newStreet: 'Lindenstraße', city: 'Berlin' } });
    expect(ticket.data).not.toHaveProperty('unknownKey');
    expect((await list()).tickets.map((x) => x.id)).toContain(ticket.id);

    // A postal code that does not fit the country is refused at its field, nothing changes.
    const wrong = await as('POST', `/api/ticket/${ticket.id}/submit`, {
      data: { ...ADDRESS, postalCode: '1234' },
      authorisation: { ticket: '00000000-0000-4000-8000-000000000000', tan: '123456', authorizationId: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'postalCode', message: 'Diese Postleitzahl passt nicht zu Deutschland.' }]);
    // Asking a TAN for it says the same at the same field, and sends nothing.
    const smsBefore = (await outboxStore(t.database.db).latest(500)).length;
    const asked = await as('POST', '/api/ticket/requesttan', { type: 'TICKET', data: { requestType: 'ADDRESS', ...ADDRESS, postalCode: '1234' } });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().errors).toEqual([{ field: 'postalCode', message: 'Diese Postleitzahl passt nicht zu Deutschland.' }]);
    expect(await outboxStore(t.database.db).latest(500)).toHaveLength(smsBefore);

    // The TAN confirmed Lindenstraße 12; it does not submit Lindenstraße 14.
    const authorisation = await ticketAuthorisation(t, anna, 'ADDRESS', ADDRESS);
    const other = await as('POST', `/api/ticket/${ticket.id}/submit`, { data: { ...ADDRESS, newHouseNumber: '14' }, authorisation });
    expect(other.statusCode).toBe(422);
    expect((await as('GET', `/api/ticket/${ticket.id}`)).json().state).toBe('PREPARED');

    const submitted = await as('POST', `/api/ticket/${ticket.id}/submit`, { data: ADDRESS, authorisation: await ticketAuthorisation(t, anna, 'ADDRESS', ADDRESS) });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'OPEN', data: ADDRESS });
    expect((await as('PUT', `/api/ticket/${ticket.id}`, { data: ADDRESS })).statusCode).toBe(409);
    expect((await as('DELETE', `/api/ticket/${ticket.id}`)).statusCode).toBe(409);

    // A second address change waits until the first is done.
    const second = await as('POST', '/api/ticket', { type: 'ADDRESS', data: ADDRESS, authorisation: await ticketAuthorisation(t, anna, 'ADDRESS', ADDRESS) });
    expect(second.statusCode).toBe(409);

    // The back office takes it up an hour later: closed, unread, told in the Posteingang, confirmed by a document.
    expect(await hoursLater(t, 0.5)).toBe(0);
    await hoursLater(t, 1);
    const closed = (await as('GET', `/api/ticket/${ticket.id}`)).json() as Ticket;
    expect(closed).toMatchObject({ state: 'CLOSED', outcome: 'DONE', unread: true });
    expect((await as('GET', '/api/usersettings')).json().address).toMatchObject({ street: 'Lindenstraße', houseNumber: '12', postalCode: '10969', city: 'Berlin', country: 'DE' });
    expect((await list('closed')).tickets.map((x) => x.id)).toEqual([ticket.id]);
    const messages = (await as('GET', '/api/posteingang/messages')).json().messages as { kind: string; ticketId: string | null }[];
    expect(messages.some((m) => m.kind === 'ticket' && m.ticketId === ticket.id)).toBe(true);
    const documents = (await as('GET', '/api/posteingang?category=SERVICE')).json().documents as { kind: string }[];
    expect(documents.map((d) => d.kind)).toEqual(['ticket_confirmation']);

    const dialog = (await as('GET', `/api/ticketdialog/${ticket.id}`)).json() as TicketDialog;
    expect(dialog.entries.map((e) => e.entryType)).toEqual(['SYSTEM', 'AGENT']);
    expect(dialog.ticket.unread).toBe(false);
    expect((await as('POST', `/api/ticketdialog/${ticket.id}`, { content: 'Danke!' })).statusCode).toBe(409);
  });

  it('an agent asks about an unreadable scan; the answer with a file sends it back to the back office', async () => {
    const draft = (await as('POST', '/api/ticket', { type: 'ID_DOCUMENT', data: {} })).json() as Ticket;
    const scan = await storedUpload(t, anna, draft.id, 10_000);
    const data = { ...ID_DOCUMENT, attachmentFileReferences: [scan] };
    const submitted = await as('POST', `/api/ticket/${draft.id}/submit`, { data, authorisation: await ticketAuthorisation(t, anna, 'ID_DOCUMENT', data) });
    expect(submitted.json().state).toBe('OPEN');

    await hoursLater(t, 1);
    const asked = (await list()).tickets.find((x) => x.id === draft.id)!;
    expect(asked).toMatchObject({ state: 'CUSTOMER_REPLY', unread: true });
    expect(asked.lastEntry).toContain('nicht lesen');
    expect((await list()).unread).toBeGreaterThanOrEqual(1);

    const dialog = (await as('GET', `/api/ticketdialog/${draft.id}`)).json() as TicketDialog;
    expect(dialog.entries.at(-1)).toMatchObject({ entryType: 'AGENT', author: 'Kundenservice (Lena Hoffmann)' });
    // The agent attaches its leaflet on a readable scan: a real PDF the customer opens from the dialog.
    const [leaflet] = dialog.entries.at(-1)!.attachments;
    expect(leaflet).toMatchObject({ name: 'Merkblatt Ausweis-Scan.pdf', isAgentAttachment: true, threadId: draft.id });
    const file = await as('GET', `/api/ticketdialog/${draft.id}/attachments/${leaflet!.attachmentId}`);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(pdfText(file.rawPayload)).toContain('So gelingt der Scan Ihres Ausweises');
    // The scan sent with the request shows with its submission.
    expect(dialog.entries[0]!.attachments.map((a) => a.attachmentId)).toEqual([scan]);
    expect((await as('GET', `/api/ticket/${draft.id}`)).json().unread).toBe(false);

    // A file that is not an upload of this ticket is refused, and nothing is written.
    const stranger = await as('POST', `/api/ticketdialog/${draft.id}`, { content: 'Anbei', attachmentIds: ['00000000-0000-4000-8000-000000000001'] });
    expect(stranger.statusCode).toBe(400);

    const better = await storedUpload(t, anna, draft.id, 80_000, 'ausweis-gut.png');
    const replied = await as('POST', `/api/ticketdialog/${draft.id}`, { content: 'Anbei ein besserer Scan.', attachmentIds: [better] });
    expect(replied.statusCode).toBe(201);
    const after = replied.json() as TicketDialog;
    expect(after.ticket.state).toBe('OPEN');
    expect(after.entries.at(-1)).toMatchObject({ entryType: 'CUSTOMER', content: 'Anbei ein besserer Scan.' });
    expect(after.entries.at(-1)!.attachments).toEqual([{ name: 'ausweis-gut.png', attachmentId: better, attachmentSize: 80_000, threadId: draft.id, isAgentAttachment: false }]);

    await hoursLater(t, 1);
    expect((await as('GET', `/api/ticket/${draft.id}`)).json().state).toBe('CLOSED');
  });

  it('a request submitted at once, without a draft, is OPEN', async () => {
    const ticket = await submitTicket(t, anna, 'PORTFOLIO_REPORT_DUE_DATE', { portfolioReportDueDate: '06-30' });
    expect(ticket).toMatchObject({ state: 'OPEN', type: 'PORTFOLIO_REPORT_DUE_DATE', title: 'Stichtag des Depotauszugs' });
  });

  it('the Freistellungsauftrag is shown as PDF before it is signed, and refused above 1.000 €', async () => {
    const fsa = { taxExemptionOrderAmount: '801', validFrom: '2027-01-01', preconditionYear: 2027 };
    const preview = await as('POST', '/api/ticket/fsapreview', { data: fsa });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const text = pdfText(preview.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('bis zu einem Betrag von 801,00 €');
    expect(text).toContain('VORSCHAU');
    const tooMuch = await as('POST', '/api/ticket/fsapreview', { data: { ...fsa, taxExemptionOrderAmount: '1000.01' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.map((e: { field: string }) => e.field)).toEqual(['taxExemptionOrderAmount']);
  });

  it('a loss certificate is issued once a year: a second request is refused when it is made', async () => {
    await submitTicket(t, anna, 'LOSS_CERTIFICATE', { lossOffsetResetStocks: true });
    await hoursLater(t, 1);
    const again = await as('POST', '/api/ticket', {
      type: 'LOSS_CERTIFICATE',
      data: { lossOffsetResetOther: true },
      authorisation: await ticketAuthorisation(t, anna, 'LOSS_CERTIFICATE', { lossOffsetResetOther: true }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'lossOffsetResetStocks', message: 'Für 2026 haben wir Ihnen bereits eine Verlustbescheinigung ausgestellt.' }]);
  });

  it('a draft can be discarded; then it is gone', async () => {
    const draft = (await as('POST', '/api/ticket', { type: 'TERMINATION', data: { terminationReason: 'FEES' } })).json() as Ticket;
    expect((await as('DELETE', `/api/ticket/${draft.id}`)).statusCode).toBe(204);
    expect((await as('GET', `/api/ticket/${draft.id}`)).statusCode).toBe(404);
  });

  it('a second customer sees none of it', async () => {
    const ben = await signedInCustomer(t.app, t.database.db, 'ben');
    const mine = (await as('GET', '/api/ticket?view=closed')).json() as TicketList;
    expect(mine.tickets.length).toBeGreaterThan(0);
    const theirs = (await t.call({ method: 'GET', url: '/api/ticket?view=closed', headers: ben.headers })).json() as TicketList;
    expect(theirs.tickets).toEqual([]);
    const id = mine.tickets[0]!.id;
    expect((await t.call({ method: 'GET', url: `/api/ticketdialog/${id}`, headers: ben.headers })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/ticketdialog/${id}`, headers: ben.headers, payload: { content: 'Hallo' } })).statusCode).toBe(404);
  });
});
