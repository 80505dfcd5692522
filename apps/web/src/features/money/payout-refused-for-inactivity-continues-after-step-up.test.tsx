import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { IDLE_STEP_UP_PURPOSE, SESSION_IDLE_CODE } from '@kontor/domain/auth-contracts';
import type { MoneyOverview } from '@kontor/domain/money-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { resetDevTools } from '../../lib/dev-tools';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const IBAN = 'DE89370400440532013000';
const OVERVIEW: MoneyOverview = {
  cash: { availableToBuy: '1500.00', availableToPayout: '1200.00', reserved: '300.00', reservedParts: { openOrders: '300.00', corporateActions: '0.00', payouts: '0.00' }, notYetSettled: '0.00', balance: '1500.00' },
  referenceAccount: { iban: IBAN, ibanMasked: 'DE89 •••• 3000', holder: 'Max Mustermann', bic: 'COBADEFFXXX' },
  depositAccount: { holder: 'Kontor Wertpapierhandelsbank AG', iban: 'DE02120300000000202051', bic: 'KONTDEB1XXX', reference: 'KONTOR 1234 5678' },
  directDebit: { enabled: true, mandate: null, instantLimit: '1000.00' },
  payouts: [],
  debits: [],
};
const IDLE_REFUSAL = {
  status: 403,
  code: SESSION_IDLE_CODE,
  message: 'Sie waren länger als 5 Minuten nicht aktiv. Bitte bestätigen Sie zu Ihrer Sicherheit erneut, dass Sie es sind.',
};

let server: ReturnType<typeof installFakeTicketServer>;
/** The server's view of the session: idle until the step-up reached it. */
let idle: boolean;

beforeEach(() => {
  resetDevTools();
  idle = true;
  server = installFakeTicketServer({
    routes: (method, url, body) => {
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/moneytransaction':
          return jsonResponse(OVERVIEW);
        case 'GET /api/moneytransaction/history':
          return jsonResponse({ entries: [], months: [] });
        case 'POST /api/ticket/requesttan':
          return idle && body?.type === 'MONEY_TRANSACTION' ? jsonResponse(IDLE_REFUSAL, { status: 403 }) : undefined;
        case 'POST /api/session/stepup':
          idle = false;
          return undefined;
        case 'POST /api/moneytransaction/payouts':
          return jsonResponse(
            { id: 'p1', amount: body?.amount, ibanMasked: 'DE89 •••• 3000', state: 'ORDERED', orderedAt: '2026-11-25T10:00:00.000Z', executionDate: '2026-11-26', cancellable: true },
            { status: 201 },
          );
        default:
          return undefined;
      }
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

it('a payout TAN the server refuses for inactivity brings up the step-up; after it the payout goes on with what was typed', async () => {
  const { user } = await renderApp('/geldtransfer');
  await screen.findByRole('heading', { level: 2, name: 'Verrechnungskonto' }, { timeout: 10_000 });
  const form = screen.getByRole('form', { name: 'Auszahlen' });
  await user.type(within(form).getByRole('textbox', { name: 'Betrag in €' }), '250,50');
  await user.click(within(form).getByRole('button', { name: 'Weiter' }));
  const payoutDialog = await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
  await user.click(await within(payoutDialog).findByRole('button', { name: 'TAN anfordern' }));

  // The server said SESSION_IDLE: the customer confirms again (no app: a TAN for the step-up).
  const stepUp = await screen.findByRole('dialog', { name: 'Anmeldung bestätigen' });
  expect(within(stepUp).getByText(/länger als 5 Minuten nicht aktiv/)).toBeTruthy();
  await user.click(await within(stepUp).findByRole('button', { name: 'TAN anfordern' }));
  expect(server.latest().payload).toEqual({ type: 'TICKET', data: { purpose: IDLE_STEP_UP_PURPOSE } });
  const stepUpTan = server.latest().tan;
  await user.type(await within(stepUp).findByRole('textbox', { name: 'TAN' }), `${stepUpTan}{Enter}`);
  await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
  expect(screen.queryByRole('dialog', { name: 'Anmeldung bestätigen' })).toBeNull();
  expect(server.callsTo('/api/session/stepup')[0]?.body).toEqual({ step: IDLE_STEP_UP_PURPOSE, authorisation: { ticket: 't-1', tan: stepUpTan, authorizationId: 'auth-t-1' } });

  // The refused TAN request was sent again: the payout's TAN arrives, for the amount typed before.
  expect(server.latest().payload).toEqual({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '250.50', iban: IBAN } });
  const dialog = screen.getByRole('dialog', { name: 'Auszahlung bestätigen' });
  await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
  expect(await screen.findByText('Auszahlung beauftragt')).toBeTruthy();
  expect(server.callsTo('/api/moneytransaction/payouts')[0]?.body).toMatchObject({ amount: '250.50' });
});
