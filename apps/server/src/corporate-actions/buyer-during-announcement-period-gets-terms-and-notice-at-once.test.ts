import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaAnnouncement } from '@kontor/domain/ca-contracts';
import type { NotesList } from '@kontor/domain/notes-contracts';
import type { notificationListSchema } from '@kontor/domain/notifications';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { z } from 'zod';
import { announce, buy, caDetail, caList } from '../../test/ca-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { investor } from '../../test/ca-helpers.ts';
import { clockTo } from '../../test/money-kit.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { caStore } from './store.ts';

const SAP = 'DE0007164600';
const quotes = new PinnedQuotes();
quotes.pin(SAP, '200.00', '200.00');

const caDocuments = async (t: TestApp, c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: c.headers })).json() as DocumentPage).documents.filter((d) => d.category === 'KAPITALMASSNAHMEN');
const caNotifications = async (t: TestApp, c: SignedInCustomer) =>
  ((await t.call({ method: 'GET', url: '/api/notification', headers: c.headers })).json() as z.infer<typeof notificationListSchema>).items.filter((n) => n.kind === 'CORPORATE_ACTION');
const caNotices = async (t: TestApp, c: SignedInCustomer) => ((await t.call({ method: 'GET', url: '/api/notes', headers: c.headers })).json() as NotesList).notices.filter((n) => n.isin === SAP);

/**
 * A rights issue on SAP announced Monday 23 November 2026: ex date Thursday 26 November, record date
 * one banking day later (Friday 27 November). Bob buys SAP on Tuesday, during the announcement
 * period: he holds it at the end of the day before the ex date, so he is entitled, and learns of it
 * as the holders did, when his buy executes. Carla buys on the ex date: too late.
 */
describe('a customer who buys during the announcement period gets the terms and the notice at once', () => {
  let t: TestApp;
  let anna: SignedInCustomer;
  let bob: SignedInCustomer;
  let carla: SignedInCustomer;
  let event: CaAnnouncement;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z', quotes });
    [anna, bob, carla] = [await investor(t, '5000.00'), await investor(t, '5000.00'), await investor(t, '5000.00')];
    await buy(t, anna, SAP, '10');
    event = await announce(t, anna, SAP, 'KAP');
  }, 60_000);
  afterAll(async () => t.close());

  it('the record date is one banking day after the ex date', () => {
    expect([event.exDate, event.recordDate]).toEqual(['2026-11-26', '2026-11-27']);
  });

  it('before buying, bob has nothing of the event', async () => {
    expect(await caList(t, bob)).toEqual([]);
    expect(await caDocuments(t, bob)).toEqual([]);
  });

  it('his buy executes: entitled with 3 shares, the terms in the Posteingang, a notification and the notice asking for an instruction', async () => {
    await clockTo(t, '2026-11-24T10:00:00Z');
    await buy(t, bob, SAP, '3');
    const view = await caDetail(t, bob, event.id);
    expect(view).toMatchObject({ id: event.id, status: 'OFFEN', entitlement: { quantity: '3', rights: '3' } });
    const docs = await caDocuments(t, bob);
    expect(docs.map((d) => [d.id, d.kind, d.pdfTitle])).toEqual([[view.termsDocumentId, 'corporate_action_notice', 'Kapitalerhöhung gegen Bareinlage SAP SE']]);
    const notifications = await caNotifications(t, bob);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: 'Kapitalmaßnahme: SAP SE', documentId: view.termsDocumentId, body: expect.stringContaining('03.12.2026 12:00 Uhr') });
    expect((await caNotices(t, bob)).map((n) => n.title)).toEqual(['Weisung zu SAP SE bis 03.12.2026 möglich']);
  });

  it('buying more tells him nothing twice; the entitled shares follow what he holds', async () => {
    await buy(t, bob, SAP, '2');
    expect((await caDetail(t, bob, event.id)).entitlement).toEqual({ quantity: '5', rights: '5' });
    expect(await caDocuments(t, bob)).toHaveLength(1);
    expect(await caNotifications(t, bob)).toHaveLength(1);
  });

  it('a buy on the ex date is too late: carla is not entitled, and the holding at the end of the day before counts', async () => {
    await clockTo(t, '2026-11-26T09:00:00Z');
    await buy(t, carla, SAP, '4');
    expect(await caList(t, carla)).toEqual([]);
    expect(await caStore(t.database.db).eventOf(carla.sub, event.id)).toBeUndefined();
    const fixed = (await caStore(t.database.db).eventOf(bob.sub, event.id))!.entitlement;
    expect([fixed.fixed, Number(fixed.quantity), Number(fixed.rights)]).toEqual([true, 5, 5]);
  });
});
