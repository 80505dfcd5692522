import { randomUUID } from 'node:crypto';
import { outboxStore } from '../outbox/store.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { berlinDate } from '@kontor/domain/banking-days';
import { parseServiceRequest } from '@kontor/domain/service-requests';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { embeddedPhoneNumbers } from '../identity/store.ts';
import type { Db } from '../platform/db.ts';
import { serviceRequestAppliers } from '../tickets/apply.ts';
import { taxStore } from './store.ts';

const SAP = 'DE0007164600'; // a share (AKTIE): the stocks pot
const TELEKOM = 'DE0005557508'; // a share too
const CORE_DAX = 'DE0005933931'; // an ETF in euros: the other pot
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  // Wednesday 25 November 2026, 11:00 in Berlin: the market is open, the deadline (15 December) ahead.
  t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
  anna = await customerWithCash(t, '5000.00');
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: anna.headers });
});
afterAll(async () => t.close());

/** A market order at the pinned price; its fee as the order's costs say. */
async function trade(isin: string, side: 'buy' | 'sell', quantity: string, price: string): Promise<{ fee: string; realisedPnl: string | null }> {
  quotes.pin(isin, price, price);
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...anna.headers, 'idempotency-key': randomUUID() }, payload: { isin, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: anna.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
  const [execution] = order.executions!;
  return { fee: execution!.fee, realisedPnl: execution!.realisedPnl };
}

const certify = (attributes: { lossOffsetResetStocks?: boolean; lossOffsetResetOther?: boolean }) => {
  const appliers = serviceRequestAppliers({
    phoneNumbers: embeddedPhoneNumbers(t.app.simulatedClock),
    directDebitEnabled: true,
    smsInTransaction: (tx, recipient, text) => outboxStore(tx).insert({ recipient, channel: 'sms', text, code: null, createdAt: t.clock.now() }),
  });
  const parsed = parseServiceRequest('LOSS_CERTIFICATE', attributes);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const now = t.app.simulatedClock.now();
  return t.database.db.transaction((tx) =>
    appliers.LOSS_CERTIFICATE({ tx: tx as unknown as Db, sub: anna.sub, ticketId: randomUUID(), now, today: berlinDate(now), customerName: 'Anna Muster' }, parsed.data),
  );
};
const pots = () => taxStore(t.database.db).lossPots(anna.sub, 2026);

it('a share sold at a loss fills the stocks pot, a share sold at a gain nets against it, an ETF fills the other pot', async () => {
  expect(await pots()).toEqual({ stocks: '0.00', other: '0.00' });

  // SAP: 10 bought at 100,00 € (fee 1,00 €: cost 1.001,00 €) and sold at 80,00 € (fee 1,00 €: 799,00 €): −202,00 €.
  expect(await trade(SAP, 'buy', '10', '100.00')).toEqual({ fee: '1.00', realisedPnl: null });
  expect(await trade(SAP, 'sell', '10', '80.00')).toEqual({ fee: '1.00', realisedPnl: '-202.00' });
  expect(await pots()).toEqual({ stocks: '202.00', other: '0.00' });

  // Telekom: 10 bought at 20,00 € and sold at 25,00 €, 2,00 € fee each (small order): 248,00 − 202,00 = +46,00 €,
  // netted in the same pot: 202,00 − 46,00 = 156,00 €.
  expect(await trade(TELEKOM, 'buy', '10', '20.00')).toEqual({ fee: '2.00', realisedPnl: null });
  expect(await trade(TELEKOM, 'sell', '10', '25.00')).toEqual({ fee: '2.00', realisedPnl: '46.00' });
  expect(await pots()).toEqual({ stocks: '156.00', other: '0.00' });

  // The ETF: 10 bought at 50,00 € (no fee) and sold at 45,00 € (fee 1,00 €): 449,00 − 500,00 = −51,00 €; an equity
  // fund's loss counts 70 % (Teilfreistellung 30 %): −35,70 € in the other pot.
  expect(await trade(CORE_DAX, 'buy', '10', '50.00')).toEqual({ fee: '0.00', realisedPnl: null });
  expect(await trade(CORE_DAX, 'sell', '10', '45.00')).toEqual({ fee: '1.00', realisedPnl: '-51.00' });
  expect(await pots()).toEqual({ stocks: '156.00', other: '35.70' });

  // The certificate for the shares only: it certifies that pot, issues the document, and the pot starts again.
  t.app.simulatedClock.advance(60_000);
  const applied = await certify({ lossOffsetResetStocks: true });
  expect(applied).toMatchObject({
    outcome: 'DONE',
    documents: [
      {
        kind: 'tax_certificate',
        dedupeKey: 'loss_certificate:2026',
        title: 'Verlustbescheinigung 2026',
        data: { year: 2026, customerName: 'Anna Muster', issuedAt: t.app.simulatedClock.now().toISOString(), stocks: '156.00', other: null },
      },
    ],
  });
  expect(applied.message).toMatch(/Verlustbescheinigung 2026/);
  expect(await pots()).toEqual({ stocks: '0.00', other: '35.70' });
  const settings = (await t.call({ method: 'GET', url: '/api/usersettings', headers: anna.headers })).json();
  expect(settings.lossCertificateYears).toEqual([2026]);

  // A loss after the certificate counts in the new pot; a second certificate the same year is refused.
  t.app.simulatedClock.advance(60_000);
  // 1 SAP bought at 100,00 € and sold at 90,00 €, 2,00 € fee each: 88,00 − 102,00 = −14,00 €.
  await trade(SAP, 'buy', '1', '100.00');
  expect(await trade(SAP, 'sell', '1', '90.00')).toEqual({ fee: '2.00', realisedPnl: '-14.00' });
  expect(await pots()).toEqual({ stocks: '14.00', other: '35.70' });
  expect(await certify({ lossOffsetResetStocks: true, lossOffsetResetOther: true })).toMatchObject({
    outcome: 'REJECTED',
    message: 'Eine Verlustbescheinigung für 2026 ist bereits ausgestellt.',
    documents: [],
  });
  expect(await taxStore(t.database.db).lossCertificate(anna.sub, 2026)).toMatchObject({ stocks: '156.00', other: null });
});
