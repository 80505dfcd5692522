import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { shortfallsOf } from './vorabpauschale-shortfall.ts';

/** iShares Core MSCI Europe UCITS ETF EUR (Acc): accumulating, an equity fund (30 % Teilfreistellung), no order fee. */
const ETF = 'IE00B4K48X80';
const quotes = new PinnedQuotes();
quotes.pin(ETF, '100.00', '100.00');
quotes.pinHistory(ETF, [
  { t: '2026-01-02T16:30:00Z', c: '90.00' },
  { t: '2026-12-30T16:30:00Z', c: '110.00' },
]);

/** 100 ETF at 100 € with a limit order (no margin held): 10,000 €. */
async function buyEtf(t: TestApp, c: SignedInCustomer): Promise<void> {
  const res = await t.call({
    method: 'POST',
    url: '/api/trading',
    headers: { ...c.headers, 'idempotency-key': randomUUID() },
    payload: { isin: ETF, side: 'buy', kind: 'limit', limit: '100.00', quantity: '100', validity: { type: 'day' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
}

const deposit = async (t: TestApp, c: SignedInCustomer, amount: string) =>
  expect((await t.call({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount } })).statusCode).toBe(200);
const statements = async (t: TestApp, c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: c.headers })).json() as DocumentPage).documents.filter((d) => d.kind === 'tax_statement');
const pdf = async (t: TestApp, c: SignedInCustomer, id: string) => pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${id}/pdf`, headers: c.headers })).rawPayload);
const notificationTitles = async (t: TestApp, c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/notification', headers: c.headers })).json() as { items: { title: string; body: string }[] }).items;
const shortfall = async (t: TestApp, c: SignedInCustomer) => (await shortfallsOf(t.database.db, c.sub)).map((s) => ({ status: s.status, withheld: s.withheld, shortfall: s.shortfall, deadline: s.deadline }));

/*
 * Each customer holds 100 ETF bought on 25 November 2026. The Vorabpauschale 2026, booked on Monday
 * 4 January 2027: Basisertrag 90 € × 3.20 % × 0.7 = 2.016 € per piece, 10 full months before the
 * purchase: 2.016 × 100 × 2 ÷ 12 = 33.60 €; after the 30 % Teilfreistellung 23.52 €;
 * KapESt 25 % = 5.88 €, Soli 0.3234 → 0.32 €: 6.20 € tax.
 * The deadline: one month after the booking, 4 February 2027 (a Thursday, a banking day).
 */
describe('a Vorabpauschale the cash does not cover: the customer is asked for the tax by a deadline; what is missing then is reported to the tax office, never overdrawn', () => {
  let t: TestApp;
  let carl: SignedInCustomer;
  let dora: SignedInCustomer;
  let erik: SignedInCustomer;
  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Berlin.
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    carl = await customerWithCash(t, '10000.00');
    dora = await customerWithCash(t, '10002.00');
    erik = await customerWithCash(t, '10001.00');
    for (const c of [carl, dora, erik]) await buyEtf(t, c);
    await clockTo(t, '2027-01-04T10:00:00Z');
  }, 60_000);
  afterAll(async () => t.close());

  it('the run withholds what the free cash covers, never more, and asks for the rest with amount and deadline', async () => {
    // Carl has nothing: nothing withheld, 6.20 € asked for. Dora's 2.00 € and Erik's 1.00 € are taken; 4.20 € and 5.20 € asked for.
    expect((await cash(t, carl)).balance).toBe('0.00');
    expect((await cash(t, dora)).balance).toBe('0.00');
    expect((await cash(t, erik)).balance).toBe('0.00');
    expect(await shortfall(t, carl)).toEqual([{ status: 'open', withheld: '0.00', shortfall: '6.20', deadline: '2027-02-04' }]);
    expect(await shortfall(t, dora)).toEqual([{ status: 'open', withheld: '2.00', shortfall: '4.20', deadline: '2027-02-04' }]);
    // The year is taxed as the law says; only the way the tax is raised differs.
    expect((await t.call({ method: 'GET', url: '/api/tax?year=2027', headers: carl.headers })).json() as TaxYearView).toMatchObject({
      events: [{ kind: 'vorabpauschale', amount: '33.60', taxablePart: '23.52', capitalGainsTax: '5.88', solidaritySurcharge: '0.32' }],
    });
    expect((await notificationTitles(t, carl)).find((n) => n.title === 'Steuer auf Vorabpauschale nicht gedeckt')?.body).toMatch(/6,20.€ bis zum 04\.02\.2027/);
    const [notice] = await statements(t, carl);
    const text = await pdf(t, carl, notice!.id);
    expect(text).toContain('Nicht gedeckt, bitte bereitstellen');
    expect(text).toContain('6,20');
    expect(text).toContain('04.02.2027');
    expect(text).not.toContain('Sollsaldo');
  });

  it('cash that arrives before the deadline is withheld the next morning', async () => {
    // Erik pays in 2 € on 15 January: withheld on the 16th at 06:00; 3.20 € are still missing.
    await clockTo(t, '2027-01-15T10:00:00Z');
    await deposit(t, erik, '2.00');
    // Dora pays in 50 € on 20 January: on the 21st at 06:00 the 4.20 € are withheld; 45.80 € remain.
    await clockTo(t, '2027-01-20T10:00:00Z');
    await deposit(t, dora, '50.00');
    await clockTo(t, '2027-01-21T06:00:00Z');
    expect((await cash(t, dora)).balance).toBe('45.80');
    expect(await shortfall(t, dora)).toEqual([{ status: 'paid', withheld: '6.20', shortfall: '0.00', deadline: '2027-02-04' }]);
    expect((await notificationTitles(t, dora)).map((n) => n.title)).toContain('Steuer auf Vorabpauschale beglichen');
    expect((await cash(t, erik)).balance).toBe('0.00');
    expect(await shortfall(t, erik)).toEqual([{ status: 'open', withheld: '3.00', shortfall: '3.20', deadline: '2027-02-04' }]);
  });

  it('on the day after the deadline what is still missing is reported: a "Meldung an das Finanzamt" in the Posteingang, no debt', async () => {
    await clockTo(t, '2027-02-04T20:00:00Z');
    expect(await shortfall(t, carl)).toMatchObject([{ status: 'open' }]);
    await clockTo(t, '2027-02-05T06:00:00Z');
    expect(await shortfall(t, carl)).toEqual([{ status: 'reported', withheld: '0.00', shortfall: '6.20', deadline: '2027-02-04' }]);
    expect(await shortfall(t, erik)).toEqual([{ status: 'reported', withheld: '3.00', shortfall: '3.20', deadline: '2027-02-04' }]);
    const report = (await statements(t, carl)).find((d) => d.title === 'Meldung an das Finanzamt: Vorabpauschale 2026');
    expect(report).toMatchObject({ category: 'STEUERN' });
    const text = await pdf(t, carl, report!.id);
    expect(text).toContain('Meldung an das Finanzamt');
    expect(text).toContain('Betriebsstättenfinanzamt');
    expect(text).toMatch(/dem\s+Finanzamt\s+gemeldet\s+6,20.€/);
    const erikText = await pdf(t, erik, (await statements(t, erik)).find((d) => d.title.startsWith('Meldung'))!.id);
    expect(erikText).toMatch(/Einbehalten\s+3,00.€/);
    expect(erikText).toMatch(/dem\s+Finanzamt\s+gemeldet\s+3,20.€/);
    expect((await notificationTitles(t, carl)).map((n) => n.title)).toContain('Fehlbetrag dem Finanzamt gemeldet');
    // No arrears: a deposit afterwards stays the customer's, and Dora's paid case is not reported.
    await deposit(t, carl, '10.00');
    await clockTo(t, '2027-02-06T10:00:00Z');
    expect((await cash(t, carl)).balance).toBe('10.00');
    expect((await statements(t, dora)).map((d) => d.title)).toEqual(['Vorabpauschale 2026']);
  });

  it('running the Vorabpauschale again opens no second case and books nothing twice', async () => {
    expect(await t.app.taxRuns.bookVorabpauschale(carl.sub, 2026)).toBe(0);
    expect(await shortfallsOf(t.database.db, carl.sub)).toHaveLength(1);
    expect((await statements(t, carl)).filter((d) => d.title.startsWith('Meldung'))).toHaveLength(1);
    expect((await cash(t, carl)).balance).toBe('10.00');
  });
});
