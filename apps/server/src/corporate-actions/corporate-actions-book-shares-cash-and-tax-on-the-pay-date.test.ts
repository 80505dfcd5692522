import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EUR_USD_ISIN } from '@kontor/domain/fx';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import { announce, instruct, investor, position, trade } from '../../test/ca-helpers.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { lotStore } from '../bookings/lot-store.ts';
import { incomeStore } from '../tax/income-store.ts';
import { CA_JOBS } from './schedule.ts';
import { caStore } from './store.ts';

const SIEMENS = 'DE0007236101';
const TELEKOM = 'DE0005557508';
const AIRBUS = 'NL0000235190';
const ALLIANZ = 'DE0008404005';
const MUNICH_RE = 'DE0008430026';
const INFINEON = 'DE0006231004';
const EON = 'DE000ENAG999';
const BASF = 'DE000BASF111';
const COMMERZBANK = 'DE000CBK1001';
const MERCEDES = 'DE0007100000';
const quotes = new PinnedQuotes();

/**
 * Every other type on one timeline: announced Wednesday 25 November 2026, ex date Monday 30
 * November, instructions until Wednesday 2 December 12:00, booked at 06:30 on Monday 7 December.
 * Each customer starts with 10,000 € of cash; an order costs 1 €, one below 500 € 2 € (small-order surcharge).
 * Tax: no Freistellungsauftrag, no church tax: KapESt 25 %, Soli 5.5 % of it.
 */
describe('corporate actions booked on the pay date', () => {
  let t: TestApp;
  const c: Record<string, SignedInCustomer> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', quotes });
    for (const name of ['dora', 'emil', 'fritz', 'gabi', 'hans', 'ida', 'jan', 'kai', 'lena']) c[name] = await investor(t);
    await trade(t, quotes, c.dora!, SIEMENS, 'buy', '3', '100.00'); // lot 1: 302 €
    // A minute later: the lots' order (first in, first out) is their time.
    await clockTo(t, '2026-11-25T10:01:00Z');
    await trade(t, quotes, c.dora!, SIEMENS, 'buy', '4', '110.00'); // lot 2: 442 €
    await trade(t, quotes, c.emil!, TELEKOM, 'buy', '20', '25.00'); // 501 €
    await trade(t, quotes, c.fritz!, AIRBUS, 'buy', '10', '150.00'); // 1,501 €
    await trade(t, quotes, c.gabi!, ALLIANZ, 'buy', '10', '300.00'); // 3,001 €
    await trade(t, quotes, c.hans!, INFINEON, 'buy', '10', '30.00'); // 302 €
    await trade(t, quotes, c.ida!, EON, 'buy', '100', '10.00'); // 1,001 €
    await trade(t, quotes, c.jan!, BASF, 'buy', '10', '40.00'); // 402 €
    await trade(t, quotes, c.kai!, MERCEDES, 'buy', '7', '50.00'); // 352 €
    await trade(t, quotes, c.lena!, MERCEDES, 'buy', '7', '50.00'); // 352 €

    await announce(t, { id: 'KAP2-SIE', type: 'KAP2', isin: SIEMENS, ratioOld: '2', ratioNew: '1' });
    await announce(t, { id: 'BARABF-DTE', type: 'BARABF', isin: TELEKOM, price: '30' });
    await announce(t, { id: 'UMTO-AIR', type: 'UMTO', isin: AIRBUS, price: '170' });
    await announce(t, { id: 'UMTAUSCHF-ALV', type: 'UMTAUSCHF', isin: ALLIANZ, targetIsin: MUNICH_RE, ratioOld: '3', ratioNew: '2' });
    await announce(t, { id: 'WDIF-IFX', type: 'WDIF', isin: INFINEON, dividend: '0.50', foreignDividend: '0.60', currency: 'USD' });
    await announce(t, { id: 'WDIV-EOAN', type: 'WDIV', isin: EON, dividend: '0.55', price: '12' });
    await announce(t, { id: 'ZEICHNUNG-BAS', type: 'ZEICHNUNG', isin: BASF, targetIsin: COMMERZBANK, ratioOld: '5', ratioNew: '1', price: '20' });
    await announce(t, { id: 'TEILRECHT-MBG', type: 'TEILRECHT', isin: MERCEDES, ratioOld: '2', ratioNew: '1', price: '100' });

    await instruct(t, c.fritz!, 'UMTO-AIR', 'ANNAHME', '6');
    await instruct(t, c.gabi!, 'UMTAUSCHF-ALV', 'ANNAHME');
    await instruct(t, c.ida!, 'WDIV-EOAN', 'BEZUG_STOCKDIVIDENDE');
    // 2 Commerzbank at 20 € + 1 € fee, held.
    await instruct(t, c.jan!, 'ZEICHNUNG-BAS', 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '2', '41.00');
    // Half a Mercedes share to top 3.5 up to 4, at 100 €, held.
    await instruct(t, c.lena!, 'TEILRECHT-MBG', 'TEILRECHT_KAUF_BRUCHSTUECKE', null, '50.00');

    // The prices on the pay date.
    quotes.pin(SIEMENS, '80.00', '80.00');
    quotes.pin(MUNICH_RE, '450.00', '450.00');
    quotes.pin(MERCEDES, '100.00', '100.00');
    // 1 € = 1.25 $: a dollar is 0.80 €.
    quotes.pin(EUR_USD_ISIN, '1.25', '1.25');
    await clockTo(t, '2026-11-30T05:00:00Z');
    await clockTo(t, '2026-12-02T11:00:00Z');
    await clockTo(t, '2026-12-07T05:30:00Z');
  }, 90_000);
  afterAll(async () => t.close());

  it('bonus-shares-split-cost-basis-fifo', async () => {
    // 7 Siemens, 2 : 1: each lot × 1.5 at its cost: 4.5 pieces for 302 €, 6 for 442 €. The half share
    // left over is sold from the oldest lot at 80 €: 40 €, its cost 302 × 0.5 / 4.5 = 33.56 €, gain 6.44 €:
    // KapESt 1.61, Soli 0.08855 → 0.08 (fractions of a cent dropped). Left: 4 pieces for 268.44 € and 6 for 442 €.
    const lots = await lotStore(t.database.db).openLots(c.dora!.sub, SIEMENS, false);
    expect(lots.map((l) => [Number(l.remaining), l.remainingCost])).toEqual([
      [4, '268.44'],
      [6, '442.00'],
    ]);
    expect(await position(t, c.dora!, SIEMENS)).toMatchObject({ quantity: '10', cost: '710.44', firstPurchase: expect.stringMatching(/^2026-11-25/) });
    // Who held how many at an instant (a later dividend's entitlement) counts the booking at its time, not the lots' old dates.
    const held = async (at: string) => (await incomeStore(t.database.db).holdersAt(SIEMENS, new Date(at))).find((h) => h.sub === c.dora!.sub)?.quantity;
    expect(Number(await held('2026-12-01T00:00:00Z'))).toBe(7);
    expect(Number(await held('2026-12-08T00:00:00Z'))).toBe(10);
    // 10,000 − 744 + 40 − 1.69 = 9,294.31 €.
    expect((await cash(t, c.dora!)).balance).toBe('9294.31');
  });

  it('squeeze-out-cash-compensation-taxed-as-sale', async () => {
    // 20 × 30 € = 600 €, cost 501 €, gain 99 €: KapESt 24.75, Soli 1.36. 10,000 − 501 + 600 − 26.11 = 10,072.89 €.
    expect(await position(t, c.emil!, TELEKOM)).toBeUndefined();
    expect((await cash(t, c.emil!)).balance).toBe('10072.89');
    const docs = (await t.call({ method: 'GET', url: '/api/posteingang?mode=CATEGORIES&categories=KAPITALMASSNAHMEN', headers: c.emil!.headers })).json() as DocumentPage;
    expect(docs.documents).toMatchObject([{ kind: 'corporate_action_statement', category: 'KAPITALMASSNAHMEN', title: 'Abrechnung Barabfindung', pdfIsin: TELEKOM }]);
    await t.app.documentRenderer.renderPending();
    const text = pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${docs.documents[0]!.id}/pdf`, headers: c.emil!.headers })).rawPayload);
    expect(text).toContain('Barabfindung');
    expect(text).toContain('600,00');
    expect(text).toContain('24,75');
    expect(text).toContain('573,89'); // 600 − 26.11
  });

  it('takeover offer accepted for 6 of 10 shares: those sold at the offer price and taxed', async () => {
    // 6 × 170 € = 1,020 €, cost 1,501 × 6 / 10 = 900.60 €, gain 119.40 €: KapESt 29.85, Soli 1.64.
    expect(await position(t, c.fritz!, AIRBUS)).toMatchObject({ quantity: '4', cost: '600.40' });
    // 10,000 − 1,501 + 1,020 − 31.49 = 9,487.51 €.
    expect((await cash(t, c.fritz!)).balance).toBe('9487.51');
  });

  it('exchange offer keeps the cost and the date; the fraction is sold', async () => {
    // 10 Allianz, 3 : 2: 6.666666 Munich Re for 3,001 €, bought 25 November. The 0.666666 left over sold at 450 €:
    // 300.00 €, cost 3,001 × 0.666666 / 6.666666 = 300.10 €: a loss of 0.10 €, no tax.
    expect(await position(t, c.gabi!, ALLIANZ)).toBeUndefined();
    expect(await incomeStore(t.database.db).holdersAt(ALLIANZ, new Date('2026-12-08T00:00:00Z'))).toEqual([]);
    expect(await position(t, c.gabi!, MUNICH_RE)).toMatchObject({ quantity: '6', cost: '2700.90', firstPurchase: expect.stringMatching(/^2026-11-25/) });
    expect((await cash(t, c.gabi!)).balance).toBe('7299.00');
  });

  it('WDIF paid in the original currency at the pay date\'s rate', async () => {
    // 10 × 0.60 $ × 0.80 = 4.80 €: KapESt 1.20, Soli 0.066 → 0.06. 10,000 − 302 + 3.54 = 9,701.54 €.
    expect((await cash(t, c.hans!)).balance).toBe('9701.54');
    expect((await caStore(t.database.db).eventOf(c.hans!.sub, 'WDIF-IFX'))!.instruction).toMatchObject({ option: 'WAEHRUNG_ORIGINAL', source: 'default' });
  });

  it('scrip-dividend-in-shares-with-fraction-paid-in-cash', async () => {
    // 100 × 0.55 € = 55 €: 4 new shares at 12 € (48 €), 7 € in cash. Tax on all 55 €: 13.75 + 0.75 (0.75625) = 14.50 €,
    // more than the cash part: 7.50 € debited. 10,000 − 1,001 − 7.50 = 8,991.50 €.
    expect(await position(t, c.ida!, EON)).toMatchObject({ quantity: '104', cost: '1049.00' });
    expect((await cash(t, c.ida!)).balance).toBe('8991.50');
  });

  it('subscription offer: the new shares paid from the money held', async () => {
    // 2 × 20 € + 1 € = 41 € from the 41 € held. 10,000 − 402 − 41 = 9,557 €.
    expect(await position(t, c.jan!, COMMERZBANK)).toMatchObject({ quantity: '2', cost: '41.00' });
    expect(await cash(t, c.jan!)).toMatchObject({ reserved: '0.00', balance: '9557.00' });
  });

  it('consolidation: the fraction is sold by default, or topped up to a whole share', async () => {
    // Kai: 7 → 3.5 Mercedes for 352 €; 0.5 sold at 100 € = 50 €, cost 352 × 0.5 / 3.5 = 50.29 €: a loss of 0.29 €, no tax.
    expect(await position(t, c.kai!, MERCEDES)).toMatchObject({ quantity: '3', cost: '301.71' });
    expect((await cash(t, c.kai!)).balance).toBe('9698.00');
    // Lena: 0.5 bought at 100 € from the 50 € held: 4 pieces for 402 €.
    expect(await position(t, c.lena!, MERCEDES)).toMatchObject({ quantity: '4', cost: '402.00' });
    expect(await cash(t, c.lena!)).toMatchObject({ reserved: '0.00', balance: '9598.00' });
  });

  it('every booking is written once: a pay job run again books nothing twice', async () => {
    expect(await t.app.scheduler.runDue()).toBe(0);
    await t.database.db.transaction((tx) =>
      t.app.scheduler.schedule(tx as never, CA_JOBS.pay, { key: 'KAP2-SIE:again', dueAt: t.app.simulatedClock.now(), payload: { eventId: 'KAP2-SIE' } }),
    );
    expect(await t.app.scheduler.runDue()).toBe(1);
    expect((await caStore(t.database.db).eventOf(c.dora!.sub, 'KAP2-SIE'))!.entitlement.booked).toEqual(['pay']);
    expect((await cash(t, c.dora!)).balance).toBe('9294.31');
  });
});
