import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import type { Quote } from '@kontor/domain/quote';
import type { Position } from '@kontor/domain/trading-contracts';
import { PHONE_LAYOUT } from '../../lib/use-media-query';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse, testAuth, testInstrument, testPosition } from '../../test/fixtures';
import { renderAlone, renderApp } from '../../test/render';
import { Button } from '../../ui/button';
import type { ChartCanvasProps } from './chart-canvas';
import { readChartParams, toChartBars, wallClockSeconds, withLivePrice, type ChartBar } from './chart-data';
import { InstrumentPage } from './instrument-page';
import type { HistoryBar } from './instruments-api';
import { tradability } from './tradability';

// jsdom draws no canvas: the chart stands in as an element that says what it would draw.
vi.mock('./chart-canvas', () => ({
  default: ({ bars, type, label }: ChartCanvasProps) => (
    <div data-testid="chart" data-chart-type={type} data-bars={bars.length} data-last-close={bars.at(-1)?.close} aria-label={label} role="img" />
  ),
}));

beforeAll(() => vi.stubGlobal('EventSource', FakeEventSource));
afterAll(() => vi.unstubAllGlobals());

/** SAP as the instrument page's tests know it: trading 07:30–23:00 and on weekends. */
function instrument(overrides: Partial<Instrument> = {}): Instrument {
  return testInstrument({ isin: 'DE0007164600', wkn: '716460', name: 'SAP SE', shortName: 'SAP', tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: true, ...overrides });
}

const SAP = instrument();
const ETF = instrument({
  isin: 'IE00B4L5Y983',
  wkn: 'A0RPWH',
  name: 'iShares Core MSCI World UCITS ETF USD (Acc)',
  instrumentType: 'ETF',
  basisinformationen: '/api/instrument/IE00B4L5Y983/documents/kid.pdf',
  verkaufsprospekt: '/api/instrument/IE00B4L5Y983/documents/prospekt.pdf',
  halbjahresbericht: '/api/instrument/IE00B4L5Y983/documents/halbjahresbericht.pdf',
  jahresbericht: '/api/instrument/IE00B4L5Y983/documents/jahresbericht.pdf',
});
const TURBO = instrument({
  isin: 'DE000SG1ABC7',
  wkn: 'SG1ABC',
  name: 'Turbo Long Open End auf SAP SE KO 150,00 EUR',
  instrumentType: 'DERIVAT',
  derivativeKind: 'call',
  leverage: null,
  complex: true,
  knockedOutFlag: true,
  emittentShortCode: 'SG',
  underlyingIsin: 'DE0007164600',
  underlyingName: 'SAP SE',
  marketName: 'Société Générale (außerbörslich)',
  isOTC: true,
  priceScale: 3,
  priceIncr: '0.001',
});
const WARRANT = instrument({
  isin: 'DE000HS2XYZ1',
  wkn: 'HS2XYZ',
  name: 'Put-Optionsschein auf DAX 18.000 EUR 03/2020',
  instrumentType: 'DERIVAT',
  derivativeKind: 'put',
  leverage: '7.35',
  complex: true,
  endfaellig: '2020-03-20',
  emittentShortCode: 'HSBC',
  underlyingIsin: 'DE0008469008',
  underlyingName: 'DAX',
});
const DAX = instrument({ isin: 'DE0008469008', wkn: '846900', name: 'DAX', instrumentType: 'INDEX', disabledExecTypes: ['buy', 'sell', 'market', 'limit'] });
// Quoted by no other test here (the quote hub keeps the newest quote of each instrument).
const TELEKOM = instrument({ isin: 'DE0005557508', wkn: '555750', name: 'Deutsche Telekom AG', shortName: 'Telekom' });
const INSTRUMENTS = new Map([SAP, ETF, TURBO, WARRANT, DAX, TELEKOM].map((i) => [i.isin, i]));

const bars = (n: number, start = Date.parse('2026-11-20T08:00:00Z'), stepMs = 5 * 60_000): HistoryBar[] =>
  Array.from({ length: n }, (_, i) => ({ t: new Date(start + i * stepMs).toISOString(), o: '100.00', h: '101.00', l: '99.00', c: '100.50' }));

const RESOLUTION_MS: Record<string, number> = { '5m': 5 * 60_000, '1d': 86_400_000, '1w': 7 * 86_400_000 };

/** Bars of a resolution whose last one holds the current moment, as the server sends them. */
function barsUntilNow(n: number, resolution: string): HistoryBar[] {
  const step = RESOLUTION_MS[resolution]!;
  const lastStart = Math.floor(Date.now() / step) * step;
  return bars(n, lastStart - (n - 1) * step, step);
}

let requests: URL[];
let historyFails: boolean;
/** The customer's depot positions (the trading area's answer). */
let held: Position[];

/** A holding as the depot reports it: 10 Telekom bought for 950,00 € in March. */
const telekomHolding = (overrides: Partial<Position> = {}) =>
  testPosition({ isin: TELEKOM.isin, name: TELEKOM.name, cost: '950.00', averagePrice: '95.00', firstPurchase: '2026-03-02T09:00:00Z', rightsOf: null, ...overrides });

beforeEach(() => {
  requests = [];
  historyFails = false;
  held = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const path = url.pathname;
    const history = /^\/api\/quotes\/([A-Z0-9]+)\/history$/.exec(path);
    if (history) {
      if (historyFails) return jsonResponse({ message: 'Fehler', status: 500, errors: [] }, { status: 500 });
      const range = url.searchParams.get('range');
      const count = range === 'OneYear' ? 250 : range === 'Maximum' ? 780 : 12;
      const resolution = range === 'Intraday' ? '5m' : range === 'Maximum' ? '1w' : '1d';
      return jsonResponse({ isin: history[1], range, resolution, bars: barsUntilNow(count, resolution) });
    }
    if (path === '/api/quotes/previous-close') return jsonResponse([{ isin: url.searchParams.get('isins'), previousClose: '100.00' }]);
    const dividends = /^\/api\/instrument\/([A-Z0-9]+)\/dividends$/.exec(path);
    if (dividends) {
      return dividends[1] === 'DE0007164600'
        ? jsonResponse({
            headline: 'Dividendenrendite 1,20 % (2025)',
            entries: [
              { year: 2025, yieldPercent: '1.20', yieldAbsolute: '2.35', symbol: '€' },
              { year: 2024, yieldPercent: '1.10', yieldAbsolute: '2.20', symbol: '€' },
            ],
          })
        : jsonResponse({ headline: 'Dieses Wertpapier schüttet keine Dividende aus.', entries: [] });
    }
    if (path === '/api/instrument-cache/news') {
      const isin = url.searchParams.get('isin');
      return jsonResponse({
        items:
          isin === 'DE0007164600'
            ? [{ id: 'n1', isin, title: 'SAP legt Quartalszahlen vor', summary: 'Umsatz im Rahmen der Erwartungen.', source: 'Börsen-Ticker', publishedAt: '2026-11-20T09:15:00Z' }]
            : [],
      });
    }
    const one = /^\/api\/instrument\/([A-Z0-9]+)$/.exec(path);
    if (one) {
      const found = INSTRUMENTS.get(one[1]!);
      return found ? jsonResponse(found) : jsonResponse({ message: 'Das Wertpapier wurde nicht gefunden.', status: 404, errors: [] }, { status: 404 });
    }
    if (path === '/api/notes') return jsonResponse({ notices: [], notes: [] });
    if (path === '/api/trading/positions') {
      return jsonResponse({ positions: held, totals: { cost: '0.00', value: null, gain: null, gainPercent: null }, cash: { total: '0.00', available: '0.00' } });
    }
    // Other areas on the same screen (top bar, watchlist buttons) get empty lists.
    return jsonResponse([]);
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
});

const historyRequests = () => requests.filter((url) => url.pathname.endsWith('/history'));

function quote(isin: string, bid: string, ask: string, ts = new Date().toISOString()): Quote {
  return { id: `${isin}-${ts}`, isin, bid, ask, ts };
}

describe('chart data', () => {
  it('reads chart type and range from the URL, falling back to mountain and 1T; CSI only for a held instrument', () => {
    expect(readChartParams(new URLSearchParams('range=CSI'), true).range).toBe('CSI');
    expect(readChartParams(new URLSearchParams('chart=candle&range=OneYear'))).toEqual({ type: 'candle', range: 'OneYear' });
    expect(readChartParams(new URLSearchParams('chart=pie&range=Forever'))).toEqual({ type: 'mountain', range: 'Intraday' });
    expect(readChartParams(new URLSearchParams('range=CSI')).range).toBe('Intraday');
  });

  it('draws in German wall-clock time, summer and winter', () => {
    // 12:00 UTC is 14:00 in Frankfurt in summer and 13:00 in winter.
    expect(wallClockSeconds(new Date('2026-07-01T12:00:00Z'))).toBe(Date.parse('2026-07-01T14:00:00Z') / 1000);
    expect(wallClockSeconds(new Date('2026-12-01T12:00:00Z'))).toBe(Date.parse('2026-12-01T13:00:00Z') / 1000);
    const drawn = toChartBars([{ t: '2026-12-01T12:00:00.000Z', o: '1.5', h: '2', l: '1', c: '1.75' }]);
    expect(drawn).toEqual([{ time: Date.parse('2026-12-01T13:00:00Z') / 1000, open: 1.5, high: 2, low: 1, close: 1.75 }]);
  });

  it('the live price closes the last bar, opens a new intraday bar after its period, and an older quote changes nothing', () => {
    const base: ChartBar[] = toChartBars(bars(2, Date.parse('2026-12-01T09:00:00Z')));
    const last = base[1]!;
    const moved = withLivePrice(base, '102', new Date('2026-12-01T09:07:00Z'), '5m');
    expect(moved).toHaveLength(2);
    expect(moved[1]).toEqual({ ...last, close: 102, high: 102 });
    const next = withLivePrice(base, '98', new Date('2026-12-01T09:11:30Z'), '5m');
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual({ time: last.time + 300, open: 100.5, high: 100.5, low: 98, close: 98 });
    // A daily chart only moves its last bar.
    expect(withLivePrice(base, '98', new Date('2026-12-03T09:00:00Z'), '1d')).toHaveLength(2);
    expect(withLivePrice(base, '98', new Date('2026-12-01T08:00:00Z'), '5m')).toBe(base);
  });
});

describe('tradability', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('an index trades not at all, a matured product neither way, a knocked-out one only to sell', () => {
    expect(tradability(DAX, now)).toMatchObject({ buy: 'index', sell: 'index' });
    expect(tradability(WARRANT, now)).toEqual({ buy: 'matured', sell: 'matured', matured: true });
    expect(tradability(TURBO, now)).toEqual({ buy: 'knockedOut', sell: null, matured: false });
    expect(tradability(SAP, now)).toEqual({ buy: null, sell: null, matured: false });
    // Matured from the maturity day on (German date).
    expect(tradability({ ...SAP, endfaellig: '2026-11-20' }, now).matured).toBe(true);
    expect(tradability({ ...SAP, endfaellig: '2026-11-21' }, now).matured).toBe(false);
  });
});

describe('instrument page (/wertpapier/:isin)', () => {
  it('shows name, ISIN, WKN and type, the live bid and ask with the day change, and Kaufen / Verkaufen', async () => {
    await renderApp('/wertpapier/DE0007164600');
    expect(await screen.findByRole('heading', { level: 1, name: 'SAP SE' })).toBeTruthy();
    expect(document.querySelector('[data-isin]')?.textContent).toBe('DE0007164600');
    expect(document.querySelector('[data-wkn]')?.textContent).toBe('716460');
    expect(screen.getAllByText('Aktie').length).toBeGreaterThan(0);

    act(() => quoteHub.accept([quote('DE0007164600', '101.20', '101.30')]));
    const bid = document.querySelector('[data-quote="bid"] dd')!;
    await waitFor(() => expect(bid.textContent).toBe('101,20\u00a0€'));
    expect(document.querySelector('[data-quote="ask"] dd')!.textContent).toBe('101,30\u00a0€');
    // Mid 101,25 against the previous close 100,00.
    const change = document.querySelector('[data-quote="change"] dd')!;
    await waitFor(() => expect(change.textContent).toContain('+1,25\u00a0€'));
    expect(change.textContent).toContain('+1,25\u00a0%');

    // A falling price flashes and shows the loss with a minus sign.
    act(() => quoteHub.accept([quote('DE0007164600', '98.90', '99.00', new Date(Date.now() + 1000).toISOString())]));
    await waitFor(() => expect(bid.querySelector('[data-flash="down"]')).toBeTruthy());
    await waitFor(() => expect(change.textContent).toMatch(/[−-]1,05\u00a0€/));

    const buy = screen.getByRole('link', { name: 'Kaufen' });
    expect(buy.getAttribute('href')).toBe('/orders/neu?isin=DE0007164600&side=BUY');
    expect(screen.getByRole('link', { name: 'Verkaufen' }).getAttribute('href')).toBe('/orders/neu?isin=DE0007164600&side=SELL');
    // SAP can be bought by savings plan: the way to a new plan of it.
    expect(screen.getByRole('link', { name: 'Sparplan anlegen' }).getAttribute('href')).toBe('/sparplaene/neu?isin=DE0007164600');
  });

  it('a held instrument shows the holding valued at the live bid, and offers the chart since purchase', async () => {
    held = [telekomHolding({ blocked: '4', available: '6' })];
    const { user, router } = await renderApp(`/wertpapier/${TELEKOM.isin}`);
    const card = await screen.findByRole('region', { name: 'Ihre Position' });
    expect(card.textContent).toContain('Stück10 · davon 4 in Orders');
    expect(card.textContent).toContain('Einstandskurs95,00\u00a0€');
    expect(card.textContent).toContain('Im Depot seit 02.03.2026 · Einstandswert 950,00\u00a0€');
    // At the bid 101,20: 10 × 101,20 = 1.012,00 €, a gain of 1.012,00 − 950,00 = 62,00 €, 62 / 950 = 6,53 %.
    act(() => quoteHub.accept([quote(TELEKOM.isin, '101.20', '101.30')]));
    await waitFor(() => expect(card.textContent).toContain('1.012,00\u00a0€'));
    expect(card.textContent).toContain('+62,00\u00a0€');
    expect(card.textContent).toContain('+6,53\u00a0%');

    const ranges = screen.getByRole('radiogroup', { name: 'Zeitraum' });
    await user.click(within(ranges).getByRole('radio', { name: 'Seit Kauf' }));
    await waitFor(() => expect(router.state.location.search).toContain('range=CSI'));
    await waitFor(() => expect(historyRequests().at(-1)!.searchParams.get('range')).toBe('CSI'));
    expect(historyRequests().at(-1)!.searchParams.get('since')).toBe('2026-03-02');
  });

  it('a right of the same share is not the holding: no card, no chart since purchase', async () => {
    held = [telekomHolding({ isin: SAP.isin, name: 'SAP SE Bezugsrecht', rightsOf: { eventId: 'ca-1', isin: SAP.isin } })];
    await renderApp('/wertpapier/DE0007164600');
    await screen.findByTestId('chart');
    expect(screen.queryByRole('region', { name: 'Ihre Position' })).toBeNull();
    expect(within(screen.getByRole('radiogroup', { name: 'Zeitraum' })).queryByRole('radio', { name: 'Seit Kauf' })).toBeNull();
  });

  it('on a phone Kaufen and Verkaufen sit once, in the bar at the foot of the page', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === PHONE_LAYOUT, addEventListener: () => undefined, removeEventListener: () => undefined }),
    });
    try {
      await renderApp('/wertpapier/DE0007164600');
      const bar = await screen.findByRole('group', { name: 'Kaufen und Verkaufen' });
      expect(within(bar).getByRole('link', { name: 'Kaufen' }).getAttribute('href')).toBe('/orders/neu?isin=DE0007164600&side=BUY');
      expect(within(bar).getByRole('link', { name: 'Verkaufen' }).getAttribute('href')).toBe('/orders/neu?isin=DE0007164600&side=SELL');
      expect(screen.getAllByRole('link', { name: 'Kaufen' })).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Sparplan anlegen' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('offers no savings plan for a product that can no longer be bought', async () => {
    await renderApp('/wertpapier/DE000HS2XYZ1');
    await screen.findByRole('heading', { level: 1, name: /Put-Optionsschein/ });
    expect(screen.queryByRole('link', { name: 'Sparplan anlegen' })).toBeNull();
  });

  it('key data, dividends and news', async () => {
    await renderApp('/wertpapier/DE0007164600');
    await screen.findByRole('heading', { level: 1, name: 'SAP SE' });
    const facts = screen.getByRole('region', { name: 'Stammdaten' });
    expect(within(facts).getByText('Mo–Fr 07:30–23:00 Uhr', { exact: false })).toBeTruthy();
    expect(within(facts).getByText('laut Preis- und Leistungsverzeichnis')).toBeTruthy();
    const dividends = screen.getByRole('region', { name: 'Dividenden' });
    expect(await within(dividends).findByText('Dividendenrendite 1,20 % (2025)')).toBeTruthy();
    const rows = within(dividends).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('2025');
    expect(rows[1]!.textContent).toContain('2,35\u00a0€');
    expect(rows[1]!.textContent).toContain('1,20\u00a0%');
    const news = screen.getByRole('region', { name: 'Nachrichten' });
    expect(await within(news).findByRole('heading', { level: 3, name: 'SAP legt Quartalszahlen vor' })).toBeTruthy();
    expect(within(news).getByText('20.11.2026, 10:15', { exact: false })).toBeTruthy();
    // A share without documents says so.
    expect(within(screen.getByRole('region', { name: 'Dokumente' })).getByText('Für dieses Wertpapier liegen keine Dokumente vor.')).toBeTruthy();
  });

  it('links every document of a fund as a PDF opening in a new tab', async () => {
    await renderApp('/wertpapier/IE00B4L5Y983');
    const documents = await screen.findByRole('region', { name: 'Dokumente' });
    const links = within(documents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/instrument/IE00B4L5Y983/documents/kid.pdf',
      '/api/instrument/IE00B4L5Y983/documents/prospekt.pdf',
      '/api/instrument/IE00B4L5Y983/documents/halbjahresbericht.pdf',
      '/api/instrument/IE00B4L5Y983/documents/jahresbericht.pdf',
    ]);
    expect(links[0]!.textContent).toContain('Basisinformationsblatt');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(within(screen.getByRole('region', { name: 'Dividenden' })).queryByRole('table')).toBeNull();
  });

  it('switches chart type and range by keyboard, keeps them in the URL and loads that range', async () => {
    const { user, router } = await renderApp('/wertpapier/DE0007164600');
    const chart = await screen.findByTestId('chart');
    expect(chart.dataset.chartType).toBe('mountain');
    expect(chart.dataset.bars).toBe('12');
    expect(historyRequests().at(-1)!.searchParams.get('range')).toBe('Intraday');

    const types = screen.getByRole('radiogroup', { name: 'Diagrammtyp' });
    expect(within(types).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['Linie', 'Fläche', 'HLC', 'Kerzen']);
    const ranges = screen.getByRole('radiogroup', { name: 'Zeitraum' });
    expect(within(ranges).queryByRole('radio', { name: 'Seit Kauf' })).toBeNull();

    await user.click(within(types).getByRole('radio', { name: 'Kerzen' }));
    await waitFor(() => expect(router.state.location.search).toContain('chart=candle'));
    expect(screen.getByTestId('chart').dataset.chartType).toBe('candle');
    // Arrow keys move within the group, Space chooses.
    await user.keyboard('{ArrowLeft}');
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toContain('chart=hlc'));
    expect(screen.getByTestId('chart').dataset.chartType).toBe('hlc');

    await user.click(within(ranges).getByRole('radio', { name: '1J' }));
    await waitFor(() => expect(router.state.location.search).toContain('range=OneYear'));
    await waitFor(() => expect(screen.getByTestId('chart').dataset.bars).toBe('250'));
    expect(historyRequests().at(-1)!.searchParams.get('range')).toBe('OneYear');
  });

  it('a chart range from the URL is loaded; the live price moves the last bar', async () => {
    await renderApp('/wertpapier/DE0007164600?chart=line&range=Maximum');
    const chart = await screen.findByTestId('chart');
    expect(chart.dataset.chartType).toBe('line');
    expect(chart.dataset.bars).toBe('780');
    act(() => quoteHub.accept([quote('DE0007164600', '120.00', '120.10', new Date(Date.now() + 5000).toISOString())]));
    await waitFor(() => expect(screen.getByTestId('chart').dataset.lastClose).toBe('120.05'));
    expect(chart.getAttribute('aria-label')).toMatch(/^Kursverlauf SAP SE, Maximaler Zeitraum, Linie: von 100,00 auf 120,05, Hoch 120,05, Tief 99,00$/);
  });

  it('a failed history says so in German and tries again on request', async () => {
    historyFails = true;
    const { user } = await renderApp('/wertpapier/DE0007164600');
    expect(await screen.findByText('Der Kursverlauf kann gerade nicht geladen werden.')).toBeTruthy();
    historyFails = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('chart')).toBeTruthy();
  });

  it('a knocked-out turbo shows its badges and derivative details; Kaufen is disabled with the reason', async () => {
    await renderApp('/wertpapier/DE000SG1ABC7');
    await screen.findByRole('heading', { level: 1, name: /Turbo Long/ });
    expect(screen.getAllByText('Ausgeknockt').length).toBeGreaterThan(0);
    // Quoted in three decimals, shown in three.
    act(() => quoteHub.accept([quote('DE000SG1ABC7', '0.002', '0.004')]));
    await waitFor(() => expect(document.querySelector('[data-quote="bid"] dd')!.textContent).toBe('0,002\u00a0€'));
    const details = screen.getByRole('region', { name: 'Derivat' });
    expect(within(details).getByText('Call')).toBeTruthy();
    expect(within(details).getByText('Open End')).toBeTruthy();
    expect(within(details).getByText('SG')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe('/wertpapier/DE0007164600');
    const reason = screen.getByText(/ausgeknockt und kann nicht mehr gekauft werden/);
    const buy = screen.getByRole('link', { name: 'Kaufen' });
    expect(buy.getAttribute('aria-disabled')).toBe('true');
    expect(buy.getAttribute('aria-describedby')).toBe(reason.closest('[id]')!.id);
    expect(screen.getByRole('link', { name: 'Verkaufen' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('a matured warrant shows "Fällig", its leverage, and no side is tradable', async () => {
    await renderApp('/wertpapier/DE000HS2XYZ1');
    await screen.findByRole('heading', { level: 1, name: /Put-Optionsschein/ });
    expect(screen.getAllByText('Fällig').length).toBeGreaterThan(0);
    const details = screen.getByRole('region', { name: 'Derivat' });
    expect(within(details).getByText('Put')).toBeTruthy();
    expect(within(details).getByText('7,35')).toBeTruthy();
    expect(within(details).getByText('20.03.2020')).toBeTruthy();
    expect(screen.getByText('Das Produkt ist fällig (20.03.2020) und kann nicht mehr gehandelt werden.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kaufen' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Verkaufen' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a quote outage: after 10 s without a price the page says so, Kaufen and Verkaufen wait, and "Erneut versuchen" connects anew', async () => {
    await renderApp('/wertpapier/IE00B4L5Y983');
    await screen.findByRole('heading', { level: 1, name: /MSCI World/ });
    expect(screen.getByRole('link', { name: 'Kaufen' }).getAttribute('aria-disabled')).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => vi.advanceTimersByTime(10_000));
      const reason = await screen.findByText(/Gerade kommen für dieses Wertpapier keine Kurse an/);
      const buy = screen.getByRole('link', { name: 'Kaufen' });
      expect(buy.getAttribute('aria-disabled')).toBe('true');
      expect(buy.getAttribute('aria-describedby')).toBe(reason.closest('[id]')!.id);
      expect(screen.getByRole('link', { name: 'Verkaufen' }).getAttribute('aria-disabled')).toBe('true');
      // Dashes where the skeletons were: nothing pretends to be loading.
      expect(document.querySelector('[data-quote="bid"] dd')!.textContent).toBe('–');
      expect(document.querySelector('[data-quote="bid"] [aria-busy]')).toBeNull();

      const streams = FakeEventSource.openAt('/api/quotes/stream').length;
      const before = FakeEventSource.opened.length;
      await act(async () => screen.getByRole('button', { name: 'Erneut versuchen' }).click());
      expect(FakeEventSource.opened.length).toBeGreaterThan(before);
      expect(FakeEventSource.openAt('/api/quotes/stream').length).toBe(streams);
      // The wait starts again; a price that comes ends the outage.
      expect(screen.queryByText(/Gerade kommen für dieses Wertpapier keine Kurse an/)).toBeNull();
      act(() => quoteHub.accept([quote('IE00B4L5Y983', '101.20', '101.30')]));
      await waitFor(() => expect(document.querySelector('[data-quote="bid"] dd')!.textContent).toBe('101,20\u00a0€'));
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.getByRole('link', { name: 'Kaufen' }).getAttribute('aria-disabled')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an index offers no trade buttons and says why', async () => {
    await renderApp('/wertpapier/DE0008469008');
    await screen.findByRole('heading', { level: 1, name: 'DAX' });
    expect(screen.queryByRole('link', { name: 'Kaufen' })).toBeNull();
    expect(screen.getByText(/Ein Index ist nicht handelbar/)).toBeTruthy();
  });

  it('an unknown ISIN shows "Wertpapier nicht gefunden" with the way to the search', async () => {
    await renderApp('/wertpapier/DE0000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wertpapier nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Wertpapiersuche' })).toBeTruthy();
  });

  it('renders the actions slot next to Kaufen / Verkaufen', async () => {
    await renderAlone(<InstrumentPage actions={(i) => <Button variant="secondary">{`Merken ${i.wkn}`}</Button>} />, {
      route: '/wertpapier/:isin',
      path: '/wertpapier/DE0007164600',
      auth: testAuth(),
    });
    const slot = await screen.findByRole('button', { name: 'Merken 716460' });
    expect(slot.parentElement).toBe(screen.getByRole('link', { name: 'Kaufen' }).parentElement);
  });
});
