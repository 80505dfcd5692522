import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import type { SavingsPlan, SavingsPlanDetail, SavingsPlanList, SavingsPlanPreview } from '@kontor/domain/savings-plan-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse, testInstrument } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import type { PlanChartCanvasProps } from './plan-chart-canvas';

vi.setConfig({ testTimeout: 30_000 });

// jsdom draws no canvas: the chart stands in as an element that says what it would draw.
vi.mock('./plan-chart-canvas', () => ({
  default: ({ points, label }: PlanChartCanvasProps) => <div role="img" aria-label={label} data-points={points.length} />,
}));

const ETF_ISIN = 'IE00B4L5Y983';

function plan(overrides: Partial<SavingsPlan> = {}): SavingsPlan {
  return {
    id: 'sp-1',
    isin: ETF_ISIN,
    name: 'iShares Core MSCI World',
    state: 'active',
    stateLabel: 'Aktiv',
    amount: '50.00',
    interval: 'monthly',
    day: 1,
    dynamicPercent: 0,
    payment: 'CASH',
    firstDate: '2026-01-01',
    nextExecution: '2026-12-01',
    monthlyRate: '50.00',
    pending: null,
    executions: 11,
    invested: '550.00',
    quantity: '5.5',
    value: '605.50',
    gain: '55.50',
    gainPercent: '10.09',
    createdAt: '2025-12-20T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

const COSTS = { feePerExecution: '0.00', executionsPerYear: 12, investedPerYear: '600.00', feesPerYear: '0.00', spreadPerYear: '1.20', totalPerYear: '1.20', totalPercent: '0.20' };
const CALENDAR = Array.from({ length: 12 }, (_, i) => ({ nominal: `2027-${String(i + 1).padStart(2, '0')}-01`, date: `2027-${String(i + 1).padStart(2, '0')}-0${i === 0 ? 4 : 1}`, amount: '50.00' }));

function detailOf(p: SavingsPlan): SavingsPlanDetail {
  return {
    plan: p,
    history: [
      { date: '2026-11-02', state: 'executed', amount: '50.00', quantity: '0.4512', price: '110.81', value: '50.00', fee: '0.00', orderId: 'o-11', documentId: 'd-11', reason: null },
      { date: '2026-10-01', state: 'failed', amount: '50.00', quantity: null, price: null, value: null, fee: null, orderId: null, documentId: null, reason: 'Guthaben nicht ausreichend' },
    ],
    chart: [
      { date: '2026-10-01', invested: '500.00', value: '540.00' },
      { date: '2026-11-02', invested: '550.00', value: '605.50' },
    ],
    calendar: p.state === 'active' ? CALENDAR : [],
    costs: COSTS,
  };
}

// A whole instrument, as the server sends it: the search answer is parsed by its schema.
const ETF: Instrument = testInstrument({ isin: ETF_ISIN, wkn: 'A0RPWH', name: 'iShares Core MSCI World', instrumentType: 'ETF' });

let list: SavingsPlanList;
let detail: SavingsPlanDetail;
let instrument: Partial<Instrument>;
let createAnswer: (() => Response) | null;
let server: ReturnType<typeof installFakeTicketServer>;
let sent: { method: string; path: string; body: unknown; idempotencyKey: string | null }[];

beforeEach(() => {
  list = { plans: [plan()], monthlyTotal: '50.00', directDebitAvailable: false };
  detail = detailOf(plan());
  instrument = ETF;
  createAnswer = null;
  sent = [];
  server = installFakeTicketServer({
    routes: (method, url, body, init) => {
      const path = url.pathname;
      if (path.startsWith('/api/savingsplan')) sent.push({ method, path, body, idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
      switch (`${method} ${path}`) {
        case 'GET /api/savingsplan':
          return jsonResponse(list);
        case `GET /api/instrument/${ETF_ISIN}`:
          return jsonResponse(instrument);
        case 'GET /api/instrumentsearch':
          return jsonResponse({ results: url.searchParams.get('sparplan') === 'true' ? [ETF] : [], stats: { hits: { HITS: 1 } } });
        case 'POST /api/savingsplan/preview': {
          if (body?.firstDate === '2020-01-06') return jsonResponse({ message: 'Die erste Ausführung kann frühestens morgen sein.', status: 422, errors: [{ field: 'firstDate', message: 'Die erste Ausführung kann frühestens morgen sein.' }] }, { status: 422 });
          const preview: SavingsPlanPreview = { firstExecution: '2027-01-04', costs: { ...COSTS, investedPerYear: body?.amount === '100.00' ? '1200.00' : '600.00' }, calendar: CALENDAR };
          return jsonResponse(preview);
        }
        case 'POST /api/savingsplan':
          return createAnswer ? createAnswer() : jsonResponse(plan({ id: 'sp-new', amount: String(body?.amount) }), { status: 201 });
        case 'GET /api/savingsplan/sp-1':
        case 'GET /api/savingsplan/sp-new':
          return jsonResponse(detail);
        case 'POST /api/savingsplan/sp-1/pause':
          detail = detailOf(plan({ state: 'inactive', stateLabel: 'Inaktiv', nextExecution: null }));
          return jsonResponse(detail.plan);
        case 'DELETE /api/savingsplan/sp-1':
          detail = detailOf(plan({ state: 'deleted', stateLabel: 'Gelöscht', nextExecution: null, deletedAt: '2026-11-25T10:00:00.000Z' }));
          return jsonResponse(detail.plan);
        case 'PATCH /api/savingsplan/sp-1': {
          const pending = { action: 'change' as const, amount: String(body?.amount), interval: 'weekly' as const, day: 3, after: '2026-12-01', effectiveFrom: '2026-12-09' };
          detail = detailOf(plan({ state: 'atwork', stateLabel: 'In Bearbeitung', pending }));
          return jsonResponse(detail.plan);
        }
        default:
          return undefined;
      }
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

const calls = (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path);

describe('/sparplaene', () => {
  it('lists each plan with rate, next execution, invested, value and gain; the monthly total; deleted plans under Verlauf', async () => {
    list = {
      plans: [
        plan(),
        plan({
          id: 'sp-2',
          name: 'Xtrackers DAX',
          state: 'atwork',
          stateLabel: 'In Bearbeitung',
          amount: '25.00',
          interval: 'weekly',
          day: 3,
          monthlyRate: '108.33',
          pending: { action: 'pause', amount: '25.00', interval: 'weekly', day: 3, after: '2026-11-25', effectiveFrom: null },
          gain: '-2.00',
          gainPercent: '-1.50',
        }),
        plan({ id: 'sp-3', name: 'Vanguard FTSE All-World', state: 'deleted', stateLabel: 'Gelöscht', nextExecution: null }),
      ],
      monthlyTotal: '158.33',
      directDebitAvailable: false,
    };
    await renderApp('/sparplaene');
    const current = await screen.findByRole('list', { name: 'Ihre Sparpläne' });
    expect(document.querySelector('[data-monthly-total]')?.textContent).toBe('158,33\u00a0€');
    expect(screen.getByText('Monatliche Sparrate gesamt')).toBeTruthy();
    const [first, second] = within(current).getAllByRole('listitem');
    expect(first!.textContent).toContain('50,00\u00a0€ monatlich, 1. des Monats');
    expect(first!.textContent).toContain('Aktiv');
    expect(first!.textContent).toContain('01.12.2026');
    expect(first!.textContent).toContain('550,00\u00a0€');
    expect(first!.textContent).toContain('605,50\u00a0€');
    expect(first!.textContent).toContain('+55,50\u00a0€ (+10,09\u00a0%)');
    // The gain names its period, as the depot's does.
    expect(within(first!).getByText('Gewinn/Verlust seit Kauf')).toBeTruthy();
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/sparplaene/sp-1');
    expect(second!.textContent).toContain('25,00\u00a0€ wöchentlich, Mittwoch');
    expect(second!.textContent).toContain('In Bearbeitung — wird nach der Ausführung am 25.11.2026 pausiert');
    expect(second!.textContent).toContain('\u22122,00\u00a0€');
    const history = screen.getByRole('list', { name: 'Verlauf' });
    expect(within(history).getByText('Vanguard FTSE All-World')).toBeTruthy();
    expect(within(history).getByText('Gelöscht')).toBeTruthy();
    expect(within(current).queryByText('Vanguard FTSE All-World')).toBeNull();
  });

  it('without a plan says what to do and offers "Sparplan anlegen", which starts with a search of savings-plan instruments', async () => {
    list = { plans: [], monthlyTotal: '0.00', directDebitAvailable: false };
    const { user, router } = await renderApp('/sparplaene');
    await screen.findByRole('heading', { name: 'Noch kein Sparplan angelegt' });
    await user.click(screen.getByRole('link', { name: 'Sparplan anlegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sparplaene/neu'));
    await user.type(await screen.findByRole('searchbox', { name: 'Name, ISIN oder WKN' }), 'World');
    const results = await screen.findByRole('list', { name: 'Sparplanfähige Wertpapiere' });
    const search = server.state.calls.find((c) => c.path === '/api/instrumentsearch');
    expect(search).toBeTruthy();
    await user.click(within(results).getByRole('link', { name: /iShares Core MSCI World/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?isin=${ETF_ISIN}`));
    expect(await screen.findByRole('form', { name: 'Neuer Sparplan' })).toBeTruthy();
  });
});

describe('/sparplaene/neu', () => {
  it('shows the ex-ante costs and the first executions before sending, and sends the plan once with an Idempotency-Key', async () => {
    const { user, router } = await renderApp(`/sparplaene/neu?isin=${ETF_ISIN}`);
    const form = await screen.findByRole('form', { name: 'Neuer Sparplan' });
    expect(within(form).getByText('Geben Sie eine Sparrate ein, dann sehen Sie hier die Kosten und die ersten Ausführungen.')).toBeTruthy();
    // Cash account only: no direct debit without a mandate.
    expect(within(form).getByRole('radio', { name: 'Verrechnungskonto' })).toBeTruthy();
    expect(within(form).queryByRole('radio', { name: /Lastschrift/ })).toBeNull();

    await user.type(within(form).getByRole('textbox', { name: 'Sparrate' }), '100');
    await user.click(within(form).getByRole('radio', { name: '2 %' }));
    // The preview follows the terms: 100 € a month with 2 % a year.
    await waitFor(() => expect(calls('POST', '/api/savingsplan/preview').at(-1)?.body).toMatchObject({ dynamicPercent: 2 }));
    await waitFor(() => expect(document.querySelector('[data-preview]')?.textContent).toContain('Sparsumme pro Jahr (12 Ausführungen)1.200,00\u00a0€'));
    expect(within(form).getByText('Ex-ante-Kosteninformation')).toBeTruthy();
    expect(document.querySelector('[data-first-execution]')?.textContent).toBe('04.01.2027');
    expect(document.querySelector('[data-cost="fee"]')?.textContent).toBe('0,00\u00a0€');
    expect(document.querySelector('[data-cost="total"]')?.textContent).toBe('1,20\u00a0€ (0,20\u00a0%)');
    expect(within(form).getByRole('link', { name: 'Preisverzeichnis' }).getAttribute('href')).toBe('/preisverzeichnis');
    const preview = calls('POST', '/api/savingsplan/preview').at(-1);
    expect(preview?.body).toMatchObject({ isin: ETF_ISIN, amount: '100.00', interval: 'monthly', day: 1, dynamicPercent: 2, payment: 'CASH' });

    await user.click(within(form).getByRole('button', { name: 'Sparplan anlegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sparplaene/sp-new'));
    const [created] = calls('POST', '/api/savingsplan');
    expect(created?.idempotencyKey).toMatch(/.+/);
    expect(created?.body).toMatchObject({ isin: ETF_ISIN, amount: '100.00', dynamicPercent: 2 });
  });

  it('offers weekdays for a weekly plan and the 1st/15th for a monthly one; a rate beyond 25.000 € is refused before sending', async () => {
    const { user } = await renderApp(`/sparplaene/neu?isin=${ETF_ISIN}`);
    const form = await screen.findByRole('form', { name: 'Neuer Sparplan' });
    await user.click(within(form).getByRole('button', { name: /Ausführungstag/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['1. des Monats', '15. des Monats']);
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('radio', { name: 'wöchentlich' }));
    await user.click(within(form).getByRole('button', { name: /Ausführungstag/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag']);
    await user.click(screen.getByRole('option', { name: 'Freitag' }));

    await user.type(within(form).getByRole('textbox', { name: 'Sparrate' }), '25.000,01');
    await user.click(within(form).getByRole('button', { name: 'Sparplan anlegen' }));
    expect(await within(form).findByText('Bitte geben Sie eine Sparrate von 1,00 € bis 25.000,00 € ein.')).toBeTruthy();
    expect(calls('POST', '/api/savingsplan')).toEqual([]);
  });

  it('shows the server’s field errors at the fields; Lastschrift is offered where the list allows it', async () => {
    list = { ...list, directDebitAvailable: true };
    createAnswer = () =>
      jsonResponse(
        { message: 'Die erste Ausführung kann frühestens morgen sein.', status: 422, errors: [{ field: 'firstDate', message: 'Die erste Ausführung kann frühestens morgen sein.' }] },
        { status: 422 },
      );
    const { user } = await renderApp(`/sparplaene/neu?isin=${ETF_ISIN}`);
    const form = await screen.findByRole('form', { name: 'Neuer Sparplan' });
    await user.click(await within(form).findByRole('radio', { name: 'Lastschrift vom Referenzkonto' }));
    await user.type(within(form).getByRole('textbox', { name: 'Sparrate' }), '50');
    await user.click(within(form).getByRole('button', { name: 'Sparplan anlegen' }));
    expect(await within(form).findByText('Die erste Ausführung kann frühestens morgen sein.')).toBeTruthy();
    expect(calls('POST', '/api/savingsplan')[0]?.body).toMatchObject({ payment: 'DIRECT_DEBIT' });
  });

  it('a first date the server refuses is marked at the field while the preview waits for it', async () => {
    const { user } = await renderApp(`/sparplaene/neu?isin=${ETF_ISIN}`);
    const form = await screen.findByRole('form', { name: 'Neuer Sparplan' });
    await user.type(within(form).getByRole('textbox', { name: 'Sparrate' }), '50');
    const date = within(form).getByLabelText('Erste Ausführung ab');
    await user.clear(date);
    await user.type(date, '2020-01-06');
    expect(await within(form).findByText('Die erste Ausführung kann frühestens morgen sein.')).toBeTruthy();
    expect(within(form).getByText('Bitte prüfen Sie die markierte Angabe, dann sehen Sie hier die Kosten.')).toBeTruthy();
  });

  it('an instrument without savings plan says so', async () => {
    instrument = { ...ETF, sparplan: false };
    await renderApp(`/sparplaene/neu?isin=${ETF_ISIN}`);
    expect(await screen.findByText('Für iShares Core MSCI World ist kein Sparplan möglich.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Neuer Sparplan' })).toBeNull();
  });
});

describe('/sparplaene/:id', () => {
  it('shows terms, executions with order and document, the chart, the Sparkalender of 12 executions and the costs', async () => {
    await renderApp('/sparplaene/sp-1');
    await screen.findByRole('heading', { level: 1, name: 'iShares Core MSCI World' });
    const table = screen.getByRole('grid', { name: 'Ausführungen' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('02.11.2026');
    expect(rows[1]!.textContent).toContain('Ausgeführt');
    expect(rows[1]!.textContent).toContain('0,4512');
    // The price in the instrument's quote currency.
    await waitFor(() => expect(rows[1]!.textContent).toContain('110,81\u00a0€'));
    expect(within(rows[1]!).getByRole('link', { name: 'Order' }).getAttribute('href')).toBe('/orders/o-11');
    expect(within(rows[1]!).getByRole('link', { name: 'Abrechnung' }).getAttribute('href')).toBe('/posteingang?doc=d-11');
    expect(rows[2]!.textContent).toContain('Nicht ausgeführt Guthaben nicht ausreichend');
    expect(await screen.findByRole('img', { name: 'Diagramm: investierter Betrag und Wert, 2 Zeitpunkte' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Sparkalender' })).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('heading', { name: 'Ex-ante-Kosteninformation' })).toBeTruthy();
  });

  it('Pausieren makes the plan Inaktiv and offers Fortsetzen; Löschen asks first', async () => {
    const { user } = await renderApp('/sparplaene/sp-1');
    await screen.findByRole('heading', { level: 1, name: 'iShares Core MSCI World' });
    await user.click(screen.getByRole('button', { name: 'Pausieren' }));
    expect(await screen.findByRole('button', { name: 'Fortsetzen' })).toBeTruthy();
    expect(calls('POST', '/api/savingsplan/sp-1/pause')).toHaveLength(1);
    expect(screen.getAllByText('Inaktiv').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sparplan löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Behalten' }));
    expect(calls('DELETE', '/api/savingsplan/sp-1')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls('DELETE', '/api/savingsplan/sp-1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull());
    expect(screen.getAllByText('Gelöscht').length).toBeGreaterThan(0);
  });

  it('Ändern sends rate, interval and day; a change after the cut-off shows from when it applies', async () => {
    const { user } = await renderApp('/sparplaene/sp-1');
    await screen.findByRole('heading', { level: 1, name: 'iShares Core MSCI World' });
    await user.click(screen.getByRole('button', { name: 'Ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sparplan ändern' });
    const amount = within(dialog).getByRole('textbox', { name: 'Sparrate' });
    expect((amount as HTMLInputElement).value).toBe('50,00');
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(within(dialog).getByRole('radio', { name: 'wöchentlich' }));
    await user.click(within(dialog).getByRole('button', { name: /Ausführungstag/ }));
    await user.click(await screen.findByRole('option', { name: 'Mittwoch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Änderung speichern' }));
    await waitFor(() => expect(calls('PATCH', '/api/savingsplan/sp-1')[0]?.body).toEqual({ amount: '75.00', interval: 'weekly', day: 3 }));
    // The toast says it, and the page shows it beside the state.
    expect(await screen.findByText('In Bearbeitung — gilt ab 09.12.2026')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-plan-state="atwork"]')?.textContent).toBe('In Bearbeitung — gilt ab 09.12.2026'));
  });
});

describe('/preisverzeichnis', () => {
  it('lists the fees of the price list: order 1,00 €, Mindermengenzuschlag under 500 €, Sparplanausführung 0,00 €', async () => {
    await renderApp('/preisverzeichnis');
    await screen.findByRole('heading', { level: 1, name: 'Preis- und Leistungsverzeichnis' });
    const price = (id: string) => document.querySelector(`[data-price="${id}"] td`)?.textContent;
    expect(price('orderFee')).toBe('1,00\u00a0€');
    expect(price('smallOrder')).toBe('1,00\u00a0€');
    expect(document.querySelector('[data-price="smallOrder"] th')?.textContent).toContain('unter 500,00\u00a0€');
    expect(price('savingsPlan')).toBe('0,00\u00a0€');
    expect(price('partner')).toBe('laut Emittent');
  });
});
