import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountHistory, MoneyOverview } from '@kontor/domain/money-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { resetDevTools } from '../../lib/dev-tools';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse } from '../../test/fixtures';
import { moneyOverviewWith, REFERENCE_IBAN } from '../../test/money-fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const IBAN = REFERENCE_IBAN;

const overviewWith = moneyOverviewWith;

const HISTORY: AccountHistory = {
  entries: [
    { id: 'e2', kind: 'payout', date: '2026-11-24', valueDate: '2026-11-25', text: 'Auszahlung an DE89 •••• 3000', amount: '-200.00', balance: '1500.00' },
    { id: 'e1', kind: 'deposit', date: '2026-11-02', valueDate: '2026-11-02', text: 'Überweisung KONTOR 1234 5678', amount: '1700.00', balance: '1700.00' },
  ],
  months: ['2026-11', '2026-10'],
};

let overview: MoneyOverview;
let history: AccountHistory;
let payoutAnswers: (() => Response | Promise<Response>)[];
let server: ReturnType<typeof installFakeTicketServer>;
let headers: { path: string; idempotencyKey: string | null }[];

beforeEach(() => {
  resetDevTools();
  overview = overviewWith();
  history = HISTORY;
  payoutAnswers = [];
  headers = [];
  server = installFakeTicketServer({
    routes: (method, url, body, init) => {
      headers.push({ path: url.pathname, idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/moneytransaction':
          return jsonResponse(overview);
        case 'GET /api/moneytransaction/history':
          return jsonResponse(history);
        case 'POST /api/moneytransaction/payouts': {
          const answer = payoutAnswers.shift();
          if (answer) return answer();
          return jsonResponse(
            { id: 'p1', amount: body?.amount, ibanMasked: 'DE89 •••• 3000', state: 'ORDERED', orderedAt: '2026-11-25T10:00:00.000Z', executionDate: '2026-11-26', cancellable: true },
            { status: 201 },
          );
        }
        case 'DELETE /api/moneytransaction/payouts/p1':
          return jsonResponse({ ...overview.payouts[0], state: 'CANCELLED', cancellable: false });
        case 'PUT /api/user/account/iban':
          return jsonResponse({ iban: body?.iban, ibanMasked: 'DE89 •••• 3000', holder: 'Max Mustermann', bic: null });
        case 'POST /api/moneytransaction/mandate':
          return jsonResponse({ mandateReference: 'KONTOR-M-1', creditorId: 'DE98ZZZ09999999999', signedAt: '2026-11-25T10:00:00.000Z', ibanMasked: 'DE89 •••• 3000' }, { status: 201 });
        case 'POST /api/moneytransaction/debits':
          return jsonResponse(
            { id: 'd1', amount: body?.amount, creditedAtOnce: '1000.00', state: 'PENDING', requestedAt: '2026-11-25T10:00:00.000Z', settlementDate: '2026-11-27' },
            { status: 201 },
          );
        case 'POST /api/dev/money/incoming-transfer':
          return jsonResponse({ id: 'c1', bookingDate: '2026-11-26' }, { status: 202 });
        default:
          return undefined;
      }
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

const open = async () => {
  const view = await renderApp('/geldtransfer');
  await screen.findByRole('heading', { level: 2, name: 'Verrechnungskonto' }, { timeout: 10_000 });
  return view;
};
const figure = (name: string) => document.querySelector(`[data-cash="${name}"] dd`)?.textContent;
const calls = (path: string) => server.state.calls.filter((c) => c.path === path);

describe('/geldtransfer', () => {
  it('the reserved 300 € say what holds them: 200 € for open orders, 100 € for a corporate action, no payout line while none is held', async () => {
    await open();
    const part = (name: string) => document.querySelector(`[data-cash="reserved"] [data-reserved="${name}"]`)?.textContent;
    expect(part('openOrders')).toBe('Reserviert für offene Orders200,00\u00a0€');
    expect(part('corporateActions')).toBe('Reserviert für Kapitalmaßnahmen100,00\u00a0€');
    expect(part('payouts')).toBeUndefined();
  });

  it('shows the cash figures, a negative balance red with its minus sign, and the account history with signed amounts', async () => {
    overview = overviewWith({ cash: { availableToBuy: '0.00', availableToPayout: '0.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, notYetSettled: '0.00', balance: '-50.00' } });
    await open();
    expect(figure('availableToBuy')).toBe('0,00\u00a0€');
    expect(figure('balance')).toBe('\u221250,00\u00a0€');
    const table = await screen.findByRole('grid', { name: 'Kontoumsätze' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BuchungstagValutaBuchungstextBetragSaldo',
      '24.11.202625.11.2026Auszahlung an DE89 •••• 3000\u2212200,00\u00a0€1.500,00\u00a0€',
      '02.11.202602.11.2026Überweisung KONTOR 1234 5678+1.700,00\u00a0€1.700,00\u00a0€',
    ]);
    expect(screen.getByText('Zurzeit ist nichts auszahlbar.', { exact: false })).toBeTruthy();
  });

  it('filters the history by kind and month; the CSV link exports what is shown', async () => {
    const { user } = await open();
    await screen.findByRole('grid', { name: 'Kontoumsätze' });
    const csv = () => new URL(screen.getByRole('link', { name: 'CSV exportieren' }).getAttribute('href') ?? '', 'http://x');
    expect(csv().pathname).toBe('/api/moneytransaction/history.csv');
    expect(screen.getByRole('link', { name: 'CSV exportieren' }).hasAttribute('download')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Art/ }));
    await user.click(await screen.findByRole('option', { name: 'Auszahlung' }));
    await user.click(screen.getByRole('button', { name: /Monat/ }));
    await user.click(await screen.findByRole('option', { name: 'November 2026' }));
    await waitFor(() => expect(calls('/api/moneytransaction/history').length).toBeGreaterThanOrEqual(3));
    expect(server.state.calls.some((c) => c.path === '/api/moneytransaction/history')).toBe(true);
    expect(csv().searchParams.get('kind')).toBe('payout');
    expect(csv().searchParams.get('month')).toBe('2026-11');
  });

  it('an empty history says what to do next', async () => {
    history = { entries: [], months: [] };
    await open();
    expect(await screen.findByRole('heading', { name: 'Noch keine Umsätze – zahlen Sie Geld ein' })).toBeTruthy();
  });

  it('shows Kontor’s bank details with the customer’s reference; a simulated transfer says when it is credited', async () => {
    const { user } = await open();
    const details = screen.getByLabelText('Bankverbindung für Ihre Überweisung');
    expect(within(details).getByText('DE02 1203 0000 0000 2020 51')).toBeTruthy();
    expect(within(details).getByText('KONTOR 1234 5678')).toBeTruthy();
    expect(screen.getByText('Das Geld wird am nächsten Bankarbeitstag nach Eingang gutgeschrieben.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Überweisung simulieren' });
    const amount = within(form).getByRole('textbox', { name: 'Betrag in €' });
    await user.clear(amount);
    await user.type(amount, '2.500,00');
    await user.click(within(form).getByRole('button', { name: 'Überweisung simulieren' }));
    expect(await within(form).findByText('Wird am 26.11.2026 gutgeschrieben.')).toBeTruthy();
    expect(calls('/api/dev/money/incoming-transfer')[0]?.body).toEqual({ amount: '2500.00' });
  });

  it('a payout: at most what is available, confirmed by TAN with amount and the full reference IBAN, then "Auszahlung beauftragt"', async () => {
    const { user } = await open();
    const form = screen.getByRole('form', { name: 'Auszahlen' });
    const amount = within(form).getByRole('textbox', { name: 'Betrag in €' });
    await user.type(amount, '1.200,01');
    await user.click(within(form).getByRole('button', { name: 'Weiter' }));
    expect(await within(form).findByText('Höchstens 1.200,00 € – mehr ist nicht verfügbar.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Alles auszahlen' }));
    expect((amount as HTMLInputElement).value).toBe('1200,00');
    await user.click(within(form).getByRole('button', { name: 'Weiter' }));

    const dialog = await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
    expect(within(dialog).getByText('1.200,00 €')).toBeTruthy();
    expect(within(dialog).getByText('DE89 •••• 3000')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(server.latest().payload).toEqual({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '1200.00', iban: IBAN } });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);

    expect(await screen.findByText('Auszahlung beauftragt')).toBeTruthy();
    expect(screen.getByText('1.200,00 € werden am 26.11.2026 auf Ihr Referenzkonto DE89 •••• 3000 überwiesen.')).toBeTruthy();
    expect(calls('/api/moneytransaction/payouts')[0]?.body).toEqual({ amount: '1200.00', authorisation: { ticket: 't-1', tan: server.latest().tan, authorizationId: 'auth-t-1' } });
    expect(headers.find((h) => h.path === '/api/moneytransaction/payouts')?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a payout whose answer failed is retried under the same Idempotency-Key', async () => {
    // The first answer is lost on the way (the payout may have been booked): the retry must carry the same key.
    payoutAnswers = [() => Promise.reject(new TypeError('Failed to fetch'))];
    const { user } = await open();
    const form = screen.getByRole('form', { name: 'Auszahlen' });
    await user.type(within(form).getByRole('textbox', { name: 'Betrag in €' }), '100');
    await user.click(within(form).getByRole('button', { name: 'Weiter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
      await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
      if (attempt === 0) {
        expect(await within(dialog).findByText(/Keine Verbindung zum Server/)).toBeTruthy();
        await user.click(within(dialog).getByRole('button', { name: 'Neue TAN anfordern' }));
      }
    }
    expect(await screen.findByText('Auszahlung beauftragt')).toBeTruthy();
    const keys = headers.filter((h) => h.path === '/api/moneytransaction/payouts').map((h) => h.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('an open payout can be cancelled after a confirmation', async () => {
    overview = overviewWith({
      payouts: [{ id: 'p1', amount: '250.00', ibanMasked: 'DE89 •••• 3000', state: 'ORDERED', orderedAt: '2026-11-25T10:00:00.000Z', executionDate: '2026-11-26', cancellable: true }],
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: /^Auszahlung über 250,00\s€ stornieren$/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Auszahlung stornieren?' });
    expect(within(confirm).getByText('250,00 € werden am 26.11.2026 nicht überwiesen und stehen Ihnen wieder zur Verfügung.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Auszahlung stornieren' }));
    await waitFor(() => expect(server.state.calls.some((c) => c.method === 'DELETE' && c.path === '/api/moneytransaction/payouts/p1')).toBe(true));
    expect(await screen.findByText('Die Auszahlung wurde storniert.')).toBeTruthy();
  });

  it('without a reference account: the IBAN is checked as typed and saved in electronic format', async () => {
    overview = overviewWith({ referenceAccount: null });
    const { user } = await open();
    const form = screen.getByRole('form', { name: 'Referenzkonto hinterlegen' });
    const field = within(form).getByRole('textbox', { name: 'IBAN Ihres Referenzkontos' });
    await user.type(field, 'DE89 3704 0044 0532 0130 01');
    await user.click(within(form).getByRole('button', { name: 'Referenzkonto speichern' }));
    expect(await within(form).findByText('Die IBAN ist ungültig. Bitte prüfen Sie die Eingabe.')).toBeTruthy();
    expect(calls('/api/user/account/iban')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'de89 3704 0044 0532 0130 00');
    await user.click(within(form).getByRole('button', { name: 'Referenzkonto speichern' }));
    await waitFor(() => expect(calls('/api/user/account/iban')[0]?.body).toEqual({ iban: IBAN }));
  });

  it('direct debit: the mandate is signed by TAN, then a debit says what is credited at once and when it settles', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Lastschrift' }));
    expect(screen.getByText('DE98ZZZ09999999999')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SEPA-Lastschriftmandat erteilen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lastschriftmandat bestätigen' });
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(server.latest().payload).toEqual({ type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: IBAN } });
    overview = overviewWith({
      directDebit: { enabled: true, instantLimit: '1000.00', mandate: { mandateReference: 'KONTOR-M-1', creditorId: 'DE98ZZZ09999999999', signedAt: '2026-11-25T10:00:00.000Z', ibanMasked: 'DE89 •••• 3000' } },
    });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    expect(await screen.findByText('KONTOR-M-1')).toBeTruthy();
    expect(calls('/api/moneytransaction/mandate')[0]?.body).toMatchObject({ authorisation: { ticket: 't-1' } });

    const form = screen.getByRole('form', { name: 'Per Lastschrift einzahlen' });
    await user.type(within(form).getByRole('textbox', { name: 'Betrag in €' }), '1.500');
    await user.click(within(form).getByRole('button', { name: 'Lastschrift beauftragen' }));
    expect(await within(form).findByText('1.500,00 € werden eingezogen. 1.000,00 € stehen Ihnen sofort zum Handeln zur Verfügung; abgerechnet wird am 27.11.2026.')).toBeTruthy();
    expect(calls('/api/moneytransaction/debits')[0]?.body).toEqual({ amount: '1500.00' });
    expect(headers.find((h) => h.path === '/api/moneytransaction/debits')?.idempotencyKey).toBeTruthy();
  });

  it('without the direct debit flag there is only the transfer', async () => {
    overview = overviewWith({ directDebit: { enabled: false, mandate: null, instantLimit: '1000.00' } });
    await open();
    expect(screen.queryByRole('tab', { name: 'Lastschrift' })).toBeNull();
    expect(screen.getByText('KONTOR 1234 5678')).toBeTruthy();
  });
});
