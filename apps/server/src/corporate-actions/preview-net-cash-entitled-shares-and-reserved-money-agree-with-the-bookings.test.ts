import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Depot } from '@kontor/domain/trading-contracts';
import { accounts } from '../bookings/ledger.ts';
import { ledgerPostings } from '../bookings/tables.ts';
import { caDetail, instructByTan, previewOf } from '../../test/ca-kit.ts';
import { announceToHolders, investor, position, trade } from '../../test/ca-helpers.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rightsIsinOf } from './position.ts';

const SAP = 'DE0007164600';
const EVENT = 'KAP-SAP-PREVIEW';
const RIGHTS = rightsIsinOf(EVENT);
const quotes = new PinnedQuotes();

/**
 * A rights issue on SAP 5 : 1 at 128.53 €, ex Monday 30 November 2026, instructions until Wednesday
 * 2 December 12:00, rights traded until Thursday 3 December 17:00, new shares on Monday 7 December.
 * SAP trades at 155.32 € ex, so a right is worth 1 × (155.32 − 128.53) / 5 = 5.358 €.
 */
describe('the preview, the entitled shares and the money held agree with what is booked', () => {
  let t: TestApp;
  let anna: SignedInCustomer; // 10 SAP, 2 more bought after the announcement; subscribes 2 new shares
  let bert: SignedInCustomer; // 12 SAP, no instruction: the default sale
  let previewed: string;
  let balanceBefore: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    [anna, bert] = [await investor(t), await investor(t)];
    await trade(t, quotes, anna, SAP, 'buy', '10', '160.00');
    await trade(t, quotes, bert, SAP, 'buy', '12', '160.00');
    await announceToHolders(t, { id: EVENT, type: 'KAP', isin: SAP, rightsIsin: RIGHTS, ratioOld: '5', ratioNew: '1', price: '128.53', rightsTradingEnd: new Date('2026-12-03T16:00:00Z') });
  }, 60_000);
  afterAll(async () => t.close());

  it('a buy during the announcement counts at once: the event, its preview and (from the ex date) its booking say 12 shares', async () => {
    await trade(t, quotes, anna, SAP, 'buy', '2', '160.00');
    expect((await caDetail(t, anna, EVENT)).entitlement).toEqual({ quantity: '12', rights: '12' });
    expect((await previewOf(t, anna, EVENT, 'BEZUGSRECHTE_VERKAUFEN')).rightsSold).toBe('12');
    await clockTo(t, '2026-11-30T05:00:00Z');
    quotes.pin(SAP, '155.32', '155.32');
    expect(await position(t, anna, RIGHTS)).toMatchObject({ quantity: '12' });
    expect((await caDetail(t, anna, EVENT)).entitlement).toEqual({ quantity: '12', rights: '12' });
  });

  it('the preview of 2 new shares counts both 1.00 € fees in its net cash: −250.90 €', async () => {
    const p = await previewOf(t, anna, EVENT, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '2');
    // 10 rights used for 2 new shares: 2 × 128.53 = 257.06 + 1.00 fee = 258.06 € debited.
    // 2 rights left sold: 2 × 5.358 = 10.716 → 10.72 − 1.00 fee = 9.72 € credited; cost 0, so 9.72 € gain:
    // KapESt 25 % = 2.43 €, Soli 5.5 % × 2.43 = 0.13365 → 0.13 €: 2.56 € tax.
    // Net: 9.72 − 258.06 − 2.56 = −250.90 € (without the sale's fee it showed −249.90 €).
    expect(p).toMatchObject({ rightsUsed: '10', rightsSold: '2', cashDebit: '258.06', cashCredit: '9.72', costs: '2.00', reserve: '258.06', netCash: '-250.90' });
    expect(p.tax).toMatchObject({ gain: '9.72', capitalGainsTax: '2.43', solidaritySurcharge: '0.13', total: '2.56' });
    previewed = p.netCash;
  });

  it('the money held for the instruction is "Reserviert für Kapitalmaßnahmen", none for open orders; Kaufkraft = Kontostand − reserved', async () => {
    balanceBefore = (await cash(t, anna)).balance;
    await instructByTan(t, anna, EVENT, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '2');
    const c = await cash(t, anna);
    expect([c.reserved, c.reservedParts]).toEqual(['258.06', { openOrders: '0.00', corporateActions: '258.06', payouts: '0.00' }]);
    expect(c.balance).toBe(balanceBefore);
    expect(new Decimal(c.balance).minus(c.reserved).toFixed(2)).toBe(c.availableToBuy);
    const depot = (await t.call({ method: 'GET', url: '/api/trading/positions', headers: anna.headers })).json() as Depot;
    expect(depot.cash).toMatchObject({ reserved: '258.06', reservedParts: { openOrders: '0.00', corporateActions: '258.06', payouts: '0.00' }, total: c.balance });
    // An open limit buy of 1 SAP at 100 € holds 100 € + fees beside it: the parts still add up to the total.
    const order = await t.call({ method: 'POST', url: '/api/trading', headers: { ...anna.headers, 'idempotency-key': 'limit-1' }, payload: { isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '100.00', validity: { type: 'gtc' } } });
    expect(order.statusCode, order.body).toBe(201);
    const withOrder = await cash(t, anna);
    const held = (order.json() as { reserved: string }).reserved;
    expect(withOrder.reservedParts).toEqual({ openOrders: new Decimal(held).toFixed(2), corporateActions: '258.06', payouts: '0.00' });
    expect(new Decimal(withOrder.reservedParts.openOrders).plus(withOrder.reservedParts.corporateActions).plus(withOrder.reservedParts.payouts).toFixed(2)).toBe(withOrder.reserved);
  });

  it('what the bookings move on the cash account is the preview\'s net cash, fees included', async () => {
    await clockTo(t, '2026-12-07T05:30:00Z');
    const after = await cash(t, anna);
    // The hold for the instruction is used up; the limit buy's stays (held money is part of the Kontostand either way).
    expect(after.reservedParts.corporateActions).toBe('0.00');
    expect(new Decimal(after.balance).minus(balanceBefore).toFixed(2)).toBe(previewed);
    expect(await position(t, anna, SAP)).toMatchObject({ quantity: '14' });
  });

  it("bert's default sale on the rights' last trading day: 12 × 5.358 = 64.296 → 64.30 € − 1.00 € fee = 63.30 € before tax", async () => {
    const credited = await t.database.db
      .select({ amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.account, accounts.cash(bert.sub)), eq(ledgerPostings.kind, 'corporate_action')));
    expect(credited.map((r) => new Decimal(r.amount).toFixed(2))).toEqual(['63.30']);
    expect(await position(t, bert, RIGHTS)).toBeUndefined();
  });
});
