import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import { canCancel, isOpenOrder } from '@kontor/domain/order-kinds';
import type { Depot, OrderPreview, TradingOrder } from '@kontor/domain/trading-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse, testConfig, testInstrument } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { SAP_SALE_ESTIMATE } from '../../test/tax-fixtures';
import { availableKinds, initialValues, ticketErrors, ticketEstimate, toTicket } from './ticket-form';
import { quoteDeadline } from './rfq-quote';

const SAP = 'DE0007164600';

// Whole-app renders with a lazy route and several steps of typing take a while on a cold run.
vi.setConfig({ testTimeout: 30_000 });

/** SAP as the ticket's tests know it: trading 07:30–23:00, no savings plan, no fractions. */
function instrument(overrides: Partial<Instrument> = {}): Instrument {
  return testInstrument({
    isin: SAP,
    wkn: '716460',
    name: 'SAP SE',
    shortName: 'SAP',
    tradingHoursStartTime: '07:30',
    tradingHoursStopTime: '23:00',
    sparplan: false,
    fractionalTrading: false,
    disabledExecTypes: ['fraction'],
    ...overrides,
  });
}

const depot = (available = '1000.00', held = '10'): Depot => ({
  positions: [
    {
      isin: SAP,
      name: 'SAP SE',
      instrumentType: 'AKTIE',
      currency: 'EUR',
      quantity: held,
      blocked: '0',
      available: held,
      cost: '1500.00',
      averagePrice: '150',
      firstPurchase: '2026-01-05T09:00:00.000Z',
      realisedPnl: '0.00',
      value: null,
      gain: null,
      gainPercent: null,
    },
  ],
  totals: { cost: '1500.00', value: null, gain: null, gainPercent: null },
  cash: { available, reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: available },
});

let tick = 0;
const bidAsk = (bid: string, ask: string) => ({ id: `q-${++tick}`, isin: SAP, bid, ask, ts: new Date(Date.now() + tick * 1000).toISOString() });

function order(overrides: Partial<TradingOrder> = {}): TradingOrder {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    isin: SAP,
    name: 'SAP SE',
    side: 'buy',
    kind: 'market',
    status: 'Filled',
    cancelStatus: null,
    display: 'Filled',
    label: 'ausgeführt',
    quantity: '2',
    amount: null,
    limit: null,
    stop: null,
    trailingDistance: null,
    trailingUnit: null,
    validity: { type: 'day' },
    expiresAt: '2026-11-23T22:00:00.000Z',
    filledQuantity: '2',
    averagePrice: '200.1',
    currency: 'EUR',
    quotedPrice: null,
    reason: null,
    costs: null,
    reserved: '0.00',
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

const preview = (overrides: Partial<OrderPreview['requirements']> = {}): OrderPreview => ({
  costs: { orderValue: '400.20', orderFee: '1.00', smallOrderSurcharge: '1.00', spreadCost: '0.10', total: '2.10', totalPercent: '0.52', smallOrder: true },
  fxRate: '1',
  currency: 'EUR',
  bid: '199.90',
  ask: '200.10',
  requirements: { lowTradingConfirmation: false, otcConfirmation: false, complexWarning: false, ...overrides },
  availableAfter: '597.80',
});

type Call = { method: string; path: string; body: unknown; headers: Headers };
type Handler = (call: Call) => Response | Promise<Response> | undefined;

let calls: Call[];
let handler: Handler;
let theInstrument: Instrument;
let theDepot: Depot;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  calls = [];
  handler = () => undefined;
  theInstrument = instrument();
  theDepot = depot();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', path: url.pathname + url.search, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined, headers: new Headers(init.headers) };
    calls.push(call);
    const answer = await handler(call);
    if (answer) return answer;
    if (url.pathname === `/api/instrument/${SAP}`) return jsonResponse(theInstrument);
    if (url.pathname === '/api/trading/positions') return jsonResponse(theDepot);
    if (url.pathname === '/api/quotes/previous-close') return jsonResponse([{ isin: SAP, previousClose: '198.00' }]);
    if (url.pathname === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
  act(() => quoteHub.accept([bidAsk('199.90', '200.10')]));
});

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

/** The order stream the app opened for the signed-in customer, answered (200) as the server would. */
async function openOrderStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.openAt('/api/trading/stream')).toHaveLength(1));
  const stream = FakeEventSource.openAt('/api/trading/stream')[0]!;
  act(() => stream.open());
  return stream;
}

async function openTicket(query = `isin=${SAP}&side=BUY`) {
  const app = await renderApp(`/orders/neu?${query}`);
  await screen.findByRole('heading', { level: 1, name: 'Order: SAP SE' }, { timeout: 10_000 });
  await waitFor(() => expect(document.querySelector('[data-quote="bid"] dd')?.textContent).toBe('199,90\u00a0€'));
  return app;
}

describe('ticket rules (ticket-form)', () => {
  const context = { now: new Date('2026-11-23T10:00:00Z'), quote: { bid: '199.90', ask: '200.10' }, fxRate: '1', depot: depot('1000.00', '10') };

  it('reads German numbers as typed and sends only the fields the kind uses', () => {
    const values = { ...initialValues('buy', 'limit'), quantity: '1.000', limit: '199,5', stop: '12', validityType: 'gtc' as const };
    expect(toTicket(values, SAP)).toEqual({
      isin: SAP,
      side: 'buy',
      kind: 'limit',
      quantity: '1000',
      amount: null,
      limit: '199.5',
      stop: null,
      trailingDistance: null,
      trailingUnit: null,
      validity: { type: 'gtc' },
    });
    expect(toTicket({ ...initialValues('buy', 'market'), quantity: '2', validityType: 'gtc' }, SAP).validity).toEqual({ type: 'day' });
  });

  it('names the broken rule of each field in German: no number, grid, buying power, pieces held', () => {
    const i = instrument();
    expect(ticketErrors({ ...initialValues('buy'), quantity: 'abc' }, i, context)).toEqual({ quantity: 'Die Stückzahl ist keine gültige Zahl.' });
    expect(ticketErrors({ ...initialValues('buy'), quantity: '1,5' }, i, context)).toEqual({ quantity: 'Die Stückzahl muss eine ganze Zahl sein.' });
    expect(ticketErrors({ ...initialValues('buy'), quantity: '' }, i, context)).toEqual({ quantity: 'Bitte geben Sie eine Stückzahl ein.' });
    expect(ticketErrors({ ...initialValues('buy'), quantity: '10' }, i, context).quantity).toMatch(/verfügbarer Betrag von 1\.000,00\s€ reicht für diese Order nicht aus/);
    expect(ticketErrors({ ...initialValues('buy'), quantity: '4' }, i, context)).toEqual({});
    expect(ticketErrors({ ...initialValues('sell'), quantity: '11' }, i, context)).toEqual({ quantity: 'Sie können höchstens 10 Stück verkaufen.' });
    expect(ticketErrors({ ...initialValues('sell', 'limit'), quantity: '1', limit: '199,999' }, i, context)).toEqual({ limit: 'Das Limit darf höchstens 2 Nachkommastellen haben.' });
    expect(ticketErrors({ ...initialValues('sell', 'stop'), quantity: '1', stop: '210' }, i, context)).toEqual({ stop: 'Der Stop-Kurs muss unter dem aktuellen Kurs liegen.' });
  });

  it('estimates an OCO at its leg less favourable to the customer: a sale at its stop, a purchase at its higher leg', () => {
    const sale = { ...initialValues('sell', 'oco'), quantity: '2', limit: '210', stop: '190' };
    expect(ticketEstimate(sale, instrument(), context)?.costs.orderValue).toBe('380.00');
    expect(ticketEstimate({ ...sale, side: 'buy', limit: '190', stop: '210' }, instrument(), context)?.costs.orderValue).toBe('420.00');
  });

  it('offers only the kinds the instrument allows; a TSL only for a sale', () => {
    expect(availableKinds(instrument(), 'buy')).toEqual(['market', 'limit', 'stop', 'stoplimit', 'oco', 'previously_quoted']);
    expect(availableKinds(instrument({ disabledExecTypes: ['oco'], fractionalTrading: true }), 'sell')).toEqual([
      'market',
      'limit',
      'stop',
      'stoplimit',
      'tsl',
      'fraction',
      'previously_quoted',
    ]);
  });

  it('knows which orders are still open and can be cancelled', () => {
    expect(isOpenOrder({ status: 'Open', cancelStatus: null })).toBe(true);
    expect(canCancel({ status: 'Open', cancelStatus: 'SentCancel' })).toBe(false);
    expect(isOpenOrder({ status: 'PartiallyFilled', cancelStatus: 'Canceled' })).toBe(false);
    expect(isOpenOrder({ status: 'Filled', cancelStatus: null })).toBe(false);
  });

  it('counts an RFQ quote down from the server’s own validity, not the device clock', () => {
    expect(quoteDeadline({ updatedAt: '2030-01-01T10:00:00.000Z', expiresAt: '2030-01-01T10:00:05.000Z' }, 1_000)).toBe(6_000);
    expect(quoteDeadline({ updatedAt: '2030-01-01T10:00:00.000Z', expiresAt: '2030-01-01T09:00:00.000Z' }, 1_000)).toBe(1_000);
  });
});

describe('/orders/neu', () => {
  it('checks while typing, keeps what was typed, shows the costs on "Order prüfen" and sends only from there', async () => {
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      if (call.path === '/api/trading') return jsonResponse(order(), { status: 201 });
      return undefined;
    };
    const { user } = await openTicket();
    expect(screen.getByRole('radio', { name: 'Kauf' }).getAttribute('aria-checked')).toBe('true');

    const quantity = screen.getByLabelText('Stückzahl');
    await user.type(quantity, '2x');
    await user.tab();
    expect(await screen.findByText('Die Stückzahl ist keine gültige Zahl.')).toBeTruthy();
    expect((quantity as HTMLInputElement).value).toBe('2x');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await waitFor(() => expect(screen.queryByText('Die Stückzahl ist keine gültige Zahl.')).toBeNull());
    // The live estimate: 2 × ask 200,10 €.
    expect(screen.getByText('Geschätzter Kurswert').nextElementSibling?.textContent).toBe('400,20\u00a0€');

    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Order prüfen' })).toBeTruthy();
    expect(posts('/api/trading/costs')[0]?.body).toMatchObject({ isin: SAP, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } });
    expect(screen.getByText('Orderentgelt').nextElementSibling?.textContent).toBe('1,00\u00a0€');
    expect(screen.getByText('Kosten gesamt').nextElementSibling?.textContent).toMatch(/^2,10\s€ \(0,52\s%\)$/);
    expect(posts('/api/trading')).toHaveLength(0);

    // Back to the fields: nothing typed is lost.
    await user.click(screen.getByRole('button', { name: 'Ändern' }));
    expect((screen.getByLabelText('Stückzahl') as HTMLInputElement).value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await user.click(await screen.findByRole('button', { name: 'Kauforder senden' }));

    expect(await screen.findByText('Order ausgeführt')).toBeTruthy();
    expect(screen.getByText(/Sie haben 2 Stück SAP SE zu je 200,10\s€ gekauft/)).toBeTruthy();
    const [sent] = posts('/api/trading');
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Order ansehen' }).getAttribute('href')).toBe(`/orders/${order().id}`);
  });

  it('a retry after a lost connection sends the same submission with the same Idempotency-Key', async () => {
    let attempts = 0;
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      if (call.path === '/api/trading') {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(order(), { status: 201 });
      }
      return undefined;
    };
    const { user } = await openTicket();
    await user.type(screen.getByLabelText('Stückzahl'), '2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await user.click(await screen.findByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText(/Keine Verbindung zum Server/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText('Order ausgeführt')).toBeTruthy();
    const keys = posts('/api/trading').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows every note at once with the Basisinformationsblatt, asks one confirmation of them all, and asks again for a note the server adds', async () => {
    theInstrument = instrument({ complex: true, isOTC: true, basisinformationen: '/api/instrument/DE0007164600/documents/kid.pdf' });
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse(preview({ lowTradingConfirmation: true, complexWarning: true }));
      if (call.path === '/api/user/confirmlowtrading' || call.path === '/api/user/confirmotctrading') return new Response(null, { status: 204 });
      if (call.path === '/api/trading') {
        // The OTC confirmation was still missing: the server says so.
        if (posts('/api/user/confirmotctrading').length === 0) {
          return jsonResponse(
            { message: 'Bitte bestätigen Sie einmalig den außerbörslichen Handel (OTC), bevor Sie diese Order erteilen.', status: 409, errors: [{ field: 'otcConfirmation', message: 'Bitte bestätigen Sie einmalig den außerbörslichen Handel (OTC), bevor Sie diese Order erteilen.' }] },
            { status: 409 },
          );
        }
        return jsonResponse(order(), { status: 201 });
      }
      return undefined;
    };
    const { user } = await openTicket();
    await user.type(screen.getByLabelText('Stückzahl'), '2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    expect(await screen.findByText('Warnhinweis: komplexes Produkt')).toBeTruthy();

    expect(screen.getByText('Hinweis zum Mindermengenzuschlag')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Basisinformationsblatt lesen (PDF)' }).getAttribute('href')).toBe('/api/instrument/DE0007164600/documents/kid.pdf');
    const all = () => screen.getByRole('checkbox', { name: 'Ich habe die Hinweise gelesen und möchte die Order erteilen.' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findAllByText('Bitte bestätigen Sie diesen Hinweis, um fortzufahren.')).toHaveLength(1);
    expect(posts('/api/trading')).toHaveLength(0);

    await user.click(all());
    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText(/außerbörslichen Handel \(OTC\)/)).toBeTruthy();
    expect(posts('/api/user/confirmlowtrading')).toHaveLength(1);
    // The server named a note not confirmed yet: it is listed, and the one confirmation is asked again.
    expect(screen.getByText('Außerbörslicher Handel (OTC)')).toBeTruthy();
    expect((all() as HTMLInputElement).checked).toBe(false);

    await user.click(all());
    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText('Order ausgeführt')).toBeTruthy();
    expect(posts('/api/user/confirmotctrading')).toHaveLength(1);
    // Confirmed once: not sent again.
    expect(posts('/api/user/confirmlowtrading')).toHaveLength(1);
    expect(posts('/api/trading').at(-1)?.body).toMatchObject({ acknowledgedComplexRisk: true });
  });

  it('warns before a product class the appropriateness test does not cover, and sends only once the customer trades anyway', async () => {
    const experience = { profile: null, appropriate: { SHARES: false, ETFS: true, FUNDS: true, DERIVATIVES: false, CRYPTO: false } };
    handler = (call) => {
      if (call.path === '/api/user/experience') return jsonResponse(experience);
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      if (call.path === '/api/trading') return jsonResponse(order(), { status: 201 });
      return undefined;
    };
    const { user } = await openTicket();
    await user.type(screen.getByLabelText('Stückzahl'), '2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    const warning = await screen.findByText(
      'Nach Ihren Angaben fehlen Ihnen Kenntnisse oder Erfahrungen mit Aktien. Das Geschäft ist für Sie möglicherweise nicht angemessen.',
    );
    expect(warning).toBeTruthy();
    // The notice's title names the check once; its text does not repeat it.
    expect(screen.getAllByText(/Angemessenheitsprüfung/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText('Bitte bestätigen Sie diesen Hinweis, um fortzufahren.')).toBeTruthy();
    expect(posts('/api/trading')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Ich habe die Hinweise gelesen und möchte die Order erteilen.' }));
    // Once ticked, the request to confirm goes away (the form checks again), and then it sends.
    await waitFor(() => expect(screen.queryByText('Bitte bestätigen Sie diesen Hinweis, um fortzufahren.')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Kauforder senden' }));
    expect(await screen.findByText('Order ausgeführt')).toBeTruthy();
    // The order request is the same as without the warning.
    expect(Object.keys(posts('/api/trading')[0]!.body as object).sort()).toEqual(Object.keys(toTicket({ ...initialValues('buy'), quantity: '2' }, SAP)).sort());

  });

  it.each([
    ['experienced with shares', { profile: null, appropriate: { SHARES: true, ETFS: false, FUNDS: false, DERIVATIVES: false, CRYPTO: false } }],
    ['never assessed (a customer from before the account opening)', { profile: null, appropriate: null }],
  ])('gives no appropriateness warning to a customer %s', async (_, experience) => {
    handler = (call) => {
      if (call.path === '/api/user/experience') return jsonResponse(experience);
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      return undefined;
    };
    const { user } = await openTicket();
    await user.type(screen.getByLabelText('Stückzahl'), '2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await screen.findByRole('button', { name: 'Kauforder senden' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/experience')).toBe(true));
    // One macrotask: the fake answer (all microtasks) has reached the review by then.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(/Angemessenheitsprüfung/)).toBeNull();
  });

  it('field errors of the server take the customer back to the field', async () => {
    handler = (call) =>
      call.path === '/api/trading/costs'
        ? jsonResponse({ message: 'Die Eingabe ist ungültig. Bitte prüfen Sie die markierten Felder.', status: 400, errors: [{ field: 'quantity', message: 'Die Mindeststückzahl beträgt 5.' }] }, { status: 400 })
        : undefined;
    const { user } = await openTicket();
    await user.type(screen.getByLabelText('Stückzahl'), '2');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    expect(await screen.findByText('Die Mindeststückzahl beträgt 5.')).toBeTruthy();
    expect(screen.getByText(/Bitte prüfen Sie die markierten Felder/)).toBeTruthy();
    expect((screen.getByLabelText('Stückzahl') as HTMLInputElement).value).toBe('2');
  });

  it('a limit starts at the price it would trade at now (ask for a buy, bid for a sale); "Alle verkaufen" fills in what is free', async () => {
    const { user } = await openTicket();
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    await user.click(await screen.findByRole('option', { name: 'Limit' }));
    expect((screen.getByLabelText('Limit in EUR') as HTMLInputElement).value).toBe('200,10');
    expect(screen.queryByRole('button', { name: 'Alle verkaufen' })).toBeNull();

    // A changed limit stays the customer's.
    await user.clear(screen.getByLabelText('Limit in EUR'));
    await user.type(screen.getByLabelText('Limit in EUR'), '195');
    await user.click(screen.getByRole('radio', { name: 'Verkauf' }));
    expect((screen.getByLabelText('Limit in EUR') as HTMLInputElement).value).toBe('195');
    // Emptied, it starts again at the price of the side: the bid for a sale.
    await user.clear(screen.getByLabelText('Limit in EUR'));
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    await user.click(await screen.findByRole('option', { name: 'Markt' }));
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    await user.click(await screen.findByRole('option', { name: 'Limit' }));
    expect((screen.getByLabelText('Limit in EUR') as HTMLInputElement).value).toBe('199,90');

    await user.click(screen.getByRole('button', { name: 'Alle verkaufen' }));
    expect((screen.getByLabelText('Stückzahl') as HTMLInputElement).value).toBe('10');
  });

  it('a market buy in euros: a switch between pieces and euros, not a kind of its own; in euros it sends an amount', async () => {
    theInstrument = instrument({ fractionalTrading: true, disabledExecTypes: [] });
    handler = (call) => (call.path === '/api/trading/costs' ? jsonResponse(preview()) : undefined);
    const { user } = await openTicket();
    const unit = screen.getByRole('radiogroup', { name: 'Ordern in' });
    expect(within(unit).getByRole('radio', { name: 'Stück' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Markt');
    expect(options).not.toContain('Bruchstück (Betrag in €)');
    await user.keyboard('{Escape}');

    await user.click(within(unit).getByRole('radio', { name: 'Euro' }));
    expect(screen.queryByLabelText('Stückzahl')).toBeNull();
    await user.type(screen.getByLabelText('Betrag in €'), '50');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await screen.findByRole('heading', { level: 2, name: 'Order prüfen' });
    expect(posts('/api/trading/costs')[0]?.body).toMatchObject({ side: 'buy', kind: 'fraction', amount: '50' });

    // A limit order is in pieces: the switch goes.
    await user.click(screen.getByRole('button', { name: 'Ändern' }));
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    await user.click(await screen.findByRole('option', { name: 'Limit' }));
    expect(screen.queryByRole('radiogroup', { name: 'Ordern in' })).toBeNull();
    expect(screen.getByLabelText('Stückzahl')).toBeTruthy();
  });

  it('a sale from the depot: TSL with distance in percent; kinds the instrument disables are not offered', async () => {
    handler = (call) => (call.path === '/api/trading/costs' ? jsonResponse({ ...preview(), availableAfter: '9' }) : undefined);
    const { user } = await openTicket(`isin=${SAP}&side=SELL`);
    expect(screen.getByText('Frei verfügbar: 10 Stück.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Orderart/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('TSL (Trailing Stop Loss)');
    expect(options).not.toContain('Bruchstück (Betrag in €)');
    await user.click(screen.getByRole('option', { name: 'TSL (Trailing Stop Loss)' }));
    await user.type(screen.getByLabelText('Stückzahl'), '1');
    await user.type(screen.getByLabelText('Abstand'), '5');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await screen.findByRole('heading', { level: 2, name: 'Order prüfen' });
    expect(posts('/api/trading/costs')[0]?.body).toMatchObject({ side: 'sell', kind: 'tsl', quantity: '1', trailingDistance: '5', trailingUnit: 'PERCENT' });
    expect(screen.getByText(/^Abstand 5\s%$/)).toBeTruthy();
    expect(screen.getByText('Danach frei verfügbar').nextElementSibling?.textContent).toBe('9 Stück');
  });

  it('RFQ: the binding price with its countdown; "Annehmen" executes it', async () => {
    const now = new Date();
    const quoted = order({
      kind: 'previously_quoted',
      status: 'Pending',
      display: 'Pending',
      label: 'vorläufig',
      quantity: '3',
      filledQuantity: '0',
      averagePrice: null,
      quotedPrice: '200.15',
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 5000).toISOString(),
    });
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      if (call.path === '/api/trading/rfq') return jsonResponse(quoted, { status: 201 });
      if (call.path === `/api/trading/orders/${quoted.id}/accept`) return jsonResponse({ ...quoted, status: 'Filled', display: 'Filled', label: 'ausgeführt', filledQuantity: '3', averagePrice: '200.15' });
      return undefined;
    };
    const { user } = await openTicket(`isin=${SAP}&side=BUY&kind=previously_quoted`);
    await user.type(screen.getByLabelText('Stückzahl'), '3');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await user.click(await screen.findByRole('button', { name: 'Festpreis anfragen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ihr verbindliches Angebot' })).toBeTruthy();
    expect(posts('/api/trading/rfq')[0]?.body).toEqual({ isin: SAP, side: 'buy', quantity: '3' });
    expect(posts('/api/trading/rfq')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Noch [45] Sekunden gültig$/);
    expect(document.querySelector('[data-quoted-price]')?.textContent).toBe('200,15\u00a0€');
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByText('Order ausgeführt')).toBeTruthy();
  });

  it('RFQ: a quote left alone runs out ("abgelaufen") and a new one can be asked for', async () => {
    const now = new Date();
    const quoted = order({ kind: 'previously_quoted', status: 'Pending', quantity: '3', quotedPrice: '200.15', updatedAt: now.toISOString(), expiresAt: new Date(now.getTime() + 1000).toISOString() });
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse(preview());
      if (call.path === '/api/trading/rfq') return jsonResponse(quoted, { status: 201 });
      return undefined;
    };
    const { user } = await openTicket(`isin=${SAP}&side=BUY&kind=previously_quoted`);
    await user.type(screen.getByLabelText('Stückzahl'), '3');
    await user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await user.click(await screen.findByRole('button', { name: 'Festpreis anfragen' }));
    expect(await screen.findByText('abgelaufen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annehmen' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Neues Angebot anfragen' }));
    await user.click(await screen.findByRole('button', { name: 'Festpreis anfragen' }));
    await waitFor(() => expect(posts('/api/trading/rfq')).toHaveLength(2));
    const [first, second] = posts('/api/trading/rfq').map((c) => c.headers.get('Idempotency-Key'));
    expect(first).not.toBe(second);
  });

  it('without an ISIN it says how to choose a security', async () => {
    await renderApp('/orders/neu');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welches Wertpapier möchten Sie handeln?' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wertpapier suchen' }).getAttribute('href')).toBe('/suche');
  });
});

describe('/orders', () => {
  it('lists the orders with their German status; filters; a message of the order stream updates the list', async () => {
    const id = 'a1111111-2222-4333-8444-555555555555';
    let cancelling = false;
    handler = (call) => {
      if (!call.path.startsWith('/api/trading/orders?')) return undefined;
      const open = order({ id, kind: 'limit', status: 'Open', display: 'Open', label: 'offen', limit: '150', filledQuantity: '0', averagePrice: null });
      const shown = cancelling ? { ...open, cancelStatus: 'SentCancel' as const, display: 'Open_SentCancel', label: 'zur Streichung vorgemerkt' } : open;
      return jsonResponse({ orders: call.path.includes('state=done') ? [order()] : [shown, order()] });
    };
    const { user, router } = await renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('offen')).toBeTruthy();
    expect(screen.getByText('ausgeführt')).toBeTruthy();
    expect(screen.getByText(/^Limit 150,00\s€$/)).toBeTruthy();
    expect(screen.getAllByText('Kauf · Limit')).toHaveLength(1);
    // Opening the stream fetches the list once more (what changed before it was open).
    const listCalls = () => calls.filter((c) => c.path === '/api/trading/orders?state=all').length;
    const before = listCalls();
    const stream = await openOrderStream();
    await waitFor(() => expect(listCalls()).toBe(before + 1));

    // The server has the cancellation on its way and says so on the stream.
    cancelling = true;
    act(() => stream.emit('status', { type: 'status', orderId: id, at: '2026-11-23T09:01:00.000Z', display: 'Open_SentCancel', label: 'zur Streichung vorgemerkt' }));
    expect(await screen.findByText('zur Streichung vorgemerkt')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Abgeschlossen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=abgeschlossen'));
    await waitFor(() => expect(screen.queryByText('zur Streichung vorgemerkt')).toBeNull());
    expect(calls.some((c) => c.path === '/api/trading/orders?state=done')).toBe(true);
  });

  it('on a phone an executed order keeps its execution price in the list', async () => {
    // A width that measures as a phone's: the table turns into a list.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    const open = order({ id: 'b1111111-2222-4333-8444-555555555555', kind: 'limit', status: 'Open', display: 'Open', label: 'offen', limit: '150', filledQuantity: '0', averagePrice: null });
    handler = (call) => (call.path.startsWith('/api/trading/orders?') ? jsonResponse({ orders: [open, order()] }) : undefined);
    await renderApp('/orders');
    const list = await screen.findByRole('list', { name: 'Orders' }, { timeout: 10_000 });
    const executed = await waitFor(() => list.querySelector(`[data-order-id="${order().id}"]`) as HTMLElement);
    expect(within(executed).getByText(/^Ausführungskurs: 200,10\s€$/)).toBeTruthy();
    expect(within(list.querySelector(`[data-order-id="${open.id}"]`) as HTMLElement).queryByText(/^Ausführungskurs/)).toBeNull();
  });

  it('says what to do when there are no orders yet', async () => {
    handler = (call) => (call.path.startsWith('/api/trading/orders?') ? jsonResponse({ orders: [] }) : undefined);
    await renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 2, name: 'Noch keine Orders' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wertpapier suchen' })).toBeTruthy();
  });
});

describe('/orders/:id', () => {
  it('shows terms and executions with the contract note; "Order streichen" asks first and follows the cancellation', async () => {
    const id = 'b1111111-2222-4333-8444-555555555555';
    let state: 'open' | 'cancelling' | 'cancelled' = 'open';
    const base = order({ id, kind: 'limit', status: 'PartiallyFilled', display: 'PartiallyFilled', label: 'teilausgeführt', quantity: '5', limit: '150', filledQuantity: '2', averagePrice: '149.5' });
    const execution = { id: 'e1', quantity: '2', price: '149.5', currency: 'EUR', fxRate: '1', value: '299.00', fee: '1.00', realisedPnl: null, executedAt: '2026-11-23T09:30:00.000Z', documentId: 'd1111111-2222-4333-8444-555555555555' };
    handler = (call) => {
      if (call.path === `/api/trading/orders/${id}` && call.method === 'DELETE') {
        state = 'cancelling';
        return jsonResponse({ ...base, cancelStatus: 'SentCancel', display: 'PartiallyFilled_SentCancel', label: 'teilausgeführt, zur Streichung vorgemerkt' });
      }
      if (call.path === `/api/trading/orders/${id}`) {
        if (state === 'cancelling') {
          state = 'cancelled';
          return jsonResponse({ ...base, cancelStatus: 'SentCancel', display: 'PartiallyFilled_SentCancel', label: 'teilausgeführt, zur Streichung vorgemerkt', executions: [execution] });
        }
        if (state === 'cancelled') return jsonResponse({ ...base, cancelStatus: 'Canceled', display: 'PartiallyFilled_Canceled', label: 'teilausgeführt, gestrichen', executions: [execution] });
        return jsonResponse({ ...base, executions: [execution] });
      }
      return undefined;
    };
    const { user } = await renderApp(`/orders/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order: SAP SE' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('teilausgeführt').length).toBeGreaterThan(0);
    const stream = await openOrderStream();
    const note = screen.getByRole('link', { name: /Abrechnung \(PDF\)/ });
    expect(note.getAttribute('href')).toBe(`/api/posteingang/${execution.documentId}/pdf`);

    await user.click(screen.getByRole('button', { name: 'Order streichen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Order streichen?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Order streichen' }));
    expect((await screen.findAllByText('teilausgeführt, zur Streichung vorgemerkt')).length).toBeGreaterThan(0);
    // The market maker confirms the cancellation; the stream says so.
    await waitFor(() => expect(state).toBe('cancelled'));
    act(() => stream.emit('status', { type: 'status', orderId: id, at: '2026-11-23T09:31:00.000Z', display: 'PartiallyFilled_Canceled', label: 'teilausgeführt, gestrichen' }));
    expect(await screen.findAllByText('teilausgeführt, gestrichen')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Order streichen' })).toBeNull();
  });

  it('a savings-plan order shows the kind "Sparplan" and offers no "Order streichen", even before it is filled', async () => {
    const id = 'd1111111-2222-4333-8444-555555555555';
    handler = (call) =>
      call.path === `/api/trading/orders/${id}`
        ? jsonResponse(order({ id, kind: 'savings', status: 'Open', display: 'Open', label: 'offen', quantity: null, amount: '50.00', filledQuantity: '0', averagePrice: null, executions: [] }))
        : undefined;
    await renderApp(`/orders/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order: SAP SE' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('Kauf · Sparplan').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Order streichen' })).toBeNull();
  });

  it('shows the cost information while the order is open, and none once it ended with nothing bought', async () => {
    const id = 'e1111111-2222-4333-8444-555555555555';
    const costs = preview().costs;
    let ended = false;
    handler = (call) =>
      call.path === `/api/trading/orders/${id}`
        ? jsonResponse(
            ended
              ? order({ id, kind: 'limit', limit: '190.00', status: 'Canceled', display: 'Canceled', label: 'gestrichen', filledQuantity: '0', averagePrice: null, costs, executions: [] })
              : order({ id, kind: 'limit', limit: '190.00', status: 'Open', display: 'Open', label: 'offen', filledQuantity: '0', averagePrice: null, costs, executions: [] }),
          )
        : undefined;
    const first = await renderApp(`/orders/${id}`);
    const costsLine = () => screen.queryByText('Kosten laut Kosteninformation');
    expect(await screen.findByText('Kosten laut Kosteninformation', {}, { timeout: 10_000 })).toBeTruthy();
    expect(costsLine()!.parentElement!.textContent).toContain('2,10');
    first.unmount();
    ended = true;
    await renderApp(`/orders/${id}`);
    expect((await screen.findAllByText('gestrichen', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(costsLine()).toBeNull();
  });

  it('says why an order ended that the customer did not cancel', async () => {
    const id = 'c1111111-2222-4333-8444-555555555555';
    const reason = 'Nicht ausgeführt: Ihr Guthaben deckt den Kauf zum aktuellen Kurs nicht.';
    handler = (call) =>
      call.path === `/api/trading/orders/${id}`
        ? jsonResponse(order({ id, kind: 'stop', stop: '236.67', status: 'Canceled', display: 'Canceled', label: 'gestrichen', quantity: '5', filledQuantity: '2', reason, executions: [] }))
        : undefined;
    await renderApp(`/orders/${id}`);
    expect(await screen.findByText(reason, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order streichen' })).toBeNull();
  });
});

describe('tax of a sale', () => {
  const taxValue = (root: Element, name: string) => root.querySelector(`[data-tax-line="${name}"] dd`)?.textContent;
  const sellTen = async (config = testConfig()) => {
    const app = await renderApp(`/orders/neu?isin=${SAP}&side=SELL`, { config });
    await screen.findByRole('heading', { level: 1, name: 'Order: SAP SE' }, { timeout: 10_000 });
    await app.user.type(screen.getByLabelText('Stückzahl'), '10');
    await app.user.click(screen.getByRole('button', { name: 'Order prüfen' }));
    await screen.findByRole('heading', { level: 2, name: 'Order prüfen' });
    return app;
  };
  const sale = (id: string) =>
    order({ id, side: 'sell', quantity: '10', filledQuantity: '10', averagePrice: '199.9' });
  const execution = (id: string, tax: TradingOrder['tax']) => ({
    id,
    quantity: '5',
    price: '199.9',
    currency: 'EUR',
    fxRate: '1',
    value: '999.50',
    fee: '0.50',
    realisedPnl: '249.00',
    executedAt: id === 'e1' ? '2026-11-23T09:30:00.000Z' : '2026-11-23T09:31:00.000Z',
    documentId: `doc-${id}`,
    tax,
  });

  it('the sell ticket shows the estimated tax beside the costs: the pot and the allowance used before the tax', async () => {
    handler = (call) => (call.path === '/api/trading/costs' ? jsonResponse({ ...preview(), tax: SAP_SALE_ESTIMATE }) : undefined);
    await sellTen();
    const section = screen.getByRole('region', { name: 'Voraussichtliche Steuer' });
    expect(section.querySelector('[data-tax-line="amount"] dt')?.textContent).toBe('Veräußerungsgewinn');
    expect(taxValue(section, 'amount')).toBe('498,00\u00a0€');
    expect(section.querySelector('[data-tax-line="teilfreistellung"]')).toBeNull();
    expect(taxValue(section, 'lossPotShares')).toBe('100,00\u00a0€ → 0,00\u00a0€');
    expect(taxValue(section, 'lossPotOther')).toBe('0,00\u00a0€');
    expect(taxValue(section, 'allowanceUsed')).toBe('200,00\u00a0€');
    expect(taxValue(section, 'capitalGainsTax')).toBe('49,50\u00a0€');
    expect(taxValue(section, 'solidaritySurcharge')).toBe('2,72\u00a0€');
    expect(taxValue(section, 'churchTax')).toBe('0,00\u00a0€');
    expect(section.querySelector('[data-tax-line="total"]')?.textContent).toBe('Summe Steuern52,22\u00a0€');
    expect(within(section).getByText('Schätzung zum aktuellen Kurs; maßgeblich ist die Abrechnung.')).toBeTruthy();
  });

  it('a sale at a loss goes to the shares pot and refunds tax withheld earlier', async () => {
    // 300,00 € loss; 80,00 € of share gains were taxed this year: 20,00 € KapESt and 1,10 € Soli come back, the rest fills the pot.
    const loss = { ...SAP_SALE_ESTIMATE, gain: '-300.00', taxablePart: '-300.00', lossPotSharesBefore: '0.00', lossPotSharesAfter: '220.00', allowanceUsed: '0.00', capitalGainsTax: '-20.00', solidaritySurcharge: '-1.10', total: '-21.10' };
    handler = (call) => (call.path === '/api/trading/costs' ? jsonResponse({ ...preview(), tax: loss }) : undefined);
    await sellTen();
    const section = screen.getByRole('region', { name: 'Voraussichtliche Steuer' });
    expect(section.querySelector('[data-tax-line="amount"] dt')?.textContent).toBe('Veräußerungsverlust');
    expect(taxValue(section, 'amount')).toBe('\u2212300,00\u00a0€');
    expect(taxValue(section, 'capitalGainsTax')).toBe('\u221220,00\u00a0€');
    expect(section.querySelector('[data-tax-line="total"]')?.textContent).toBe('Erstattung21,10\u00a0€');
    expect(within(section).getByText('Verlust von 300,00 € wird dem Verlusttopf Aktien gutgeschrieben.')).toBeTruthy();
    expect(within(section).getByText('Bereits einbehaltene Steuer von 21,10 € wird erstattet.')).toBeTruthy();
  });

  it('the order of a sale in two executions shows its tax, and each execution’s', async () => {
    const id = 'e2111111-2222-4333-8444-555555555555';
    const half = { gain: '249.00', taxablePart: '249.00', teilfreistellung: '0', allowanceUsed: '0.00', capitalGainsTax: '62.25', solidaritySurcharge: '3.42', churchTax: '0.00', lossPotSharesAfter: '0.00', lossPotOtherAfter: '0.00' };
    const whole = { ...half, gain: '498.00', taxablePart: '498.00', capitalGainsTax: '124.50', solidaritySurcharge: '6.84' };
    handler = (call) => (call.path === `/api/trading/orders/${id}` ? jsonResponse({ ...sale(id), tax: whole, executions: [execution('e1', half), execution('e2', half)] }) : undefined);
    await renderApp(`/orders/${id}`);
    const card = await screen.findByRole('region', { name: 'Steuern' }, { timeout: 10_000 });
    const orderLines = within(card).getByLabelText('Steuern der Order');
    expect(taxValue(orderLines, 'amount')).toBe('498,00\u00a0€');
    expect(taxValue(orderLines, 'capitalGainsTax')).toBe('124,50\u00a0€');
    expect(taxValue(orderLines, 'solidaritySurcharge')).toBe('6,84\u00a0€');
    expect(orderLines.querySelector('[data-tax-line="lossPotShares"] dt')?.textContent).toBe('Verlusttopf Aktien danach');
    expect(orderLines.querySelector('[data-tax-line="total"]')?.textContent).toBe('Summe Steuern131,34\u00a0€');
    expect(card.querySelectorAll('[data-execution-tax]')).toHaveLength(2);
    expect(taxValue(card.querySelector('[data-execution-tax="e2"]')!, 'capitalGainsTax')).toBe('62,25\u00a0€');
  });

  it('with tax disabled neither the ticket nor the order shows any tax', async () => {
    const config = testConfig();
    config.featureFlags.taxDisabled = true;
    const id = 'f2111111-2222-4333-8444-555555555555';
    handler = (call) => {
      if (call.path === '/api/trading/costs') return jsonResponse({ ...preview(), tax: SAP_SALE_ESTIMATE });
      if (call.path === `/api/trading/orders/${id}`) return jsonResponse({ ...sale(id), tax: { ...SAP_SALE_ESTIMATE }, executions: [] });
      return undefined;
    };
    const { unmount } = await sellTen(config);
    expect(screen.queryByRole('region', { name: 'Voraussichtliche Steuer' })).toBeNull();
    unmount();
    await renderApp(`/orders/${id}`, { config });
    await screen.findByRole('heading', { level: 1, name: 'Order: SAP SE' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Steuern' })).toBeNull();
  });
});
