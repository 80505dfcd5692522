import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** iShares Core MSCI Europe UCITS ETF EUR (Acc): accumulating, an equity fund (30 % Teilfreistellung), no order fee. */
const ETF = 'IE00B4K48X80';
const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
quotes.pin(ETF, '100.00', '100.00');
// The closes of 2026's first trading day (Friday 2 January) and last (Wednesday 30 December; Xetra is closed on New Year's Eve).
quotes.pinHistory(ETF, [
  { t: '2026-01-02T16:30:00Z', c: '90.00' },
  { t: '2026-12-30T16:30:00Z', c: '110.00' },
]);

async function trade(t: TestApp, c: SignedInCustomer, isin: string, side: 'buy' | 'sell', quantity: string, price: string): Promise<TradingOrder> {
  quotes.pin(isin, price, price);
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
  return order;
}

const taxYear = async (t: TestApp, c: SignedInCustomer, year: number) => (await t.call({ method: 'GET', url: `/api/tax?year=${year}`, headers: c.headers })).json() as TaxYearView;
const documents = async (t: TestApp, c: SignedInCustomer, kind: string) =>
  ((await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: c.headers })).json() as DocumentPage).documents.filter((d) => d.kind === kind);
const pdf = async (t: TestApp, c: SignedInCustomer, id: string) => pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${id}/pdf`, headers: c.headers })).rawPayload);

describe('the Vorabpauschale is booked on the first banking day of the year and deducted on a later sale; the Jahressteuerbescheinigung follows', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  let bob: SignedInCustomer;
  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Berlin.
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    anna = await customerWithCash(t, '20000.00');
    bob = await customerWithCash(t, '5000.00');
    // Anna: 100 ETF at 100 € (no fee: 10,000 €), and a share gain in 2026: 10 SAP at 100 € (1,001 € with the fee) sold at 150 € (1,499 €): 498 €.
    await trade(t, anna, ETF, 'buy', '100', '100.00');
    await trade(t, anna, SAP, 'buy', '10', '100.00');
    await trade(t, anna, SAP, 'sell', '10', '150.00');
    // Bob: a share loss of 1,001 − 799 = 202 €, carried into 2027.
    await trade(t, bob, SAP, 'buy', '10', '100.00');
    await trade(t, bob, SAP, 'sell', '10', '80.00');
  }, 60_000);
  afterAll(async () => t.close());

  it('vorabpauschale-booked-in-january-deducted-on-sale', async () => {
    const before = (await cash(t, anna)).balance;
    await clockTo(t, '2027-01-03T12:00:00Z');
    expect(await documents(t, anna, 'tax_statement')).toEqual([]);
    // Monday 4 January 2027 is the first banking day of the year.
    await clockTo(t, '2027-01-04T10:00:00Z');
    // Basisertrag 90 € × 3.20 % × 0.7 = 2.016 € per piece, below the year's rise of 20 €; bought in November:
    // 10 full months before, so 2/12 of it: 2.016 × 100 × 2 ÷ 12 = 33.60 €.
    // Taxed after 30 % Teilfreistellung: 23.52 €; KapESt 25 % = 5.88 €, Soli 5.5 % = 0.3234 → 0.32 €: 6.20 € from the cash.
    expect(new Decimal(before).minus((await cash(t, anna)).balance).toFixed(2)).toBe('6.20');
    const view = await taxYear(t, anna, 2027);
    expect(view.events).toMatchObject([{ kind: 'vorabpauschale', isin: ETF, amount: '33.60', teilfreistellung: '0.30', taxablePart: '23.52', capitalGainsTax: '5.88', solidaritySurcharge: '0.32' }]);
    const [notice] = await documents(t, anna, 'tax_statement');
    expect(notice).toMatchObject({ title: 'Vorabpauschale 2026', category: 'STEUERN' });
    expect(view.events[0]!.documentId).toBe(notice!.id);
    const text = await pdf(t, anna, notice!.id);
    expect(text).toContain('Vorabpauschale 2026');
    expect(text).toContain('3,2 %');
    expect(text).toContain('33,60');
    expect(text).toContain('23,52');
    expect(text).toContain('5,88');

    // Sold on Tuesday at 120 €: 12,000 − 10,000 = 2,000 €, less the 33.60 € already taxed: a gain of 1,966.40 €.
    // After the Teilfreistellung 1,376.48 €; the year then holds 1,400.00 €: KapESt 350.00, less 5.88 = 344.12 €;
    // Soli 19.25, less 0.32 = 18.93 €.
    await clockTo(t, '2027-01-05T10:00:00Z');
    const sale = await trade(t, anna, ETF, 'sell', '100', '120.00');
    expect(sale.tax).toMatchObject({ gain: '1966.40', capitalGainsTax: '344.12', solidaritySurcharge: '18.93' });
  });

  it('the Jahressteuerbescheinigung 2026 appears in January with the year’s figures; the pots carry forward', async () => {
    const [certificate] = await documents(t, anna, 'tax_certificate');
    expect(certificate).toMatchObject({ title: 'Jahressteuerbescheinigung 2026', category: 'STEUERN' });
    const text = await pdf(t, anna, certificate!.id);
    expect(text).toContain('Jahressteuerbescheinigung 2026');
    expect(text).toContain('Gewinne aus Aktienveräußerungen');
    expect(text).toContain('498,00');
    expect(text).toContain('124,50');
    expect(text).toContain('6,84');

    const [bobs] = await documents(t, bob, 'tax_certificate');
    const bobsText = await pdf(t, bob, bobs!.id);
    expect(bobsText).toContain('-202,00');
    expect(bobsText).toMatch(/Verlusttopf Aktien: 202,00.€ werden in das Jahr 2027 vorgetragen/);
    expect((await taxYear(t, bob, 2027)).carriedLossPots).toEqual({ shares: '202.00', other: '0.00' });
  });
});
