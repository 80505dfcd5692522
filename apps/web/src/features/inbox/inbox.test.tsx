import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

let documents: unknown[];

beforeEach(() => {
  documents = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/posteingang') return jsonResponse({ documents, nextCursor: null, total: documents.length });
    if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => configureApi(createApiClient()));

describe('/posteingang', () => {
  it('lists the documents newest first, marks the unread ones and opens each as PDF', async () => {
    documents = [
      { id: 'a1111111-2222-4333-8444-555555555555', kind: 'contract_note', category: 'ABRECHNUNGEN', savingsPlan: false, size: 2000, title: 'Wertpapierabrechnung', pdfTitle: 'Wertpapierabrechnung Kauf SAP SE', pdfIsin: 'DE0007164600', date: '2026-11-23T09:00:00.000Z', read: true },
      { id: 'b1111111-2222-4333-8444-555555555555', kind: 'contract_note', category: 'ABRECHNUNGEN', savingsPlan: false, size: 2000, title: 'Wertpapierabrechnung', pdfTitle: 'Wertpapierabrechnung Verkauf SAP SE', pdfIsin: 'DE0007164600', date: '2026-11-23T10:00:00.000Z', read: false },
    ];
    const { user } = await renderApp('/posteingang');
    const list = await screen.findByRole('list', { name: 'Dokumente' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('a')?.getAttribute('href'))).toEqual([
      '/api/posteingang/b1111111-2222-4333-8444-555555555555/pdf',
      '/api/posteingang/a1111111-2222-4333-8444-555555555555/pdf',
    ]);
    expect(items[0]!.hasAttribute('data-unread')).toBe(true);
    expect(within(items[0]!).getByRole('link').textContent).toMatch(/^Ungelesen: Wertpapierabrechnung Verkauf SAP SE/);
    expect(items[1]!.hasAttribute('data-unread')).toBe(false);
    expect(screen.getByText('1 ungelesenes Dokument')).toBeTruthy();

    // Opening it (in a new tab) marks it read here at once.
    const link = within(items[0]!).getByRole('link');
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(list.querySelector('[data-unread]')).toBeNull();
  });

  it('titles a document by its pdfTitle and ISINs, at most two of them', async () => {
    documents = [
      { id: 'c1111111-2222-4333-8444-555555555555', kind: 'depot_statement', category: 'DEPOT_KONTO', savingsPlan: false, size: 2000, title: 'Depotauszug', pdfTitle: 'Depotauszug', pdfIsin: 'DE0007164600, US0378331005,DE0005557508', date: '2026-11-23T09:00:00.000Z', read: true },
      { id: 'd1111111-2222-4333-8444-555555555555', kind: 'cost_report', category: 'DEPOT_KONTO', savingsPlan: false, size: 2000, title: 'Kostenausweis', date: '2026-11-22T09:00:00.000Z', read: true },
    ];
    await renderApp('/posteingang');
    const list = await screen.findByRole('list', { name: 'Dokumente' }, { timeout: 10_000 });
    // The title comes first, then the date.
    const [statement, costs] = within(list).getAllByRole('link');
    expect(statement!.textContent).toMatch(/^Depotauszug DE0007164600, US0378331005 …23\.11\.2026/);
    expect(costs!.textContent).toMatch(/^Kostenausweis22\.11\.2026/);
  });

  it('with no documents yet it says what will appear here', async () => {
    await renderApp('/posteingang');
    expect(await screen.findByRole('heading', { level: 2, name: 'Keine Dokumente' }, { timeout: 10_000 })).toBeTruthy();
  });
});
