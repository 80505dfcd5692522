import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { Depot, Position } from '@kontor/domain/trading-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse, testPosition } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import type { Performance } from '@kontor/domain/performance-contracts';
import { depotTotals, valuePosition } from '../../parts/depot-valuation';
import type { ValueChartCanvasProps } from '../../ui/value-chart-canvas';

// The chart library draws on a canvas jsdom does not have; the stand-in shows what it was given.
vi.mock('../../ui/value-chart-canvas', () => ({
  default: ({ points, label }: ValueChartCanvasProps) => <div role="img" aria-label={label} data-points={points.length} />,
}));

vi.setConfig({ testTimeout: 30_000 });

const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';

const position = (overrides: Partial<Position>) => testPosition(overrides);

const SAP_POSITION = position({});
// 5 pieces of a USD ETF that cost 400 €.
const WORLD_POSITION = position({ isin: WORLD, name: 'iShares Core MSCI World', instrumentType: 'ETF', currency: 'USD', quantity: '5', available: '5', cost: '400.00', averagePrice: '80' });
// 250 € held for a subscription (a corporate-action instruction), none for an order.
const CASH = { available: '1000.00', reserved: '250.00', reservedParts: { openOrders: '0.00', corporateActions: '250.00', payouts: '0.00' }, total: '1250.00' };
const NO_TOTALS = { cost: '0.00', value: null, gain: null, gainPercent: null };

let tick = 0;
const quote = (isin: string, bid: string, ask: string) => ({ id: `d-${++tick}`, isin, bid, ask, ts: new Date(Date.now() + 60_000 + tick * 1000).toISOString() });

describe('depot valuation', () => {
  it('values a position at the bid against its cost: gain in euros and percent, and the day’s change', () => {
    const row = valuePosition(SAP_POSITION, quote(SAP, '180.00', '180.20'), '1', '175.00');
    expect(row).toMatchObject({ value: '1800.00', pnl: '299.00', pnlPercent: '19.92', dayChange: '51.00', dayChangePercent: '2.91' });
  });

  it('converts a USD position with the live EUR/USD rate', () => {
    // 1 € = 1,25 $ → 0,8 € per dollar; 5 × 90 $ × 0,8 = 360 € against a cost of 400 €.
    const row = valuePosition(WORLD_POSITION, quote(WORLD, '90.00', '90.10'), '0.8', undefined);
    expect(row).toMatchObject({ value: '360.00', pnl: '-40.00', pnlPercent: '-10.00' });
    expect(row.dayChange).toBeUndefined();
  });

  it('adds up the depot only when every price is there; total wealth includes reserved cash', () => {
    const sap = valuePosition(SAP_POSITION, quote(SAP, '180.00', '180.20'), '1', '175.00');
    const world = valuePosition(WORLD_POSITION, quote(WORLD, '90.00', '90.10'), '0.8', '88.00');
    expect(depotTotals([sap, world], CASH)).toEqual({
      cost: '1901.00',
      value: '2160.00',
      pnl: '259.00',
      pnlPercent: '13.62',
      dayChange: '59.20',
      dayChangePercent: '2.82',
      wealth: '3410.00',
    });
    const waiting = valuePosition(WORLD_POSITION, undefined, '0.8', undefined);
    expect(depotTotals([sap, waiting], CASH)).toEqual({ cost: '1901.00' });
  });
});

const PERFORMANCE: Performance = {
  range: '1J',
  from: '2025-11-26',
  to: '2026-11-26',
  depot: { ttwror: '0.0523', ttwrorAnnualised: '0.0523', irr: '-0.012345', value: '2160.00', invested: '2000.00' },
  positions: [
    { isin: SAP, name: 'SAP SE', ttwror: '0.1992', irr: '0.25' },
    { isin: WORLD, name: 'iShares Core MSCI World', ttwror: '-0.1', irr: null },
  ],
  series: [
    { date: '2025-11-26', value: '0.00', invested: '0.00' },
    { date: '2026-01-05', value: '1900.00', invested: '2000.00' },
    { date: '2026-11-26', value: '2160.00', invested: '2000.00' },
  ],
};

let depot: Depot;
let performance: (range: string) => Response;
let depositAnswer: () => Response;
let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  depot = { positions: [SAP_POSITION, WORLD_POSITION], totals: NO_TOTALS, cash: CASH };
  calls = [];
  depositAnswer = () => jsonResponse({ available: '6000.00', reserved: '250.00', reservedParts: { openOrders: '0.00', corporateActions: '250.00', payouts: '0.00' }, total: '6250.00' });
  performance = (range) => jsonResponse({ ...PERFORMANCE, range });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
    if (url.pathname === '/api/trading/positions') return jsonResponse(depot);
    if (url.pathname === '/api/dev/deposit') return depositAnswer();
    if (url.pathname === '/api/depot/performance') return performance(url.searchParams.get('range') ?? '');
    if (url.pathname === '/api/quotes/previous-close') return jsonResponse([{ isin: SAP, previousClose: '175.00' }, { isin: WORLD, previousClose: '88.00' }]);
    if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
});

describe('/depot', () => {
  it('shows every position valued live with gain and loss signed, the totals and the cash account; a row leads to the instrument and to a sale', async () => {
    await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' }, { timeout: 10_000 });
    const table = await screen.findByRole('grid', { name: 'Positionen' });
    expect(within(table).getByText('SAP SE')).toBeTruthy();
    // Until the prices arrive the totals wait.
    expect(document.querySelector('[data-depot-value]')?.textContent).toBe('Kurs wird geladen');

    act(() => quoteHub.accept([quote(SAP, '180.00', '180.20'), quote(WORLD, '90.00', '90.10'), quote(EUR_USD_ISIN, '1.2499', '1.2501')]));
    await waitFor(() => expect(document.querySelector('[data-depot-value]')?.textContent).toBe('2.160,00\u00a0€'));
    expect(document.querySelector('[data-depot-pnl]')?.textContent).toBe('+259,00\u00a0€ +13,62\u00a0%');
    // The gain says since when: since purchase, in the totals and in the table's column.
    expect(document.querySelector('[data-depot-pnl]')?.previousElementSibling?.textContent).toBe('Gewinn/Verlust seit Kauf');
    expect(within(table).getByRole('columnheader', { name: 'Gewinn/Verlust seit Kauf' })).toBeTruthy();
    expect(document.querySelector('[data-buying-power]')?.textContent).toBe('1.000,00\u00a0€');
    // The reserved money says what holds it: nothing for open orders, 250 € for the corporate action; no payout line while none is held.
    expect(screen.getByText('Reserviert für offene Orders').nextElementSibling?.textContent).toBe('0,00\u00a0€');
    expect(screen.getByText('Reserviert für Kapitalmaßnahmen').nextElementSibling?.textContent).toBe('250,00\u00a0€');
    expect(screen.queryByText('Reserviert für Auszahlungen')).toBeNull();

    const world = table.querySelector(`[data-isin="${WORLD}"]`) as HTMLElement;
    expect(within(world).getByText(/^−40,00\s€$/)).toBeTruthy();
    expect(within(world).getByText(/^−10,00\s%$/)).toBeTruthy();
    // The price in euros like the Einstandskurs beside it (90 $ × 0,80 = 72,00 €), the dollar price after it.
    expect(within(world).getByText(/^72,00\s€$/)).toBeTruthy();
    expect(within(world).getByText(/^\(90,00\s\$\)$/)).toBeTruthy();
    const sap = table.querySelector(`[data-isin="${SAP}"]`) as HTMLElement;
    expect(within(sap).getByText(/^\+299,00\s€$/)).toBeTruthy();
    expect(within(sap).getByText(/^\+2,91\s%$/)).toBeTruthy();
    expect(within(sap).getByRole('link', { name: 'SAP SE verkaufen' }).getAttribute('href')).toBe(`/orders/neu?isin=${SAP}&side=SELL`);
  });

  it('on a phone each position’s gain carries "seit Kauf" beside the day’s change under "Heute"', async () => {
    // A width that measures as a phone's: the table turns into a list.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    await renderApp('/depot');
    const list = await screen.findByRole('list', { name: 'Positionen' }, { timeout: 10_000 });
    act(() => quoteHub.accept([quote(SAP, '180.00', '180.20'), quote(WORLD, '90.00', '90.10'), quote(EUR_USD_ISIN, '1.2499', '1.2501')]));
    const sap = list.querySelector(`[data-isin="${SAP}"]`) as HTMLElement;
    await waitFor(() => expect(sap.querySelector('[data-since-purchase]')?.textContent).toBe('+299,00\u00a0€+19,92\u00a0%seit Kauf'));
    expect(within(sap).getByText(/^Heute/)).toBeTruthy();
  });

  it('a rights position is marked "Bezugsrecht", valued by its live quote, and leads to its corporate action instead of a sale', async () => {
    const RIGHTS = 'XR0007164600';
    const rights = { ...position({ isin: RIGHTS, name: 'SAP SE Bezugsrechte', instrumentType: 'BEZUGSRECHT', quantity: '25', available: '25', cost: '0.00', averagePrice: '0' }), rightsOf: { eventId: `KAP-${SAP}-2026-12-01`, isin: SAP } };
    depot = { positions: [SAP_POSITION, rights], totals: NO_TOTALS, cash: CASH };
    await renderApp('/depot');
    const table = await screen.findByRole('grid', { name: 'Positionen' }, { timeout: 10_000 });
    act(() => quoteHub.accept([quote(SAP, '180.00', '180.20'), quote(RIGHTS, '5.45', '5.50')]));
    const row = await waitFor(() => table.querySelector(`[data-isin="${RIGHTS}"]`) as HTMLElement);
    expect(row.getAttribute('data-rights-of')).toBe(`KAP-${SAP}-2026-12-01`);
    expect(within(row).getByText('Bezugsrecht')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText(/^136,25\s€$/)).toBeTruthy());
    expect(within(row).queryByRole('link', { name: 'SAP SE Bezugsrechte verkaufen' })).toBeNull();
    expect(within(row).getByRole('link', { name: 'Kapitalmaßnahme zu SAP SE Bezugsrechte' }).getAttribute('href')).toBe(`/kapitalmassnahmen/KAP-${SAP}-2026-12-01`);
  });

  it('a new customer (no position, no money) is welcomed with the way to the first deposit, the search and a savings plan', async () => {
    depot = { positions: [], totals: NO_TOTALS, cash: { available: '0.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: '0.00' } };
    await renderApp('/depot');
    const welcome = await screen.findByRole('region', { name: /^Willkommen bei Kontor/ }, { timeout: 10_000 });
    const steps = within(welcome).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('link').textContent)).toEqual(['Geld einzahlen', 'Wertpapiere entdecken', 'Sparplan anlegen']);
    expect(within(steps[0]!).getByRole('link').getAttribute('href')).toBe('/geldtransfer');
    expect(within(steps[2]!).getByRole('link').getAttribute('href')).toBe('/sparplaene/neu');
    // Nothing to value yet: no empty figures before the welcome.
    expect(document.querySelector('[data-depot-value]')).toBeNull();
  });

  it('money but no position yet: the figures, and the empty list leads to the search', async () => {
    depot = { positions: [], totals: NO_TOTALS, cash: { available: '500.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: '500.00' } };
    await renderApp('/depot');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ihr Depot ist noch leer' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wertpapier suchen' }).getAttribute('href')).toBe('/suche');
    expect(screen.queryByRole('region', { name: /^Willkommen bei Kontor/ })).toBeNull();
  });

  it('"Einzahlung simulieren" checks the amount and credits it; where the server has no such tool the button goes away', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Einzahlung simulieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einzahlung simulieren' });
    const amount = within(dialog).getByLabelText('Betrag in €');
    await user.clear(amount);
    await user.type(amount, '5.000,001');
    await user.click(within(dialog).getByRole('button', { name: 'Einzahlen' }));
    expect(await within(dialog).findByText('Der Betrag darf höchstens zwei Nachkommastellen haben.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '5.000');
    await user.click(within(dialog).getByRole('button', { name: 'Einzahlen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/dev/deposit')?.body).toEqual({ amount: '5000.00' });

    depositAnswer = () => jsonResponse({ message: 'Nicht gefunden', status: 404 }, { status: 404 });
    await user.click(screen.getByRole('button', { name: 'Einzahlung simulieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Einzahlen' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Einzahlung simulieren' })).toBeNull());
  });

  it('"Wertentwicklung" shows TTWROR, p. a. and IRR in German percent, the value chart with invested capital, each position, and another range on the arrow key', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 2, name: 'Wertentwicklung' }, { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('[data-performance-ttwror]')?.textContent).toBe('+5,23\u00a0%'));
    expect(document.querySelector('[data-performance-annualised]')?.textContent).toBe('+5,23\u00a0%');
    expect(document.querySelector('[data-performance-irr]')?.textContent).toBe('−1,23\u00a0%');
    // Every figure names its method and the range picked, and the dates it runs between.
    expect(screen.getByText('Zeitgewichtete Rendite (1 Jahr)')).toBeTruthy();
    expect(screen.getByText('Zeitgewichtete Rendite p. a. (1 Jahr)')).toBeTruthy();
    expect(screen.getByText('Geldgewichtete Rendite (1 Jahr)')).toBeTruthy();
    expect(document.querySelector('[data-performance-dates]')?.textContent).toBe('Zeitraum: 26.11.2025 bis 26.11.2026');
    const chart = await screen.findByRole('img', { name: /^Gesamtvermögen vom 26\.11\.2025 bis 26\.11\.2026: von 0,00\s€ auf 2\.160,00\s€; investiertes Kapital 2\.000,00\s€$/ });
    expect(chart.getAttribute('data-points')).toBe('3');
    const table = screen.getByRole('table', { name: 'Wertentwicklung je Position' });
    const world = table.querySelector(`[data-performance-isin="${WORLD}"]`) as HTMLElement;
    expect(within(world).getByText(/^−10,00\s%$/)).toBeTruthy();
    expect(within(world).getByText('–')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Zeitgewichtet (1J)' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Geldgewichtet (1J)' })).toBeTruthy();

    // The ranges are a radio group: 1J is chosen; the right arrow moves to "lfd. Jahr" and loads it.
    const ranges = screen.getByRole('radiogroup', { name: 'Zeitraum' });
    const chosen = within(ranges).getByRole('radio', { name: '1J' });
    expect(chosen.getAttribute('aria-checked')).toBe('true');
    await user.click(chosen);
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/depot/performance' && document.querySelector('[data-performance-range="YTD"]'))).toBe(true));
    expect(screen.getByText('Zeitgewichtete Rendite (lfd. Jahr)')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Wertentwicklung je Position' })).getByRole('columnheader', { name: 'Zeitgewichtet (lfd. Jahr)' })).toBeTruthy();
  });

  it('"Wertentwicklung" says when there is nothing yet, and offers to retry when it could not load', async () => {
    performance = (range) => jsonResponse({ ...PERFORMANCE, range, depot: { ...PERFORMANCE.depot, ttwror: null, ttwrorAnnualised: null, irr: null }, positions: [], series: [{ date: '2026-11-26', value: '0.00', invested: '0.00' }] });
    await renderApp('/depot');
    expect(await screen.findByText('Noch keine Wertentwicklung – sie erscheint nach dem ersten Tag mit Depotbestand.', {}, { timeout: 10_000 })).toBeTruthy();

    performance = () => jsonResponse({ message: 'Fehler', status: 503 }, { status: 503 });
    const { user } = await renderApp('/depot');
    const retry = await screen.findByRole('button', { name: /erneut/i }, { timeout: 10_000 });
    performance = (range) => jsonResponse({ ...PERFORMANCE, range });
    await user.click(retry);
    await waitFor(() => expect(document.querySelector('[data-performance-ttwror]')?.textContent).toBe('+5,23\u00a0%'));
  });
});
