import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_MAX_LENGTH, type Notice, type OwnNote } from '@kontor/domain/notes-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { NoticeBanners } from '../../parts/notes/notice-banners';
import { OwnNoteCard, PositionNoteDialog } from '../../parts/notes/own-note-card';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone, renderApp } from '../../test/render';

// Whole-app renders with lazy pages: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const SAP = 'DE0007164600';
const notice = (id: string, pages: Notice['pages'], title: string, overrides: Partial<Notice> = {}): Notice => ({
  id,
  pages,
  level: 'action',
  title,
  body: `${title}: Text`,
  link: '/einstellungen',
  linkLabel: 'Zu den Einstellungen',
  isin: null,
  date: '2026-11-20T09:00:00.000Z',
  ...overrides,
});
const KONTOR_NOTICES = [
  notice('steuer-id', ['SETTINGS', 'DEPOT'], 'Bitte ergänzen Sie Ihre Steuer-ID'),
  notice('preisverzeichnis', ['ALL'], 'Neues Preis- und Leistungsverzeichnis ab 1.1.', { level: 'info', link: 'https://kontor.example/preisverzeichnis.pdf', linkLabel: 'Preisverzeichnis' }),
  notice('weisung-1212', ['CORPORATE_ACTIONS'], 'Weisung bis 12.12. möglich'),
];

/** An in-memory /api/notes as the server answers it; `status` makes GET fail with it. */
let notices: Notice[];
let notes: OwnNote[];
let failWith: number | null;
let calls: { method: string; path: string; body: unknown }[];
/** The customer's cash account total; "0.00" with no positions is a new customer's depot. */
let cashTotal: string;

beforeEach(() => {
  cashTotal = '100.00';
  vi.stubGlobal('EventSource', FakeEventSource);
  notices = [...KONTOR_NOTICES];
  notes = [];
  failWith = null;
  calls = [];
  let next = 1;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/notes' && method === 'GET') {
      if (failWith) return jsonResponse({ message: 'Nicht möglich', status: failWith }, { status: failWith });
      const isin = url.searchParams.get('isin');
      return jsonResponse({ notices: notices.filter((n) => !isin || n.isin === isin), notes: notes.filter((n) => !isin || n.isin === isin) });
    }
    if (url.pathname === '/api/notes' && method === 'POST') {
      const at = new Date().toISOString();
      const created: OwnNote = { id: `00000000-0000-4000-8000-00000000000${next++}`, subject: body!.subject as OwnNote['subject'], isin: body!.isin!, name: 'SAP SE', text: body!.text!, createdAt: at, updatedAt: at };
      notes = [created, ...notes];
      return jsonResponse(created, { status: 201 });
    }
    if (url.pathname === '/api/notes/dismiss') {
      notices = notices.filter((n) => n.id !== body!.id);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/trading/positions') {
      const reservedParts = { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' };
      return jsonResponse({ positions: [], totals: { cost: '0.00', value: null, gain: null, gainPercent: null }, cash: { available: cashTotal, reserved: '0.00', reservedParts, total: cashTotal } });
    }
    const id = url.pathname.split('/')[3];
    const note = notes.find((n) => n.id === id);
    if (url.pathname.startsWith('/api/notes/') && note) {
      if (method === 'DELETE') {
        notes = notes.filter((n) => n !== note);
        return new Response(null, { status: 204 });
      }
      note.text = body!.text!;
      return jsonResponse(note);
    }
    return jsonResponse([]);
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});
afterEach(() => vi.unstubAllGlobals());

const ownNote = (text: string, overrides: Partial<OwnNote> = {}): OwnNote => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  subject: 'INSTRUMENT',
  isin: SAP,
  name: 'SAP SE',
  text,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

describe('Notizen page (/notizen)', () => {
  it('lists the notices and the own notes with a link to the instrument; Ausblenden dismisses a notice', async () => {
    notes = [ownNote('Nachkaufen unter 150 €')];
    const { user } = await renderApp('/notizen');
    const list = await screen.findByRole('list', { name: 'Hinweise von Kontor' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The Notizen page lists the notices itself: no banners above it.
    expect(document.querySelector('[data-notice-banners]')).toBeNull();
    const own = screen.getByRole('list', { name: 'Meine Notizen' });
    expect(within(own).getByText('Nachkaufen unter 150 €')).toBeTruthy();
    expect(within(own).getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe(`/wertpapier/${SAP}`);

    await user.click(within(list).getByRole('button', { name: 'Hinweis „Weisung bis 12.12. möglich“ ausblenden' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/notes/dismiss', body: { id: 'weisung-1212' } });
  });

  it('edits a note in place and deletes it after a confirmation', async () => {
    notes = [ownNote('Alt')];
    const { user } = await renderApp('/notizen');
    await user.click(await screen.findByRole('button', { name: 'Notiz zu SAP SE bearbeiten' }));
    const field = screen.getByRole('textbox', { name: 'Notiz bearbeiten' });
    await user.clear(field);
    await user.type(field, 'Neu');
    expect(screen.getByText(`3/${NOTE_MAX_LENGTH} Zeichen`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Neu')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/notes/00000000-0000-4000-8000-0000000000aa', body: { text: 'Neu' } });

    await user.click(screen.getByRole('button', { name: 'Notiz zu SAP SE löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Keine Notizen')).toBeTruthy();
  });

  it('shows an error with retry when the notes cannot be loaded (ERROR)', async () => {
    failWith = 500;
    const { user } = await renderApp('/notizen');
    expect(await screen.findByText('Ihre Notizen können gerade nicht geladen werden.', {}, { timeout: 10_000 })).toBeTruthy();
    failWith = null;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('list', { name: 'Hinweise von Kontor' })).toBeTruthy();
  });

  it('says "nicht verfügbar" when the server answers 406 (NOT_ACCEPTABLE)', async () => {
    failWith = 406;
    await renderApp('/notizen');
    await waitFor(() => expect(document.querySelector('[data-request-state="NOT_ACCEPTABLE"]')).not.toBeNull(), { timeout: 10_000 });
  });
});

describe('notice banners', () => {
  it('show one notice, the one that asks to act first, with a link to the others; Ausblenden shows the next', async () => {
    const { user } = await renderAlone(<NoticeBanners page="DEPOT" />);
    const taxId = await screen.findByRole('region', { name: 'Bitte ergänzen Sie Ihre Steuer-ID' });
    // The price list (for every page) waits behind it; the corporate action's is for another page.
    expect(screen.queryByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' })).toBeNull();
    expect(within(taxId).getByRole('link', { name: 'Zu den Einstellungen' }).getAttribute('href')).toBe('/einstellungen');
    expect(within(taxId).getByRole('link', { name: '1 weiterer Hinweis' }).getAttribute('href')).toBe('/notizen');

    within(taxId).getByRole('button', { name: /ausblenden/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bitte ergänzen Sie Ihre Steuer-ID' })).toBeNull());
    expect(calls).toContainEqual({ method: 'POST', path: '/api/notes/dismiss', body: { id: 'steuer-id' } });
    const priceList = await screen.findByRole('region', { name: 'Neues Preis- und Leistungsverzeichnis ab 1.1.' });
    expect(within(priceList).getByRole('link', { name: 'Preisverzeichnis' }).getAttribute('target')).toBe('_blank');
    expect(within(priceList).queryByRole('link', { name: /weitere/ })).toBeNull();
    expect(document.querySelectorAll('[data-notice-id]')).toHaveLength(1);
  });

  it('a new customer’s depot (no position, no money) shows no notice: its welcome stands in', async () => {
    cashTotal = '0.00';
    await renderApp('/depot');
    // The page shows once its notices are known.
    await screen.findByRole('region', { name: 'Willkommen bei Kontor, Max' });
    expect(calls.some((c) => c.path === '/api/notes')).toBe(true);
    expect(document.querySelector('[data-notice-id]')).toBeNull();
  });

  it('show a notice about one instrument on that instrument’s page only', async () => {
    notices = [notice('hv', ['INSTRUMENT'], 'Hauptversammlung SAP', { isin: SAP })];
    const { unmount } = await renderAlone(<NoticeBanners page="INSTRUMENT" isin="IE00B4L5Y983" />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notes')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Hauptversammlung SAP' })).toBeNull();
    unmount();
    await renderAlone(<NoticeBanners page="INSTRUMENT" isin={SAP} />);
    expect(await screen.findByRole('region', { name: 'Hauptversammlung SAP' })).toBeTruthy();
  });
});

describe('Meine Notiz (instrument page card)', () => {
  it('writes a note with a character counter, then shows it with Bearbeiten and Löschen', async () => {
    const { user } = await renderAlone(<OwnNoteCard isin={SAP} subject="INSTRUMENT" />);
    const field = await screen.findByRole('textbox', { name: 'Notiz zu diesem Wertpapier' });
    expect(screen.getByText(`0/${NOTE_MAX_LENGTH} Zeichen`)).toBeTruthy();
    expect(field.getAttribute('maxlength')).toBe(String(NOTE_MAX_LENGTH));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Bitte schreiben Sie etwas in Ihre Notiz.')).toBeTruthy();
    await user.type(field, 'Kursziel 200 €');
    expect(screen.getByText(`14/${NOTE_MAX_LENGTH} Zeichen`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Kursziel 200 €')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/notes', body: { subject: 'INSTRUMENT', isin: SAP, text: 'Kursziel 200 €' } });
    expect(screen.getByRole('button', { name: 'Notiz zu SAP SE bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notiz zu SAP SE löschen' })).toBeTruthy();
  });

  it('writes a note on a depot position in its dialog', async () => {
    const { user } = await renderAlone(<PositionNoteDialog position={{ isin: SAP, name: 'SAP SE' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Notiz zu SAP SE' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Notiz zu dieser Position' }), 'Halten');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Halten')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/notes', body: { subject: 'POSITION', isin: SAP, text: 'Halten' } });
  });
});
