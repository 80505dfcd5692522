import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caDetail, instructByTan } from '../../test/ca-kit.ts';
import { announceToHolders as announce, investor, position, trade } from '../../test/ca-helpers.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rightsIsinOf } from './position.ts';
import { caStore } from './store.ts';

const SAP = 'DE0007164600';
const FIRST = 'KAP-SAP-FIRST';
const SECOND = 'KAP-SAP-SECOND';
const FIRST_RIGHTS = rightsIsinOf(FIRST);
const SECOND_RIGHTS = rightsIsinOf(SECOND);
const quotes = new PinnedQuotes();

/**
 * Two rights issues on SAP that overlap:
 * - the first 2 : 1 at 80 €, ex Monday 30 November 2026, deadline Wednesday 2 December 12:00,
 *   rights traded until Thursday 3 December 17:00, paid Monday 7 December;
 * - the second 5 : 1 at 88 €, ex Tuesday 1 December, deadline Thursday 3 December 12:00,
 *   rights traded until Friday 4 December 17:00, paid Tuesday 8 December.
 * SAP trades at 110 € cum, at 100 € after the first ex date ((2 × 110 + 80) / 3) and at 98 € after
 * the second ((5 × 100 + 88) / 6).
 */
describe('two overlapping rights issues on one share: each keeps its own rights, instruction, default and booking', () => {
  let t: TestApp;
  let anna: SignedInCustomer; // 10 SAP: the first issue's default, the second one subscribed by TAN
  let bert: SignedInCustomer; // 5 SAP: both defaults
  let carla: SignedInCustomer; // sells her SAP before either ex date: nothing is booked for her

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    [anna, bert, carla] = [await investor(t), await investor(t), await investor(t)];
    await trade(t, quotes, anna, SAP, 'buy', '10', '110.00');
    await trade(t, quotes, bert, SAP, 'buy', '5', '110.00');
    await trade(t, quotes, carla, SAP, 'buy', '4', '110.00');
    await announce(t, { id: FIRST, type: 'KAP', isin: SAP, rightsIsin: FIRST_RIGHTS, ratioOld: '2', ratioNew: '1', price: '80', rightsTradingEnd: new Date('2026-12-03T16:00:00Z') });
    await announce(t, {
      id: SECOND,
      type: 'KAP',
      isin: SAP,
      rightsIsin: SECOND_RIGHTS,
      ratioOld: '5',
      ratioNew: '1',
      price: '88',
      recordDate: '2026-12-02',
      exDate: '2026-12-01',
      deadline: new Date('2026-12-03T11:00:00Z'),
      rightsTradingEnd: new Date('2026-12-04T16:00:00Z'),
      payDate: '2026-12-08',
    });
    await trade(t, quotes, carla, SAP, 'sell', '4', '110.00');
  }, 60_000);
  afterAll(async () => t.close());

  it('each ex date books its own rights, each valued by its own terms on the ex price', async () => {
    expect(FIRST_RIGHTS).not.toBe(SECOND_RIGHTS);
    await clockTo(t, '2026-11-30T05:00:00Z');
    quotes.pin(SAP, '100.00', '100.00');
    await clockTo(t, '2026-12-01T05:00:00Z');
    quotes.pin(SAP, '98.00', '98.00');
    expect(await position(t, anna, FIRST_RIGHTS)).toMatchObject({ quantity: '10', cost: '0.00', rightsOf: { eventId: FIRST, isin: SAP } });
    expect(await position(t, anna, SECOND_RIGHTS)).toMatchObject({ quantity: '10', cost: '0.00', rightsOf: { eventId: SECOND, isin: SAP } });
    // First: 1 × (98 − 80) / 2 = 9.000 €; second: 1 × (98 − 88) / 5 = 2.000 €.
    const res = await t.call({ method: 'GET', url: `/api/quotes?isins=${FIRST_RIGHTS},${SECOND_RIGHTS}`, headers: anna.headers });
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ isin: FIRST_RIGHTS, bid: '9.000' }), expect.objectContaining({ isin: SECOND_RIGHTS, bid: '2.000' })]),
    );
    expect((await caDetail(t, anna, SECOND)).entitlement).toEqual({ quantity: '10', rights: '10' });
  });

  it('the second issue is subscribed with its own rights by TAN: 2 new shares for 2 × 88 + 1 = 177 €, held for it', async () => {
    await clockTo(t, '2026-12-02T09:00:00Z');
    const view = await instructByTan(t, anna, SECOND, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '2');
    expect(view.instruction).toMatchObject({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2', reserved: '177.00' });
    expect((await caDetail(t, anna, FIRST)).instruction).toBeNull();
  });

  it("the first issue's default sells only its own rights; the second's stay", async () => {
    const before = await cash(t, anna);
    await clockTo(t, '2026-12-03T16:00:00Z');
    expect(await position(t, anna, FIRST_RIGHTS)).toBeUndefined();
    expect(await position(t, anna, SECOND_RIGHTS)).toMatchObject({ quantity: '10' });
    expect((await caDetail(t, anna, SECOND)).instruction).toMatchObject({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', source: 'customer', reserved: '177.00' });
    // 10 × 9.000 = 90.00 € − 1.00 € fee = 89.00 €, cost 0: KapESt 25 % = 22.25 €, Soli 5.5 % = 1.22375 → 1.22 €; 89.00 − 23.47 = 65.53 €.
    const after = await cash(t, anna);
    expect(new Decimal(after.balance).minus(before.balance).toFixed(2)).toBe('65.53');
    expect(after.reserved).toBe('177.00');
    // Bert: 5 × 9.000 = 45.00 − 1.00 = 44.00 € for his first rights; his second rights wait for their own last trading day.
    expect(await position(t, bert, FIRST_RIGHTS)).toBeUndefined();
    expect(await position(t, bert, SECOND_RIGHTS)).toMatchObject({ quantity: '5' });
    expect((await caStore(t.database.db).eventOf(bert.sub, FIRST))!.entitlement.booked).toEqual(['ex', 'rights']);
    expect((await caStore(t.database.db).eventOf(bert.sub, SECOND))!.entitlement.booked).toEqual(['ex']);
  });

  it("the second issue's default sells bert's second rights on their own last trading day", async () => {
    await clockTo(t, '2026-12-04T16:00:00Z');
    // 5 × 2.000 = 10.00 € − 1.00 € fee = 9.00 €.
    expect(await position(t, bert, SECOND_RIGHTS)).toBeUndefined();
    expect((await caStore(t.database.db).eventOf(bert.sub, SECOND))!.entitlement.booked).toEqual(['ex', 'rights']);
    expect(await position(t, anna, SECOND_RIGHTS)).toMatchObject({ quantity: '10' });
  });

  it('the second pay date books the subscribed shares from the money held; "Gebucht" only where something was booked', async () => {
    await clockTo(t, '2026-12-08T05:30:00Z');
    // Anna: 10 + 2 SAP; cost 1,101.00 (10 × 110 + 1 fee) + 177.00 = 1,278.00 €; the hold used up.
    expect(await position(t, anna, SAP)).toMatchObject({ quantity: '12', cost: '1278.00' });
    expect(await position(t, anna, SECOND_RIGHTS)).toBeUndefined();
    const c = await cash(t, anna);
    expect([c.reserved, c.reservedParts]).toEqual(['0.00', { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }]);
    const second = await caDetail(t, anna, SECOND);
    expect(second.status).toBe('GEBUCHT');
    expect((await caStore(t.database.db).eventOf(anna.sub, SECOND))!.entitlement.booked).toEqual(['ex', 'pay']);
    expect(second.statementDocumentIds).toHaveLength(2); // rights in, new shares
    expect((await caDetail(t, anna, FIRST)).status).toBe('GEBUCHT');
    // Carla held SAP at the announcements and sold before the ex dates: nothing was booked, and it says so.
    for (const id of [FIRST, SECOND]) {
      const view = await caDetail(t, carla, id);
      expect([view.status, view.entitlement, view.statementDocumentIds]).toEqual(['ABGESCHLOSSEN', { quantity: '0', rights: '0' }, []]);
    }
  });
});
