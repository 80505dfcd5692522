import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxSettings, TaxYearView } from '@kontor/domain/tax-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { trade } from '../../test/ca-helpers.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();

/** 10 SAP bought at 100 € (1,001 € with the 1 € fee) and sold at 200 € (1,999 €): a gain of 998 €. */
async function roundTrip(t: TestApp, c: SignedInCustomer): Promise<TradingOrder> {
  await trade(t, quotes, c, SAP, 'buy', '10', '100.00');
  return trade(t, quotes, c, SAP, 'sell', '10', '200.00');
}

const settings = async (t: TestApp, c: SignedInCustomer) => (await t.call({ method: 'GET', url: '/api/tax/settings', headers: c.headers })).json() as TaxSettings;
const taxYear = async (t: TestApp, c: SignedInCustomer, year: number) => (await t.call({ method: 'GET', url: `/api/tax?year=${year}`, headers: c.headers })).json() as TaxYearView;

describe('the Kirchensteuermerkmal a customer sets applies from the next year (§ 51a Abs. 2c EStG: the bank taxes a year with the status it holds for it)', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  beforeAll(async () => {
    // Wednesday 4 March 2026, 11:00 in Berlin.
    t = await createTestApp({ now: '2026-03-04T10:00:00Z', quotes });
    anna = await customerWithCash(t, '10000.00');
  });
  afterAll(async () => t.close());

  it('a sale in March without church tax, church tax set in June, a sale in July still without it; next year with it', async () => {
    // March: 998 € → KapESt 249.50; Soli 13.7225 → 13.72.
    expect((await roundTrip(t, anna)).tax).toMatchObject({ gain: '998.00', capitalGainsTax: '249.50', solidaritySurcharge: '13.72', churchTax: '0.00' });

    await clockTo(t, '2026-06-10T09:00:00Z');
    expect(await settings(t, anna)).toEqual({ year: 2026, churchTax: 'none', next: { year: 2027, churchTax: 'none' } });
    const set = await t.call({ method: 'PUT', url: '/api/tax/settings', headers: anna.headers, payload: { churchTax: '9' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ year: 2026, churchTax: 'none', next: { year: 2027, churchTax: '9' } });
    expect((await t.call({ method: 'PUT', url: '/api/tax/settings', headers: anna.headers, payload: { churchTax: '7' } })).statusCode).toBe(400);
    expect(await taxYear(t, anna, 2026)).toMatchObject({ churchTax: 'none', churchTaxNext: { year: 2027, churchTax: '9' } });

    // July: the year holds 1,996 € and keeps its status (none): KapESt 499.00 − 249.50 = 249.50;
    // Soli 27.445 → 27.44, less 13.72 = 13.72; no church tax, and March is not taxed again.
    await clockTo(t, '2026-07-08T09:00:00Z');
    expect((await roundTrip(t, anna)).tax).toMatchObject({ gain: '998.00', capitalGainsTax: '249.50', solidaritySurcharge: '13.72', churchTax: '0.00' });
    expect((await taxYear(t, anna, 2026)).paid).toEqual({ capitalGainsTax: '499.00', solidaritySurcharge: '27.44', churchTax: '0.00' });

    // February 2027: church tax 9 %: 998 ÷ 4.09 = 244.0097… → 244.00; Soli 13.42; church tax 21.96.
    await clockTo(t, '2027-02-03T10:00:00Z');
    expect(await settings(t, anna)).toEqual({ year: 2027, churchTax: '9', next: { year: 2028, churchTax: '9' } });
    expect((await roundTrip(t, anna)).tax).toMatchObject({ gain: '998.00', capitalGainsTax: '244.00', solidaritySurcharge: '13.42', churchTax: '21.96' });
    expect((await taxYear(t, anna, 2027)).churchTax).toBe('9');
    // The past year still shows the status it was taxed with.
    expect((await taxYear(t, anna, 2026)).churchTax).toBe('none');
    // The clock crosses eleven months and runs every job on the way (about 11 s quiet, over 30 s on a busy machine): a cap, not a wait.
  }, 120_000);
});
