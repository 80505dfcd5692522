import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaAnnouncement } from '@kontor/domain/ca-contracts';
import type { NotesList } from '@kontor/domain/notes-contracts';
import type { notificationListSchema } from '@kontor/domain/notifications';
import type { z } from 'zod';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import { announce, buy, caList } from '../../test/ca-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoCorporateAction } from '../seed.ts';
import { CA_ANNOUNCE_DAY_JOB } from './custodian.ts';
import { rightsIsinOf } from './position.ts';

const SAP = 'DE0007164600';
const TELEKOM = 'DE0005557508';
const quotes = new PinnedQuotes();
quotes.pin(SAP, '200.00', '200.00');
quotes.pin(TELEKOM, '20.00', '20.00');

describe('a rights issue is announced to the holders of the share, with its terms, a notice and a notification', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  let bob: SignedInCustomer;
  let event: CaAnnouncement;
  beforeAll(async () => {
    // Monday 23 November 2026, 11:00 in Berlin.
    t = await createTestApp({ now: '2026-11-23T10:00:00Z', quotes });
    anna = await customerWithCash(t, '5000.00');
    bob = await customerWithCash(t, '5000.00');
    await buy(t, anna, SAP, '10');
    await buy(t, anna, TELEKOM, '50');
    await buy(t, bob, TELEKOM, '50');
    event = await announce(t, anna, SAP, 'KAP');
  }, 60_000);
  afterAll(async () => t.close());

  it('the terms follow the price: new shares at 80 % (160 €), rights of their own ISIN, dates on banking days', () => {
    expect(event).toMatchObject({
      id: `KAP-${SAP}-2026-11-26`,
      type: 'KAP',
      typeLabel: 'Kapitalerhöhung gegen Bareinlage',
      mandatory: false,
      name: 'SAP SE',
      targetIsin: SAP,
      price: '160',
      // Announced Monday: ex date three banking days on (Thursday), record date one banking day after it (Friday);
      // instructions until five banking days after the ex date at 12:00, rights traded until 15:00, paid three banking days later.
      recordDate: '2026-11-27',
      exDate: '2026-11-26',
      deadline: '2026-12-03T11:00:00.000Z',
      rightsTradingEnd: '2026-12-03T14:00:00.000Z',
      payDate: '2026-12-08',
      status: 'OFFEN',
      defaultOption: 'BEZUGSRECHTE_VERKAUFEN',
      // Before the ex date one right per share held, as they will be booked: the figures the preview counts.
      entitlement: { quantity: '10', rights: '10' },
      instruction: null,
    });
    // The event's own rights ISIN: "XR", nine characters of the event id's hash, the check digit.
    expect(event.rightsIsin).toBe(rightsIsinOf(event.id));
    expect(event.rightsIsin).toMatch(/^XR[0-9A-Z]{9}[0-9]$/);
    // The custodian's dice chose 5 : 1 for SAP on this day (10 : 1 on others).
    expect(event.ratio).toEqual({ old: '5', new: '1' });
    expect(event.options.map((o) => o.option)).toContain('BEZUG_AKTIEN_WIE_ANGEGEBEN');
  });

  it('the list shows it open, and announcing it again is a no-op', async () => {
    const again = await announce(t, anna, SAP, 'KAP');
    expect(again.id).toBe(event.id);
    const items = await caList(t, anna);
    expect(items.map((i) => [i.id, i.status, i.deadline])).toEqual([[event.id, 'OFFEN', '2026-12-03T11:00:00.000Z']]);
  });

  it('a mandatory event is listed after the open one, as information', async () => {
    const bonus = await announce(t, anna, TELEKOM, 'KAP2');
    expect(bonus).toMatchObject({ mandatory: true, status: 'INFORMATION', ratio: { old: '10', new: '1' }, options: [], defaultOption: null, payDate: '2026-11-26' });
    expect((await caList(t, anna)).map((i) => i.id)).toEqual([event.id, bonus.id]);
    // Bob holds Telekom too: he is told of the bonus shares, but not of the SAP rights issue.
    expect((await caList(t, bob)).map((i) => i.id)).toEqual([bonus.id]);
  });

  it('another customer without the share sees nothing of it: 404 on its detail, preview and instruction', async () => {
    const detail = await t.call({ method: 'GET', url: `/api/ca/ankuendigung/${event.id}`, headers: bob.headers });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('Diese Kapitalmaßnahme gibt es nicht.');
    const body = { eventId: event.id, option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null };
    expect((await t.call({ method: 'POST', url: '/api/ca/weisungvorschauanfordern', headers: bob.headers, payload: body })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/ca/weisungerteilen', headers: bob.headers, payload: body })).statusCode).toBe(404);
  });

  it('the terms of the offer are in the Posteingang under Kapitalmaßnahmen, as a PDF', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: anna.headers })).json() as DocumentPage;
    const docs = page.documents.filter((d) => d.category === 'KAPITALMASSNAHMEN');
    expect(docs).toHaveLength(2);
    const terms = docs.find((d) => d.id === event.termsDocumentId);
    expect(terms).toMatchObject({ kind: 'corporate_action_notice', pdfTitle: 'Kapitalerhöhung gegen Bareinlage SAP SE' });
    const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${terms!.id}/pdf`, headers: anna.headers });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const s of ['Kapitalerhöhung gegen Bareinlage', 'SAP SE', SAP, '160,00', `${event.ratio.old} : 1`, '26.11.2026', '03.12.2026 12:00 Uhr', '08.12.2026', 'Alle Bezugsrechte verkaufen', 'Ohne Weisung']) {
      expect(text).toContain(s);
    }
  });

  it('a notification says so, and a notice asks for the instruction until the deadline (none for the mandatory event)', async () => {
    const notes = (await t.call({ method: 'GET', url: '/api/notification', headers: anna.headers })).json() as z.infer<typeof notificationListSchema>;
    const ca = notes.items.filter((n) => n.kind === 'CORPORATE_ACTION');
    expect(ca.map((n) => n.title).sort()).toEqual(['Kapitalmaßnahme: Deutsche Telekom AG', 'Kapitalmaßnahme: SAP SE']);
    expect(ca.find((n) => n.isin === SAP)).toMatchObject({ documentId: event.termsDocumentId, body: expect.stringContaining('03.12.2026 12:00 Uhr') });
    const notices = ((await t.call({ method: 'GET', url: '/api/notes', headers: anna.headers })).json() as NotesList).notices.filter((n) => n.isin === SAP || n.isin === TELEKOM);
    expect(notices.map((n) => [n.title, n.pages])).toEqual([['Weisung zu SAP SE bis 03.12.2026 möglich', ['CORPORATE_ACTIONS', 'DEPOT']]]);
    const bobs = ((await t.call({ method: 'GET', url: '/api/notes', headers: bob.headers })).json() as NotesList).notices;
    expect(bobs.filter((n) => n.isin === SAP)).toEqual([]);
  });

  it('the demo customer gets an open rights issue on SAP once', async () => {
    // A day later (the event of the day before has its id already, and she bought after it).
    await clockTo(t, '2026-11-24T10:00:00Z');
    const demo = await customerWithCash(t, '5000.00');
    await buy(t, demo, SAP, '12');
    await seedDemoCorporateAction(t.database.db, t.app.corporateActions, demo.sub);
    await seedDemoCorporateAction(t.database.db, t.app.corporateActions, demo.sub);
    expect((await caList(t, demo)).map((i) => [i.type, i.isin, i.status])).toEqual([['KAP', SAP, 'OFFEN']]);
  });

  it('the custodian’s daily look at 07:00 announces rarely, chosen by a hash of ISIN and day: a scrip dividend on SAP on 2 December', async () => {
    const ca = t.app.corporateActions;
    expect([ca.draw(SAP, '2026-12-01'), ca.draw(SAP, '2026-12-02'), ca.draw(TELEKOM, '2026-12-02')]).toEqual([null, 'WDIV', null]);
    // Tests run without the daily chain (events on random days would disturb other scenarios): start it by hand.
    await t.database.db.transaction((tx) => t.app.scheduler.schedule(tx, CA_ANNOUNCE_DAY_JOB, { key: '2026-12-01', dueAt: new Date('2026-12-01T06:00:00Z'), payload: { date: '2026-12-01' } }));
    await clockTo(t, '2026-12-02T06:00:00Z');
    const wdiv = (await caList(t, anna)).find((i) => i.type === 'WDIV');
    // 2 % of 200 € as dividend, new shares at 95 %; announced at 07:00, ex date three banking days later.
    expect(wdiv).toMatchObject({ id: `WDIV-${SAP}-2026-12-07`, dividend: '4', price: '190', announcedAt: '2026-12-02T06:00:00.000Z', status: 'OFFEN', defaultOption: 'BARDIVIDENDE' });
    expect((await caList(t, bob)).some((i) => i.type === 'WDIV')).toBe(false);
  });
});

describe('without the subscription-rights flag no rights issue is announced', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z', quotes, env: { SUBSCRIPTION_RIGHTS: 'false' } });
    anna = await customerWithCash(t, '5000.00');
    await buy(t, anna, SAP, '10');
  }, 60_000);
  afterAll(async () => t.close());

  it('says so in /config.json, refuses a rights issue in German and still announces a scrip dividend', async () => {
    expect((await t.call({ method: 'GET', url: '/config.json' })).json().featureFlags.subscriptionRights).toBe(false);
    const res = await t.call({ method: 'POST', url: '/api/dev/ca/announce', headers: anna.headers, payload: { isin: SAP, type: 'KAP' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Bezugsrechte sind derzeit nicht aktiv: Kapitalerhöhungen gegen Bareinlage werden nicht angekündigt.');
    expect((await announce(t, anna, SAP, 'WDIV')).type).toBe('WDIV');
    expect((await caList(t, anna)).map((e) => e.type)).toEqual(['WDIV']);
  });

  it('the daily draw over five years of days brings other types but never a rights issue', () => {
    const drawn = new Set<string>();
    for (let day = 0; day < 5 * 365; day++) {
      const type = t.app.corporateActions.draw(SAP, new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10));
      if (type) drawn.add(type);
    }
    expect(drawn.size).toBeGreaterThan(2);
    expect(drawn.has('KAP')).toBe(false);
  });
});
