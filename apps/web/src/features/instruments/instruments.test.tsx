import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_FLAGS } from '@kontor/domain/constants';
import { isValidIsin, type Instrument } from '@kontor/domain/instrument';
import type { InstrumentType } from '@kontor/domain/enums';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse, testAuth, testConfig, testInstrument } from '../../test/fixtures';
import { renderAlone, renderApp } from '../../test/render';
import { Button } from '../../ui/button';
import { SearchPage } from './search-page';

function instrument(isin: string, name: string, wkn: string | null, instrumentType: InstrumentType = 'AKTIE'): Instrument {
  return testInstrument({ isin, name, wkn, instrumentType });
}

const SAP = instrument('DE0007164600', 'SAP SE', '716460');
// 25 hits with real ISINs: the answer is checked against its schema, as the server's is.
const withCheckDigit = (body: string) => [...'0123456789'].map((d) => body + d).find(isValidIsin)!;
const SIEMENS = Array.from({ length: 25 }, (_, i) => instrument(withCheckDigit(`DE${String(i).padStart(9, '0')}`), `Siemens Papier ${i + 1}`, null));

const COUNTS = {
  total: 1500,
  types: { AKTIE: 1234, ETF: 100, FONDS: 50, DERIVAT: 80, KRYPTO: 10, INDEX: 5, WAEHRUNG: 11, ROHSTOFF: 10 },
  tradable: { AKTIE: 1234, ETF: 100, FONDS: 50, DERIVAT: 70, KRYPTO: 10, INDEX: 0, WAEHRUNG: 11, ROHSTOFF: 10 },
};

// jsdom has no EventSource; the instrument page subscribes to live quotes.
beforeAll(() => vi.stubGlobal('EventSource', FakeEventSource));
afterAll(() => vi.unstubAllGlobals());

let requests: URL[];

beforeEach(() => {
  requests = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    if (url.pathname === '/api/instrumentsearch') {
      const q = url.searchParams.get('q') ?? '';
      const size = Number(url.searchParams.get('size') ?? 20);
      const from = Number(url.searchParams.get('from') ?? 0);
      const all = q === '716460' || q.toLowerCase().startsWith('sap') ? [SAP] : q === 'Siemens' ? SIEMENS : [];
      const hits = q === 'Siemens' && !url.searchParams.get('type') ? 1234 : all.length;
      // A query's hits per type: the Siemens papers are 25 shares among 1,234 hits.
      const types = q === 'Siemens' ? { AKTIE: 25, ETF: 0, FONDS: 0, DERIVAT: 1209, KRYPTO: 0, INDEX: 0, WAEHRUNG: 0, ROHSTOFF: 0 } : undefined;
      return jsonResponse({ results: all.slice(from, from + size), stats: { hits: { HITS: hits }, ...(types ? { types } : {}) } });
    }
    if (url.pathname === '/assets/searchdata/instrument-counts.json') return jsonResponse(COUNTS);
    if (url.pathname === '/api/quotes/previous-close') return jsonResponse((url.searchParams.get('isins') ?? '').split(',').map((isin) => ({ isin, previousClose: '100.00' })));
    if (url.pathname === '/api/instrument/DE0007164600') return jsonResponse(SAP);
    if (url.pathname.startsWith('/api/instrument/')) return jsonResponse({ message: 'Not found' }, { status: 404 });
    // The depot the search starts from: empty.
    if (url.pathname === '/api/trading/positions') return jsonResponse({ positions: [], totals: { cost: '0.00', value: null, gain: null, gainPercent: null }, cash: { available: '0.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: '0.00' } });
    // Other areas on the same screen (top bar, watchlist buttons) get empty lists.
    return jsonResponse([]);
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
});

const searches = () => requests.filter((url) => url.pathname === '/api/instrumentsearch');

describe('instrument search in the top bar', () => {
  it('asks once after typing stops, shows the hit with ISIN · WKN and type, Enter opens the instrument page', async () => {
    const { user, router } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const field = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
    await user.type(field, '716460');
    const listbox = await screen.findByRole('listbox');
    const option = await within(listbox).findByRole('option', { name: /SAP SE/ });
    expect(option.textContent).toContain('DE0007164600 · 716460');
    expect(option.textContent).toContain('Aktie');
    expect(within(listbox).getByRole('option', { name: 'Alle Ergebnisse für „716460“' })).toBeTruthy();
    // Debounced: one request for the whole input, not one per key.
    expect(searches().length).toBeLessThan(6);
    expect(searches().at(-1)!.searchParams.get('q')).toBe('716460');
    expect(searches().at(-1)!.searchParams.get('size')).toBe('8');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(field.getAttribute('aria-activedescendant')).toBe(option.id));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wertpapier/DE0007164600'));
    expect(await screen.findByRole('heading', { level: 1, name: 'SAP SE' })).toBeTruthy();
  });

  it('highlights the matched part and says "Keine Treffer" when nothing matches', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const field = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
    await user.type(field, 'sap');
    const option = await screen.findByRole('option', { name: /SAP SE/ });
    expect(option.querySelector('mark')?.textContent).toBe('SAP');
    await user.clear(field);
    await user.type(field, 'xyzzy');
    expect(await screen.findByText('Keine Treffer')).toBeTruthy();
  });

  it('Escape closes the suggestions; the last entry opens the results page', async () => {
    const { user, router } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const field = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
    await user.type(field, 'sap');
    await screen.findByRole('option', { name: /SAP SE/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    await user.clear(field);
    await user.type(field, 'Siemens');
    const all = await screen.findByRole('option', { name: 'Alle Ergebnisse für „Siemens“' });
    await user.click(all);
    await waitFor(() => expect(router.state.location.pathname).toBe('/suche'));
    expect(router.state.location.search).toBe('?q=Siemens');
    expect(await screen.findByRole('heading', { level: 1, name: 'Suche: „Siemens“' })).toBeTruthy();
  });
});

describe('search results page (/suche)', () => {
  it('shows the hit count, filters by type through the URL and loads the next page', async () => {
    const { user, router } = await renderApp('/suche?q=Siemens');
    expect(await screen.findByText('1.234 Treffer')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Suchergebnisse' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(searches().at(-1)!.searchParams.get('from')).toBe('0');

    await user.click(await screen.findByRole('button', { name: /^Aktie/ }));
    await waitFor(() => expect(router.state.location.search).toContain('type=AKTIE'));
    await waitFor(() => expect(searches().at(-1)!.searchParams.get('type')).toBe('AKTIE'));
    expect(await screen.findByText('25 Treffer')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Mehr laden' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Suchergebnisse' })).getAllByRole('listitem')).toHaveLength(25));
    expect(searches().at(-1)!.searchParams.get('from')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
  });

  it('counts each type among the query\'s hits, and shows each hit\'s price and day change once a quote is there', async () => {
    await renderApp('/suche?q=Siemens');
    expect(await screen.findByText('1.234 Treffer')).toBeTruthy();
    expect((await screen.findByRole('button', { name: /^Aktie/ })).textContent).toBe('Aktie25');
    expect(screen.getByRole('button', { name: /^Derivat/ }).textContent).toBe('Derivat1.209');
    const list = screen.getByRole('list', { name: 'Suchergebnisse' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Kein Kurs')).toBeTruthy();
    act(() => quoteHub.accept([{ id: 'q1', isin: SIEMENS[0]!.isin, bid: '102.50', ask: '102.70', ts: new Date().toISOString() }]));
    await waitFor(() => expect(first.textContent).toMatch(/102,50\s€/));
    expect(first.textContent).toMatch(/\+2,60\s?%/);
  });

  it('an unknown ISIN shows "Wertpapier nicht gefunden"', async () => {
    await renderApp('/wertpapier/DE0000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wertpapier nicht gefunden' })).toBeTruthy();
  });

  it('renders the result actions slot outside each row link, reachable by Tab on its own', async () => {
    await renderAlone(<SearchPage resultActions={(i) => <Button variant="ghost" size="sm">{`Merken ${i.isin}`}</Button>} />, { path: '/suche?q=sap', auth: testAuth() });
    const action = await screen.findByRole('button', { name: 'Merken DE0007164600' });
    const row = action.closest('li')!;
    expect(within(row).getByRole('link', { name: /SAP SE/ }).contains(action)).toBe(false);
  });
});

describe('with the instrumentDetail flag off', () => {
  const noDetail = () => testConfig({ featureFlags: { ...FEATURE_FLAGS, instrumentDetail: false } });

  it('search results name the instrument without linking to a page, and the page itself does not exist', async () => {
    await renderApp('/suche?q=sap', { config: noDetail() });
    const list = await screen.findByRole('list', { name: 'Suchergebnisse' });
    const row = within(list).getByText('SAP').closest('li')!;
    expect(row.textContent).toContain('DE0007164600');
    expect(within(row).queryByRole('link')).toBeNull();
    // The same search with the flag on links to the page.
    cleanup();
    await renderApp('/suche?q=sap');
    const linked = await screen.findByRole('list', { name: 'Suchergebnisse' });
    expect(within(linked).getByRole('link', { name: /SAP SE/ }).getAttribute('href')).toBe('/wertpapier/DE0007164600');
  });

  it('the instrument address shows "Seite nicht gefunden"', async () => {
    await renderApp('/wertpapier/DE0007164600', { config: noDetail() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(requests.some((url) => url.pathname === '/api/instrument/DE0007164600')).toBe(false);
  });

  it('a hit in the top bar search opens the results page on its ISIN', async () => {
    const { user, router } = await renderApp('/depot', { config: noDetail() });
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    await user.type(screen.getByRole('combobox', { name: 'Wertpapiersuche' }), '716460');
    const option = await within(await screen.findByRole('listbox')).findByRole('option', { name: /SAP SE/ });
    await user.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/suche'));
    expect(router.state.location.search).toBe('?q=DE0007164600');
  });
});
