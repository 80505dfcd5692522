import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import type { Quote } from '@kontor/domain/quote';
import type { Watchlist } from '@kontor/domain/watchlists';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone, renderApp } from '../../test/render';
import { AddToWatchlistButton } from './add-to-watchlist-button';
import { sortRows, type ItemRow } from './watchlist-items';

const SAP = 'DE0007164600';
const SIEMENS = 'DE0007236101';
const BASF = 'DE000BASF111';

function instrument(isin: string, name: string, wkn: string): Instrument {
  return { isin, name, wkn, shortName: name, instrumentType: 'AKTIE', quoteCurrencyCode: 'EUR' } as Instrument;
}
const INSTRUMENTS = [instrument(SAP, 'SAP SE', '716460'), instrument(SIEMENS, 'Siemens AG', '723610'), instrument(BASF, 'BASF SE', 'BASF11')];
const CLOSES: Record<string, string> = { [SAP]: '200', [SIEMENS]: '100', [BASF]: '50' };

const quote = (isin: string, bid: string, ask: string): Quote => ({ id: `${isin}-${bid}`, isin, bid, ask, ts: new Date().toISOString() });

/** An in-memory /api/wl, as the server answers it. */
let lists: Watchlist[];
// Whole-app renders with lazy pages: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  lists = [];
  calls = [];
  let next = 1;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const [, , , id, items, isin] = url.pathname.split('/');
    const list = lists.find((l) => l.id === id);
    if (url.pathname === '/api/wl' && method === 'GET') return jsonResponse(lists);
    if (url.pathname === '/api/wl' && method === 'POST') {
      const created = { id: `wl-${next++}`, name: (body as { name: string }).name, createdAt: '2026-11-20T10:00:00.000Z', items: [] };
      lists = [...lists, created];
      return jsonResponse(created, { status: 201 });
    }
    if (url.pathname.startsWith('/api/wl/') && list) {
      if (method === 'PATCH') list.name = (body as { name: string }).name;
      if (method === 'DELETE' && !items) {
        lists = lists.filter((l) => l !== list);
        return new Response(null, { status: 204 });
      }
      if (method === 'POST' && items) list.items.push({ isin: (body as { isin: string }).isin, addedAt: new Date().toISOString() });
      if (method === 'DELETE' && items) list.items = list.items.filter((i) => i.isin !== isin);
      return jsonResponse(list);
    }
    if (url.pathname === '/api/instrument' && method === 'POST') {
      return jsonResponse(INSTRUMENTS.filter((i) => (body as string[]).includes(i.isin)));
    }
    if (url.pathname === '/api/quotes/previous-close') {
      const isins = (url.searchParams.get('isins') ?? '').split(',');
      return jsonResponse(isins.map((i) => ({ isin: i, previousClose: CLOSES[i] })));
    }
    if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
});

/** The page's code loads on first visit (lazy route); a cold test run takes a moment. */
const pageLoaded = () => screen.findByRole('heading', { level: 1, name: 'Watchlisten' }, { timeout: 10_000 });

const writes = () => calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/wl'));

function seed(name: string, isins: string[]): Watchlist {
  const list = {
    id: `seed-${name}`,
    name,
    createdAt: '2026-11-01T09:00:00.000Z',
    items: isins.map((isin, i) => ({ isin, addedAt: `2026-11-0${i + 1}T09:00:00.000Z` })),
  };
  lists.push(list);
  return list;
}

describe('/watchlisten', () => {
  it('starts empty with the next step; a new list needs a valid name', async () => {
    const { user } = await renderApp('/watchlisten');
    await pageLoaded();
    expect(await screen.findByRole('heading', { level: 2, name: 'Noch keine Watchlist' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Neue Watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Watchlist anlegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Namen ein.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Name der Watchlist/), 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByText('Der Name darf höchstens 40 Zeichen lang sein.')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Name der Watchlist/));
    await user.type(within(dialog).getByLabelText(/Name der Watchlist/), '  Dividenden  ');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByRole('tab', { name: /^Dividenden/, selected: true })).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', path: '/api/wl', body: { name: 'Dividenden' } }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Diese Watchlist ist noch leer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wertpapiere suchen' }).getAttribute('href')).toBe('/suche');
  });

  it('shows the items with names, live bid and ask, the day’s change with its sign, and sorts by column', async () => {
    seed('Technologie', [SAP, SIEMENS, BASF]);
    const { user } = await renderApp('/watchlisten');
    await pageLoaded();
    const table = await screen.findByRole('grid', { name: 'Wertpapiere der Watchlist „Technologie“' });
    expect(await within(table).findByRole('link', { name: 'SAP SE' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe(`/wertpapier/${SAP}`);
    expect(within(table).getByText(`${SAP} · 716460`)).toBeTruthy();

    act(() => quoteHub.accept([quote(SAP, '209.90', '210.10'), quote(SIEMENS, '94.90', '95.10'), quote(BASF, '50.00', '50.00')]));
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    await waitFor(() => expect(within(row('SAP SE')).getByText('209,90 €')).toBeTruthy());
    expect(within(row('SAP SE')).getByText('210,10 €')).toBeTruthy();
    expect(within(row('SAP SE')).getByText('+5,00 %').className).toMatch(/gain/);
    expect(within(row('Siemens AG')).getByText('\u22125,00 %').className).toMatch(/loss/);
    expect(within(row('BASF SE')).getByText('0,00 %')).toBeTruthy();

    const names = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent);
    // Without a chosen order: the most recently added first.
    expect(names()).toEqual(['BASF SE', 'Siemens AG', 'SAP SE']);
    const change = within(table).getByRole('columnheader', { name: 'Tagesänderung' });
    await user.click(change);
    expect(change.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Siemens AG', 'BASF SE', 'SAP SE']);
    await user.click(change);
    expect(change.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['SAP SE', 'BASF SE', 'Siemens AG']);
    await user.click(within(table).getByRole('columnheader', { name: 'Name' }));
    expect(names()).toEqual(['BASF SE', 'SAP SE', 'Siemens AG']);

    // A live tick moves a row when the table is sorted by what changed.
    await user.click(change);
    await user.click(change);
    act(() => quoteHub.accept([quote(BASF, '60.00', '60.00')]));
    await waitFor(() => expect(names()).toEqual(['BASF SE', 'SAP SE', 'Siemens AG']));
  });

  it('renames a list, removes an item, and deletes a list only after the confirmation', async () => {
    seed('Technologie', [SAP, SIEMENS]);
    seed('Dividenden', [BASF]);
    const { user, router } = await renderApp('/watchlisten?liste=seed-Technologie');
    await pageLoaded();
    const table = await screen.findByRole('grid', { name: 'Wertpapiere der Watchlist „Technologie“' });

    await user.click(screen.getByRole('button', { name: 'Watchlist „Technologie“ bearbeiten' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Umbenennen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watchlist umbenennen' });
    const field = within(dialog).getByLabelText(/Name der Watchlist/);
    expect((field as HTMLInputElement).value).toBe('Technologie');
    await user.clear(field);
    await user.type(field, 'Zukunft');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('tab', { name: /^Zukunft/, selected: true })).toBeTruthy();
    expect(writes()).toContainEqual({ method: 'PATCH', path: '/api/wl/seed-Technologie', body: { name: 'Zukunft' } });

    await user.click(await within(table).findByRole('button', { name: 'SAP SE von der Watchlist entfernen' }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'SAP SE' })).toBeNull());
    expect(writes()).toContainEqual({ method: 'DELETE', path: `/api/wl/seed-Technologie/items/${SAP}`, body: undefined });
    expect(await screen.findByText('SAP SE wurde von „Zukunft“ entfernt.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Watchlist „Zukunft“ bearbeiten' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Watchlist löschen?' });
    expect(confirm.textContent).toContain('„Zukunft“ mit 1 Wertpapier wird gelöscht.');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(writes().filter((c) => c.method === 'DELETE' && c.path === '/api/wl/seed-Technologie')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Watchlist „Zukunft“ bearbeiten' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Watchlist löschen' }));
    expect(await screen.findByRole('tab', { name: /^Dividenden/, selected: true })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /^Zukunft/ })).toBeNull();
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Die Watchlist „Zukunft“ wurde gelöscht.')).toBeTruthy();
  });

  it('tells the customer in German when the lists cannot be loaded, and retries', async () => {
    configureApi(
      createApiClient({
        fetch: (async () => jsonResponse({ message: 'Interner Fehler', status: 500 }, { status: 500 })) as unknown as typeof fetch,
      }),
    );
    await renderApp('/watchlisten');
    expect(await screen.findByText('Ihre Watchlisten können gerade nicht geladen werden. Bitte versuchen Sie es erneut.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  }, 10_000);
});

function renderButton(compact = false) {
  return renderAlone(<AddToWatchlistButton isin={SAP} name="SAP SE" compact={compact} />);
}

describe('AddToWatchlistButton', () => {
  it('checks the lists that hold the instrument; choosing one adds or removes it', async () => {
    seed('Technologie', [SAP]);
    seed('Dividenden', [BASF]);
    const { user, toastStore } = await renderButton();
    await user.click(await screen.findByRole('button', { name: 'Auf 1 Watchlist' }));
    const menu = await screen.findByRole('menu');
    const tech = within(menu).getByRole('menuitemcheckbox', { name: /Technologie/ });
    const dividends = within(menu).getByRole('menuitemcheckbox', { name: /Dividenden/ });
    expect(tech.getAttribute('aria-checked')).toBe('true');
    expect(dividends.getAttribute('aria-checked')).toBe('false');

    await user.click(dividends);
    await waitFor(() => expect(dividends.getAttribute('aria-checked')).toBe('true'));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/wl/seed-Dividenden/items', body: { isin: SAP } }]);
    // The menu stays open for more choices.
    await user.click(tech);
    await waitFor(() => expect(tech.getAttribute('aria-checked')).toBe('false'));
    expect(writes().at(-1)).toEqual({ method: 'DELETE', path: `/api/wl/seed-Technologie/items/${SAP}`, body: undefined });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Auf 1 Watchlist' })).toBeTruthy();
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['SAP SE steht jetzt auf „Dividenden“.', 'SAP SE wurde von „Technologie“ entfernt.']);
  });

  it('creates a new list holding the instrument; the compact star names the instrument', async () => {
    const { user } = await renderButton(true);
    await user.click(await screen.findByRole('button', { name: 'SAP SE zur Watchlist hinzufügen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Neue Watchlist …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Watchlist anlegen' });
    expect(dialog.textContent).toContain('Die neue Watchlist enthält gleich SAP SE.');
    await user.type(within(dialog).getByLabelText(/Name der Watchlist/), 'Software');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByRole('button', { name: 'SAP SE steht auf 1 Watchlist – ändern' })).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/wl', body: { name: 'Software' } },
      { method: 'POST', path: '/api/wl/wl-1/items', body: { isin: SAP } },
    ]);
  });
});

describe('sortRows', () => {
  const row = (name: string, addedAt: string, bid?: string, change?: string): ItemRow => ({
    isin: name,
    name,
    addedAt,
    instrument: undefined,
    quote: bid ? quote(SAP, bid, bid) : undefined,
    change,
  });
  const rows = [row('b', '2026-01-02', '9.5', '-1.00'), row('A', '2026-01-03', '10', '2.00'), row('c', '2026-01-01')];

  it('puts rows without a value last in either direction and compares decimals, not strings', () => {
    const names = (sorted: ItemRow[]) => sorted.map((r) => r.name);
    expect(names(sortRows(rows, undefined))).toEqual(['A', 'b', 'c']);
    expect(names(sortRows(rows, { column: 'bid', direction: 'ascending' }))).toEqual(['b', 'A', 'c']);
    expect(names(sortRows(rows, { column: 'bid', direction: 'descending' }))).toEqual(['A', 'b', 'c']);
    expect(names(sortRows(rows, { column: 'change', direction: 'descending' }))).toEqual(['A', 'b', 'c']);
    expect(names(sortRows(rows, { column: 'name', direction: 'descending' }))).toEqual(['c', 'b', 'A']);
  });
});
