import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage, MessagePage } from '@kontor/domain/posteingang-contracts';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { announce, depot, instruct, investor, position, trade } from '../../test/ca-helpers.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rightsIsinOf } from './position.ts';
import { caStore } from './store.ts';

const SAP = 'DE0007164600';
const EVENT = 'KAP-SAP-2026';
const RIGHTS = rightsIsinOf(EVENT);
const quotes = new PinnedQuotes();

/**
 * A Kapitalerhöhung gegen Bareinlage on SAP: 2 rights buy 1 new share at 80 €. Ex date Monday 30
 * November 2026, instructions until Wednesday 2 December, rights traded until Thursday 3 December,
 * new shares on Monday 7 December. SAP stands at 110 € cum, so a right is worth 1 × (110 − 80) / 3 = 10 €;
 * from the ex date SAP trades at its theoretical ex price (2 × 110 + 80) / 3 = 100 €, and a right is
 * worth 1 × (100 − 80) / 2 = 10 € all the same.
 */
describe('Kapitalerhöhung gegen Bareinlage (KAP)', () => {
  let t: TestApp;
  let anna: SignedInCustomer; // gives no instruction: her rights are sold
  let bert: SignedInCustomer; // subscribes 4 new shares, 321 € held for it
  let carla: SignedInCustomer; // has an open limit buy on SAP
  let limitBuy: TradingOrder;

  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Berlin: the market is open.
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    [anna, bert, carla] = [await investor(t), await investor(t), await investor(t)];
    // 10 SAP at 100 € + 1 € fee each: cost 1,001 €, cash 8,999 €.
    await trade(t, quotes, anna, SAP, 'buy', '10', '100.00');
    await trade(t, quotes, bert, SAP, 'buy', '10', '100.00');
    quotes.pin(SAP, '110.00', '110.00');
    const placed = await t.call({
      method: 'POST',
      url: '/api/trading',
      headers: { ...carla.headers, 'idempotency-key': randomUUID() },
      payload: { isin: SAP, side: 'buy', kind: 'limit', quantity: '5', limit: '90.00', validity: { type: 'gtc' } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    limitBuy = placed.json() as TradingOrder;
    await announce(t, { id: EVENT, type: 'KAP', isin: SAP, rightsIsin: RIGHTS, ratioOld: '2', ratioNew: '1', price: '80', rightsTradingEnd: new Date('2026-12-03T16:00:00Z') });
    // Bert subscribes 4 new shares with 8 of his 10 rights: 4 × 80 € + 1 € fee = 321 € held.
    await instruct(t, bert, EVENT, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '4', '321.00');
  }, 60_000);
  afterAll(async () => t.close());

  it('open-limit-order-deleted-on-ex-date-with-message', async () => {
    expect((await cash(t, carla)).reserved).not.toBe('0.00');
    // 06:00 Berlin on the ex date: before the market opens, the order is deleted all the same.
    await clockTo(t, '2026-11-30T05:00:00Z');
    await t.app.trading.idle();
    const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${limitBuy.id}`, headers: carla.headers })).json() as TradingOrder;
    expect(order.status).toBe('Expired');
    expect(await cash(t, carla)).toMatchObject({ reserved: '0.00', availableToBuy: '10000.00' });
    const messages = (await t.call({ method: 'GET', url: '/api/posteingang/messages?limit=100', headers: carla.headers })).json() as MessagePage;
    const message = messages.messages.find((m) => m.orderId === limitBuy.id);
    expect(message).toMatchObject({ title: 'Order gestrichen: Kauf SAP SE' });
    expect(message!.body).toBe('Ihre Kauforder für SAP SE wurde wegen der Kapitalmaßnahme „Kapitalerhöhung gegen Bareinlage“ zum Ex-Tag 30.11.2026 gestrichen. Bitte erteilen Sie sie bei Bedarf neu.');
  });

  it('rights are booked on the ex date at cost 0 and shown as "Bezugsrecht SAP SE", valued from the share', async () => {
    // The pinned market does not move by itself: SAP ex at 100 €, so a right is n·(S_ex − P)/m = (100 − 80) / 2 = 10 €.
    quotes.pin(SAP, '100.00', '100.00');
    const rights = await position(t, anna, RIGHTS);
    expect(rights).toMatchObject({ isin: RIGHTS, name: 'Bezugsrecht SAP SE', quantity: '10', cost: '0.00', currency: 'EUR', rightsOf: { eventId: EVENT, isin: SAP } });
    expect((await position(t, anna, SAP))!.rightsOf).toBeUndefined();
    const quote = await t.call({ method: 'GET', url: `/api/quotes?isins=${RIGHTS}`, headers: anna.headers });
    expect(quote.json()).toMatchObject([{ isin: RIGHTS, bid: '10.000', ask: '10.000' }]);
    const entitlement = await caStore(t.database.db).eventOf(anna.sub, EVENT);
    expect(entitlement!.entitlement).toMatchObject({ fixed: true, booked: ['ex'] });
    expect(Number(entitlement!.entitlement.quantity)).toBe(10);
    // A customer who only had an order on SAP is not entitled.
    expect(await caStore(t.database.db).eventOf(carla.sub, EVENT)).toBeUndefined();
  });

  it('rights-issue-default-sells-unused-rights-on-last-trading-day', async () => {
    await clockTo(t, '2026-12-02T11:00:00Z');
    const defaulted = await caStore(t.database.db).eventOf(anna.sub, EVENT);
    expect(defaulted!.instruction).toMatchObject({ option: 'BEZUGSRECHTE_VERKAUFEN', source: 'default', binding: true });
    await clockTo(t, '2026-12-03T16:00:00Z');
    // Anna: 10 rights × 10 € = 100 € − 1 € fee = 99 €, cost 0: gain 99 € in the general pot.
    // KapESt 25 % = 24.75, Soli 5.5 % = 1.36125 → 1.36: 26.11 €. Cash 8,999 + 99 − 26.11 = 9,071.89 €.
    expect(await position(t, anna, RIGHTS)).toBeUndefined();
    expect((await cash(t, anna)).balance).toBe('9071.89');
    const year = (await t.call({ method: 'GET', url: '/api/tax?year=2026', headers: anna.headers })).json() as { lossPots: unknown; paid: unknown };
    expect(year.paid).toMatchObject({ capitalGainsTax: '24.75', solidaritySurcharge: '1.36' });
    // Bert keeps the 8 rights he subscribes with; 2 × 10 € − 1 € = 19 €; tax 4.75 + 0.26 = 5.01 €.
    expect(await position(t, bert, RIGHTS)).toMatchObject({ quantity: '8', cost: '0.00' });
    expect(await cash(t, bert)).toMatchObject({ availableToBuy: '8691.99', reserved: '321.00' });

    const docs = (await t.call({ method: 'GET', url: '/api/posteingang?mode=CATEGORIES&categories=KAPITALMASSNAHMEN', headers: anna.headers })).json() as DocumentPage;
    expect(docs.documents.map((d) => d.title).sort()).toEqual(['Abrechnung Verkauf Bezugsrechte', 'Einbuchung Bezugsrechte']);
    await t.app.documentRenderer.renderPending();
    const sale = docs.documents.find((d) => d.title === 'Abrechnung Verkauf Bezugsrechte')!;
    const text = pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${sale.id}/pdf`, headers: anna.headers })).rawPayload);
    expect(text).toContain('Bezugsrechte verkauft');
    expect(text).toContain('Kapitalertragsteuer');
    expect(text).toContain('72,89'); // 99 − 26.11 credited
  });

  it('subscription with the hold: the new shares are paid from the money held and carry the rights\' cost', async () => {
    await clockTo(t, '2026-12-07T05:30:00Z');
    // Bert: 8 rights used, 4 new SAP for 321 € from the 321 € held. SAP: 14 pieces, 1,001 + 321 = 1,322 €.
    expect(await position(t, bert, RIGHTS)).toBeUndefined();
    expect(await position(t, bert, SAP)).toMatchObject({ quantity: '14', cost: '1322.00' });
    expect(await cash(t, bert)).toMatchObject({ availableToBuy: '8691.99', reserved: '0.00' });
    const entitlement = await caStore(t.database.db).eventOf(bert.sub, EVENT);
    expect(entitlement!.entitlement.booked).toEqual(['ex', 'rights', 'pay']);
    // Anna has nothing left to book.
    expect((await position(t, anna, SAP))!.quantity).toBe('10');
    expect((await depot(t, anna)).positions).toHaveLength(1);
    // Running the day again books nothing twice.
    expect(await t.app.scheduler.runDue()).toBe(0);
    const notes = (await t.call({ method: 'GET', url: '/api/notification', headers: bert.headers })).json() as { items: { kind: string; title: string }[] };
    expect(notes.items.filter((n) => n.kind === 'CORPORATE_ACTION').map((n) => n.title)).toContain('Abrechnung Kapitalerhöhung: SAP SE');
  });
});
