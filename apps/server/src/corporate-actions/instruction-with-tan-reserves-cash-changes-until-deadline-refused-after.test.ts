import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { caAuthorisationData, type CaAnnouncement, type CaPreview } from '@kontor/domain/ca-contracts';
import { authorised } from '../../test/authorisation.ts';
import { announce, buy } from '../../test/ca-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { cash, clockTo, customerWithCash } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
quotes.pin(SAP, '200.00', '200.00');

type Body = { option: string; quantity: string | null; authorisation?: unknown };

describe('an instruction that debits cash is authorised by TAN, reserves the cash, can change until the deadline and is refused after it', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  let bob: SignedInCustomer;
  let event: CaAnnouncement;
  let freeBefore: Decimal;
  const preview = (b: Body) => t.call({ method: 'POST', url: '/api/ca/weisungvorschauanfordern', headers: anna.headers, payload: { eventId: event.id, ...b } });
  const instruct = (b: Body) => t.call({ method: 'POST', url: '/api/ca/weisungerteilen', headers: anna.headers, payload: { eventId: event.id, ...b } });
  const tanFor = (option: string, quantity: string | null, amount: string, c = anna) =>
    authorised(t, c, { type: 'CA_INSTRUCTION', data: caAuthorisationData({ eventId: event.id, option, quantity, amount }) });

  beforeAll(async () => {
    // Monday 23 November 2026: SAP at 200 €, a rights issue 5 : 1 at 160 € (ex date Thursday, deadline 3 December 12:00).
    t = await createTestApp({ now: '2026-11-23T10:00:00Z', quotes });
    anna = await customerWithCash(t, '5000.00');
    await buy(t, anna, SAP, '10');
    // Bob holds 5 SAP with little cash left.
    bob = await customerWithCash(t, '1150.00');
    await buy(t, bob, SAP, '5');
    event = await announce(t, anna, SAP, 'KAP');
    expect(event.ratio).toEqual({ old: '5', new: '1' });
    freeBefore = new Decimal((await cash(t, anna)).availableToBuy);
  }, 60_000);
  afterAll(async () => t.close());

  it('the preview shows what subscribing 2 new shares books: 10 rights used, 321 € debited (1 € fee), nothing taxed, nothing written', async () => {
    const res = await preview({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as CaPreview).toEqual({
      eventId: event.id,
      option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN',
      quantity: '2',
      sharesIn: [{ isin: SAP, name: 'SAP SE', quantity: '2' }],
      sharesOut: [],
      rightsUsed: '10',
      rightsBought: '0',
      rightsSold: '0',
      rightsLapsed: '0',
      cashDebit: '321.00',
      cashCredit: '0.00',
      costs: '1.00',
      fraction: null,
      tax: null,
      netCash: '-321.00',
      reserve: '321.00',
      needsAuthorisation: true,
      bookedOn: { rights: '2026-12-03', pay: '2026-12-08' },
    });
    expect((await cash(t, anna)).availableToBuy).toBe(freeBefore.toFixed(2));
  });

  it('an instruction the rights do not cover is refused in German', async () => {
    const res = await preview({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '3' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Dafür brauchen Sie 15 Bezugsrechte; Sie haben 10.');
    expect((await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '3' })).statusCode).toBe(422);
  });

  it('without a TAN the instruction is refused; with one it is given, 321 € are reserved at once and the notice asking for it goes', async () => {
    const noticeTitles = async () => ((await t.call({ method: 'GET', url: '/api/notes', headers: anna.headers })).json() as { notices: { title: string }[] }).notices.map((n) => n.title);
    expect(await noticeTitles()).toContain('Weisung zu SAP SE bis 03.12.2026 möglich');
    const refused = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bitte bestätigen Sie die Weisung mit einer TAN.');
    // A TAN for another amount does not fit.
    const wrong = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2', authorisation: await tanFor('BEZUG_AKTIEN_WIE_ANGEGEBEN', '2', '1.00') });
    expect(wrong.statusCode).toBe(422);
    const res = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2', authorisation: await tanFor('BEZUG_AKTIEN_WIE_ANGEGEBEN', '2', '321.00') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as CaAnnouncement).toMatchObject({ status: 'WEISUNG_ERTEILT', instruction: { option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2', source: 'customer', reserved: '321.00', binding: false } });
    const c = await cash(t, anna);
    expect(c.availableToBuy).toBe(freeBefore.minus('321.00').toFixed(2));
    expect(c.reserved).toBe('321.00');
    expect(await noticeTitles()).not.toContain('Weisung zu SAP SE bis 03.12.2026 möglich');
  });

  it('giving the same instruction again changes nothing (no TAN asked, nothing reserved twice)', async () => {
    const res = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CaAnnouncement).instruction?.reserved).toBe('321.00');
    expect((await cash(t, anna)).reserved).toBe('321.00');
  });

  it('a cheaper instruction replaces it: one new share, the 5 rights left sold and taxed; the difference is released', async () => {
    const p = (await preview({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '1' })).json() as CaPreview;
    // Before the ex date a right is worth 1 × (200 − 160) ÷ 6 = 6.666 € on the cum price: 5 sell for 33.33 €, less the 1 € fee = 32.33 € credited;
    // cost 0, so all of 32.33 € is gain. Debited: 160 € + 1 € fee. Costs 1 € + 1 € = 2 €, inside the two.
    expect(p).toMatchObject({ sharesIn: [{ isin: SAP, quantity: '1' }], rightsUsed: '5', rightsSold: '5', cashDebit: '161.00', cashCredit: '32.33', costs: '2.00', reserve: '161.00', needsAuthorisation: true });
    expect(p.tax).toMatchObject({ gain: '32.33', proceeds: '32.33', acquisitionCost: '0.00' });
    expect(new Decimal(p.tax!.total).gt(0)).toBe(true);
    expect(p.netCash).toBe(new Decimal('32.33').minus('161.00').minus(p.tax!.total).toFixed(2));
    const res = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '1', authorisation: await tanFor('BEZUG_AKTIEN_WIE_ANGEGEBEN', '1', '161.00') });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CaAnnouncement).instruction).toMatchObject({ quantity: '1', reserved: '161.00' });
    const c = await cash(t, anna);
    expect([c.availableToBuy, c.reserved]).toEqual([freeBefore.minus('161.00').toFixed(2), '161.00']);
  });

  it('selling all rights debits nothing: no TAN, and the whole hold is released', async () => {
    const res = await instruct({ option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CaAnnouncement).instruction).toMatchObject({ option: 'BEZUGSRECHTE_VERKAUFEN', reserved: '0.00' });
    const c = await cash(t, anna);
    expect([c.availableToBuy, c.reserved]).toEqual([freeBefore.toFixed(2), '0.00']);
  });

  it('an instruction the free cash does not cover is refused, and nothing is reserved', async () => {
    const free = (await cash(t, bob)).availableToBuy;
    expect(new Decimal(free).lt('161.00')).toBe(true);
    const res = await t.call({
      method: 'POST',
      url: '/api/ca/weisungerteilen',
      headers: bob.headers,
      payload: { eventId: event.id, option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '1', authorisation: await tanFor('BEZUG_AKTIEN_WIE_ANGEGEBEN', '1', '161.00', bob) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Ihr verfügbares Guthaben reicht für diesen Auftrag nicht aus.');
    const view = (await t.call({ method: 'GET', url: `/api/ca/ankuendigung/${event.id}`, headers: bob.headers })).json() as CaAnnouncement;
    expect([view.status, view.instruction]).toEqual(['OFFEN', null]);
    expect((await cash(t, bob)).availableToBuy).toBe(free);
  });

  it('after the deadline an instruction is refused with the deadline named', async () => {
    await clockTo(t, '2026-12-03T11:00:00Z');
    const res = await instruct({ option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '1', authorisation: await tanFor('BEZUG_AKTIEN_WIE_ANGEGEBEN', '1', '161.00') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Die Frist für Weisungen zu dieser Kapitalmaßnahme ist am 03.12.2026 12:00 Uhr abgelaufen.');
    const view = (await t.call({ method: 'GET', url: `/api/ca/ankuendigung/${event.id}`, headers: anna.headers })).json() as CaAnnouncement;
    expect(view).toMatchObject({ status: 'FRIST_ABGELAUFEN', instruction: { option: 'BEZUGSRECHTE_VERKAUFEN', binding: true } });
  });

  it('on the pay date it is booked: the rights sold on their last trading day, with the statement listed', async () => {
    await clockTo(t, '2026-12-08T06:00:00Z');
    const view = (await t.call({ method: 'GET', url: `/api/ca/ankuendigung/${event.id}`, headers: anna.headers })).json() as CaAnnouncement;
    expect(view.status).toBe('GEBUCHT');
    expect(view.statementDocumentIds.length).toBeGreaterThan(0);
    expect(view.statementDocumentIds).not.toContain(view.termsDocumentId);
  });
});
