import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import type { OrderPreview, TradingOrder } from '@kontor/domain/trading-contracts';
import { cash, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { taxStore } from './store.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();

async function trade(t: TestApp, c: SignedInCustomer, side: 'buy' | 'sell', quantity: string, price: string): Promise<TradingOrder> {
  quotes.pin(SAP, price, price);
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin: SAP, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
  return order;
}

const taxYear = async (t: TestApp, c: SignedInCustomer) => (await t.call({ method: 'GET', url: '/api/tax?year=2026', headers: c.headers })).json() as TaxYearView;

describe('tax withheld on sales', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Berlin: the market is open.
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    anna = await customerWithCash(t, '10000.00');
  });
  afterAll(async () => t.close());

  it('a gain is taxed on the ticket, the order, the contract note and the Steuern screen', async () => {
    // 10 SAP at 100 € + 1 € fee: cost 1,001 €. Cash 10,000 − 1,001 = 8,999 €.
    await trade(t, anna, 'buy', '10', '100.00');
    // Selling at 150 €: 1,500 − 1 € fee = 1,499 €; gain 498 €. KapESt 25 % = 124.50; Soli 5.5 % = 6.8475 → 6.84 (fractions of a cent dropped).
    quotes.pin(SAP, '150.00', '150.00');
    const preview = (
      await t.call({ method: 'POST', url: '/api/trading/costs', headers: anna.headers, payload: { isin: SAP, side: 'sell', kind: 'market', quantity: '10', validity: { type: 'day' } } })
    ).json() as OrderPreview;
    expect(preview.tax).toMatchObject({ proceeds: '1499.00', acquisitionCost: '1001.00', gain: '498.00', capitalGainsTax: '124.50', solidaritySurcharge: '6.84', total: '131.34' });

    const sale = await trade(t, anna, 'sell', '10', '150.00');
    const expected = { gain: '498.00', allowanceUsed: '0.00', capitalGainsTax: '124.50', solidaritySurcharge: '6.84', churchTax: '0.00', lossPotSharesAfter: '0.00', lossPotOtherAfter: '0.00' };
    expect(sale.tax).toMatchObject(expected);
    expect(sale.executions![0]!.tax).toMatchObject(expected);
    // 8,999 + 1,499 − 131.34 = 10,366.66 €.
    expect((await cash(t, anna)).balance).toBe('10366.66');

    const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${sale.executions![0]!.documentId}/pdf`, headers: anna.headers });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Kapitalertragsteuer');
    expect(text).toContain('124,50');
    expect(text).toContain('1.367,66'); // paid out: 1,499 − 131.34

    const view = await taxYear(t, anna);
    expect(view).toMatchObject({
      year: 2026,
      allowance: { total: '0.00', used: '0.00', remaining: '0.00' },
      lossPots: { shares: '0.00', other: '0.00' },
      paid: { capitalGainsTax: '124.50', solidaritySurcharge: '6.84', churchTax: '0.00' },
      withholdingTaxCredited: '0.00',
    });
    expect(view.events).toMatchObject([{ kind: 'sale', isin: SAP, orderId: sale.id, documentId: sale.executions![0]!.documentId, amount: '498.00', capitalGainsTax: '124.50' }]);
  });

  it('a later loss refunds tax, and a Freistellungsauftrag given later in the year refunds the rest at the next sale', async () => {
    // 10 SAP at 100 € (cost 1,001 €), sold at 80 €: 799 − 1,001 = −202 €. The year nets 296 €: KapESt 74.00, Soli 4.07.
    await trade(t, anna, 'buy', '10', '100.00');
    const loss = await trade(t, anna, 'sell', '10', '80.00');
    expect(loss.tax).toMatchObject({ gain: '-202.00', capitalGainsTax: '-50.50', solidaritySurcharge: '-2.77', lossPotSharesAfter: '0.00' });
    // 10,366.66 − 1,001 + 799 + 53.27 refunded (50.50 and 6.84 − 4.07 = 2.77) = 10,217.93 €.
    expect((await cash(t, anna)).balance).toBe('10217.93');

    // A Freistellungsauftrag of 1,000 € from 1 January; then 10 SAP bought at 100 € and sold at 110 €: 1,099 − 1,001 = 98 €.
    // The year's 394 € fall within the allowance: everything withheld comes back (74.00 and 4.07).
    await t.database.db.transaction((tx) =>
      taxStore(tx as never).putExemptionOrder({
        sub: anna.sub,
        attributes: { taxExemptionOrderAmount: '1000.00', validFrom: '2026-01-01', validTo: null, preconditionYear: 2026 } as never,
        ticketId: null,
        now: t.app.simulatedClock.now(),
      }),
    );
    await trade(t, anna, 'buy', '10', '100.00');
    const gain = await trade(t, anna, 'sell', '10', '110.00');
    expect(gain.tax).toMatchObject({ gain: '98.00', allowanceUsed: '394.00', capitalGainsTax: '-74.00', solidaritySurcharge: '-4.07' });
    expect(await taxYear(t, anna)).toMatchObject({
      allowance: { total: '1000.00', used: '394.00', remaining: '606.00' },
      paid: { capitalGainsTax: '0.00', solidaritySurcharge: '0.00', churchTax: '0.00' },
    });
  });
});

describe('with the taxDisabled feature flag', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes, env: { TAX_DISABLED: 'true' } });
  });
  afterAll(async () => t.close());

  it('no tax is computed or shown', async () => {
    const carl = await customerWithCash(t, '5000.00');
    await trade(t, carl, 'buy', '10', '100.00');
    const sale = await trade(t, carl, 'sell', '10', '150.00');
    expect(sale.tax).toBeUndefined();
    // The whole 1,499 € are paid out: 5,000 − 1,001 + 1,499 = 5,498 €.
    expect((await cash(t, carl)).balance).toBe('5498.00');
    expect((await t.call({ method: 'GET', url: '/api/tax', headers: carl.headers })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/config.json' })).json().featureFlags.taxDisabled).toBe(true);
  });
});
