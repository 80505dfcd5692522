import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse, testInstrument } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const SAP = testInstrument({ isin: 'DE0007164600', name: 'SAP SE', wkn: '716460', instrumentType: 'AKTIE' });

// The search with its suggestions arrives when the test says so: as on a slow line, after typing began.
const arrival = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./instrument-search-field', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

beforeEach(() => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/instrumentsearch') return jsonResponse({ results: url.searchParams.get('q') === 'sap' ? [SAP] : [], stats: { hits: { HITS: 1 } } });
    if (url.pathname === '/api/trading/positions') return jsonResponse({ positions: [], totals: { cost: '0.00', value: null, gain: null, gainPercent: null }, cash: { available: '0.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: '0.00' } });
    return jsonResponse([]);
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
});

describe('the top bar search before its suggestions have loaded', () => {
  it('is a field of the same name and role; Enter opens the results page', async () => {
    const { user, router } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const plain = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    await user.click(plain);
    await user.keyboard('Siemens{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/suche'));
    expect(router.state.location.search).toBe('?q=Siemens');
  });

  it('what is typed into it goes on in the search with the suggestions, which takes its place with the focus', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const plain = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
    await user.click(plain);
    await user.keyboard('sap');
    arrival.arrive();
    const field = await waitFor(() => {
      const current = screen.getByRole('combobox', { name: 'Wertpapiersuche' });
      expect(current).not.toBe(plain);
      return current as HTMLInputElement;
    });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('sap');
    expect(field.selectionStart).toBe(3);
    // The suggestions open for what was typed before, without another key.
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /SAP SE/ })).toBeTruthy();
  });
});
