import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dividendExDateOf, dividendPayDateOf } from './dividends.ts';

const APPLE = 'US0378331005';
const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
// 1.25 $ per euro: a dollar is 0.80 €.
quotes.pin(EUR_USD_ISIN, '1.25', '1.25');
quotes.pin(APPLE, '200.00', '200.00');
quotes.pin(SAP, '200.00', '200.00');

async function trade(t: TestApp, c: SignedInCustomer, isin: string, side: 'buy' | 'sell', quantity: string): Promise<void> {
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
}

const taxYear = async (t: TestApp, c: SignedInCustomer) => (await t.call({ method: 'GET', url: '/api/tax?year=2027', headers: c.headers })).json() as TaxYearView;
const statements = async (t: TestApp, c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: c.headers })).json() as DocumentPage).documents.filter((d) => d.kind === 'tax_statement');
const pdf = async (t: TestApp, c: SignedInCustomer, id: string) => pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${id}/pdf`, headers: c.headers })).rawPayload);

describe('dividends are booked by the scheduler on their pay date, taxed, with a Dividendengutschrift', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  let bob: SignedInCustomer;
  beforeAll(async () => {
    // Tuesday 2 March 2027, 11:00 in Berlin: the market is open.
    t = await createTestApp({ now: '2027-03-02T10:00:00Z', quotes });
    anna = await customerWithCash(t, '10000.00');
    bob = await customerWithCash(t, '10000.00');
    await trade(t, anna, APPLE, 'buy', '10');
    await trade(t, anna, SAP, 'buy', '10');
    // Bob sells his Apple shares long before the ex-date.
    await trade(t, bob, APPLE, 'buy', '10');
    await trade(t, bob, APPLE, 'sell', '10');
  }, 60_000);
  afterAll(async () => t.close());

  it('the pay and ex-dates are fixed per ISIN and year: Apple pays on 23 April 2027 (ex 21 April), SAP on 28 June (ex 24 June)', () => {
    expect([dividendPayDateOf(APPLE, 2027), dividendExDateOf('2027-04-23')]).toEqual(['2027-04-23', '2027-04-21']);
    expect([dividendPayDateOf(SAP, 2027), dividendExDateOf('2027-06-28')]).toEqual(['2027-06-28', '2027-06-24']);
  });

  it('us-dividend-withholding-credited-not-against-allowance: the Apple dividend is credited net of 15 % US tax, which is credited against the KapESt', async () => {
    await clockTo(t, '2027-04-22T10:00:00Z');
    const before = (await cash(t, anna)).balance;
    expect(await statements(t, anna)).toEqual([]);
    await clockTo(t, '2027-04-23T10:00:00Z');
    // The instrument page's figure for 2027: 2.64 $ per share.
    const res = await t.call({ method: 'GET', url: `/api/instrument/${APPLE}/dividends`, headers: anna.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { entries: unknown[] }).entries[0]).toMatchObject({ year: 2027, yieldAbsolute: '2.64' });
    // 10 × 2.64 $ × 0.80 = 21.12 € gross; US tax 15 % = 3.168 → 3.17 €.
    // KapESt = (21.12 − 4 × 3.17) ÷ 4 = 8.44 ÷ 4 = 2.11 €; Soli 5.5 % = 0.11605 → 0.11 € (fractions of a cent dropped).
    // Net 21.12 − 3.17 − 2.11 − 0.11 = 15.73 €.
    expect(new Decimal((await cash(t, anna)).balance).minus(before).toFixed(2)).toBe('15.73');
    const view = await taxYear(t, anna);
    expect(view).toMatchObject({ paid: { capitalGainsTax: '2.11', solidaritySurcharge: '0.11', churchTax: '0.00' }, withholdingTaxCredited: '3.17', allowance: { used: '0.00' } });
    const [event] = view.events;
    expect(event).toMatchObject({ kind: 'dividend', isin: APPLE, amount: '21.12', taxablePart: '21.12', foreignTax: '3.17', withholdingTaxCredited: '3.17', capitalGainsTax: '2.11', solidaritySurcharge: '0.11' });
    const [doc] = await statements(t, anna);
    expect(doc).toMatchObject({ title: 'Dividendengutschrift', category: 'STEUERN' });
    expect(event!.documentId).toBe(doc!.id);
    const text = await pdf(t, anna, doc!.id);
    expect(text).toContain('Dividendengutschrift');
    expect(text).toContain('Apple Inc.');
    expect(text).toContain('2,64');
    expect(text).toContain('21,12');
    expect(text).toContain('Quellensteuer 15 %');
    expect(text).toContain('-3,17');
    expect(text).toContain('Angerechnete Quellensteuer');
    expect(text).toContain('15,73');
  });

  it('a customer who sold before the ex-date gets none; running the day again books nothing twice', async () => {
    expect(await statements(t, bob)).toEqual([]);
    // His sale (a loss of his 2 € fees) is his only taxed event.
    expect((await taxYear(t, bob)).events.map((e) => e.kind)).toEqual(['sale']);
    const before = (await cash(t, anna)).balance;
    expect(await t.app.taxRuns.payDividends(APPLE, '2027-04-23')).toBe(0);
    expect((await cash(t, anna)).balance).toBe(before);
    expect(await statements(t, anna)).toHaveLength(1);
  });

  it('the SAP dividend has no foreign tax: 25 % KapESt on the year, settled together with the Apple dividend', async () => {
    const before = (await cash(t, anna)).balance;
    await clockTo(t, '2027-06-28T10:00:00Z');
    // 10 × 7.35 € = 73.50 € gross. The year: 21.12 + 73.50 = 94.62 €, foreign tax 3.17 €:
    // KapESt (94.62 − 12.68) ÷ 4 = 20.485 → 20.48, less 2.11 withheld = 18.37 €; Soli 20.48 × 5.5 % = 1.1264 → 1.12, less 0.11 = 1.01 €.
    // Net 73.50 − 18.37 − 1.01 = 54.12 €.
    expect(new Decimal((await cash(t, anna)).balance).minus(before).toFixed(2)).toBe('54.12');
    const view = await taxYear(t, anna);
    expect(view.paid).toMatchObject({ capitalGainsTax: '20.48', solidaritySurcharge: '1.12' });
    expect(view.events[0]).toMatchObject({ kind: 'dividend', isin: SAP, amount: '73.50', foreignTax: '0.00', capitalGainsTax: '18.37', solidaritySurcharge: '1.01' });
    const text = await pdf(t, anna, (await statements(t, anna))[0]!.id);
    expect(text).toContain('SAP SE');
    expect(text).toContain('7,35');
    expect(text).not.toContain('Quellensteuer 15');
    expect(text).toContain('54,12');
  });
});
