import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { FakeEventSource } from '../../test/fake-event-source';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse, testConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { taxYearView } from '../../test/tax-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let views: Record<string, TaxYearView>;
let server: ReturnType<typeof installFakeTicketServer>;
let taxQueries: string[];

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  taxQueries = [];
  views = { current: taxYearView(), '2025': taxYearView({ year: 2025, events: [], paid: { capitalGainsTax: '0.00', solidaritySurcharge: '0.00', churchTax: '0.00' }, allowance: { total: '1000.00', used: '0.00', remaining: '1000.00' } }) };
  server = installFakeTicketServer({
    routes: (method, url, body) => {
      if (method === 'GET' && url.pathname === '/api/tax') {
        taxQueries.push(url.search);
        return jsonResponse(views[url.searchParams.get('year') ?? 'current']);
      }
      if (method === 'PUT' && url.pathname === '/api/tax/settings') {
        const next = { year: 2027, churchTax: body?.churchTax as TaxYearView['churchTax'] };
        views.current = { ...views.current!, churchTaxNext: next };
        return jsonResponse({ year: 2026, churchTax: views.current.churchTax, next });
      }
      if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
      return undefined;
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
});

const open = async (path = '/steuern') => {
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Sparerpauschbetrag / Freistellungsauftrag' }, { timeout: 10_000 });
  return view;
};
const text = (selector: string) => document.querySelector(selector)?.textContent;
const line = (root: HTMLElement, name: string) => root.querySelector(`[data-tax-line="${name}"]`);

describe('/steuern', () => {
  it('shows the allowance used up, both pots and the tax paid after the refund of a later ETF loss', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Steuern' })).toBeTruthy();
    expect(text('[data-allowance="total"]')).toBe('1.000,00\u00a0€');
    expect(text('[data-allowance="used"]')).toBe('1.000,00\u00a0€');
    expect(text('[data-allowance="remaining"]')).toBe('0,00\u00a0€');
    expect(screen.getByRole('meter', { name: 'Genutzter Anteil des Freistellungsauftrags' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('link', { name: 'Freistellungsauftrag erteilen oder ändern' }).getAttribute('href')).toBe('/service/neu/EXEMPTION_ORDER');
    expect(text('[data-loss-pot="shares"]')).toBe('0,00\u00a0€');
    expect(text('[data-loss-pot="other"]')).toBe('0,00\u00a0€');
    expect(screen.queryByText(/aus 2025 übertragen/)).toBeNull();
    expect(text('[data-paid="capitalGainsTax"]')).toBe('90,00\u00a0€');
    expect(text('[data-paid="solidaritySurcharge"]')).toBe('4,95\u00a0€');
    expect(text('[data-paid="total"]')).toBe('94,95\u00a0€');
    expect(screen.getByText('Angerechnete Quellensteuer')).toBeTruthy();
  });

  it('lists the events newest first; the ETF loss is an Erstattung whose Berechnung opens by keyboard', async () => {
    const { user } = await open();
    const list = screen.getByRole('list', { name: 'Steuerlich relevante Vorgänge 2026' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-tax-event'))).toEqual(['tax-2', 'tax-1']);
    const [etf, sap] = items as [HTMLElement, HTMLElement];
    expect(within(etf).getByText('iShares Core MSCI World UCITS ETF')).toBeTruthy();
    expect(within(etf).getByText(/02\.06\.2026/)).toBeTruthy();
    expect(etf.querySelector('[data-tax-total]')?.textContent).toBe('Erstattung 36,93\u00a0€');
    expect(sap.querySelector('[data-tax-total]')?.textContent).toBe('Steuer 131,88\u00a0€');

    const toggle = within(etf).getByRole('button', { name: 'Berechnung' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const calc = within(etf).getByLabelText('Berechnung: iShares Core MSCI World UCITS ETF');
    const value = (name: string) => line(calc, name)?.querySelector('dd')?.textContent;
    expect(line(calc, 'amount')?.querySelector('dt')?.textContent).toBe('Verlust');
    expect(value('amount')).toBe('\u2212200,00\u00a0€');
    expect(line(calc, 'teilfreistellung')?.querySelector('dt')?.textContent).toBe('Teilfreistellung (30\u00a0%)');
    expect(value('teilfreistellung')).toBe('60,00\u00a0€');
    expect(value('taxablePart')).toBe('\u2212140,00\u00a0€');
    expect(value('lossPotShares')).toBe('0,00\u00a0€');
    expect(value('allowanceUsed')).toBe('0,00\u00a0€');
    expect(value('capitalGainsTax')).toBe('\u221235,00\u00a0€');
    expect(value('solidaritySurcharge')).toBe('\u22121,93\u00a0€');
    expect(line(calc, 'total')?.textContent).toBe('Erstattung36,93\u00a0€');
    expect(within(etf).getByRole('link', { name: 'Beleg im Posteingang' }).getAttribute('href')).toBe('/posteingang?doc=doc-etf');
    expect(within(etf).getByRole('link', { name: 'Zur Order' }).getAttribute('href')).toBe('/orders/order-etf');
  });

  it('another year from the selector: the address keeps it, and a year without events says so', async () => {
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: /Steuerjahr/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '2025' }));
    expect(await screen.findByText('In diesem Jahr gab es noch keine steuerlich relevanten Vorgänge.')).toBeTruthy();
    expect(router.state.location.search).toBe('?jahr=2025');
    expect(taxQueries).toContain('?year=2025');
    expect(text('[data-allowance="remaining"]')).toBe('1.000,00\u00a0€');
  });

  it('saves the Kirchensteuermerkmal from the next year with PUT /api/tax/settings and reloads the tax year', async () => {
    const { user } = await open();
    const card = screen.getByRole('region', { name: 'Kirchensteuermerkmal' });
    expect(within(card).getByText(/gilt jeweils für ein ganzes Kalenderjahr/)).toBeTruthy();
    expect(within(card).getByText(/Eine Änderung gilt ab dem 1. Januar 2027/)).toBeTruthy();
    expect(within(card).getByText('Für 2026 gilt: keine')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Speichern' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(card).getByRole('button', { name: /Kirchensteuer/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '9 %' }));
    const before = taxQueries.length;
    await user.click(within(card).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.callsTo('/api/tax/settings')).toEqual([{ method: 'PUT', path: '/api/tax/settings', body: { churchTax: '9' } }]));
    await waitFor(() => expect(taxQueries.length).toBeGreaterThan(before));
    expect(await screen.findByText('Kirchensteuermerkmal ab 2027 gespeichert.')).toBeTruthy();
    // This year keeps its status.
    expect(within(screen.getByRole('region', { name: 'Kirchensteuermerkmal' })).getByText('Für 2026 gilt: keine')).toBeTruthy();
  });

  it('a failed load says so and asks again on "Erneut versuchen"', async () => {
    let fail = true;
    installFakeTicketServer({
      routes: (method, url) => {
        if (url.pathname !== '/api/tax') return url.pathname === '/api/notification' ? jsonResponse({ unread: 0, items: [] }) : undefined;
        return fail ? jsonResponse({ message: 'Fehler' }, { status: 503 }) : jsonResponse(views.current);
      },
    });
    const { user } = await renderApp('/steuern');
    expect(await screen.findByText('Ihre Steuerdaten können gerade nicht geladen werden.', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sparerpauschbetrag / Freistellungsauftrag' })).toBeTruthy();
  });

  it('with tax disabled there is no Steuern in the navigation and the address does not exist', async () => {
    const config = testConfig();
    config.featureFlags.taxDisabled = true;
    await renderApp('/steuern', { config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }, { timeout: 10_000 })).toBeTruthy();
    for (const nav of screen.getAllByRole('navigation', { name: 'Hauptnavigation' })) expect(within(nav).queryByRole('link', { name: 'Steuern' })).toBeNull();
    expect(taxQueries).toEqual([]);
  });
});
