import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDisplayTitle } from '@kontor/domain/documents';
import type { DocumentPage, PosteingangDocument } from '@kontor/domain/posteingang-contracts';
import { documentStore } from '../documents/store.ts';
import { customerWithCash, clockTo } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';
const TELEKOM = 'DE0005557508';

let t: TestApp;
let c: SignedInCustomer;

const get = async (customer: SignedInCustomer, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/posteingang${query}`, headers: customer.headers });
  if (res.statusCode !== 200) throw new Error(`GET /api/posteingang${query} answered ${res.statusCode}: ${res.body}`);
  return res.json() as DocumentPage;
};
const titles = (page: DocumentPage) => page.documents.map((d) => documentDisplayTitle(d));
const byKind = async (kind: string) => (await get(c, '?limit=100')).documents.filter((d) => d.kind === kind);

beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in Frankfurt: the market is open.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  c = await customerWithCash(t, '10000');
  // Each above the small-order threshold.
  for (const [isin, quantity] of [[SAP, '10'], [WORLD, '10'], [TELEKOM, '50']] as const) {
    const res = await t.call({
      method: 'POST',
      url: '/api/trading',
      headers: { ...c.headers, 'idempotency-key': randomUUID() },
      payload: { isin, side: 'buy', kind: 'market', quantity, validity: { type: 'day' } },
    });
    if (res.statusCode !== 201) throw new Error(`buy ${isin}: ${res.statusCode} ${res.body}`);
  }
  // New Year in Berlin: November's Kontoauszug (1 December), the Depotauszug of the fourth quarter
  // and the cost report of 2026 (1 January) have been issued by then.
  await clockTo(t, '2026-12-31T23:00:00Z');
  // A savings-plan execution (with the data the block order writes).
  const store = documentStore(t.database.db);
  await t.database.db.transaction((tx) =>
    store.issue(tx, c.sub, new Date('2026-12-02T08:00:00Z'), {
      kind: 'savings_plan_execution',
      dedupeKey: 'savings_plan_execution:plan-1:2026-12-02',
      title: 'Sparplanausführung',
      pdfTitle: 'Sparplanausführung iShares Core MSCI World',
      pdfIsin: WORLD,
      data: {
        planId: 'plan-1',
        orderId: 'order-1',
        executionId: 'order-1-1',
        isin: WORLD,
        wkn: null,
        name: 'iShares Core MSCI World UCITS ETF USD (Acc)',
        date: '2026-12-02',
        amount: '50.00',
        quantity: '0.456789',
        price: '109.40',
        currency: 'USD',
        fxRate: '0.9',
        value: '44.98',
        fee: '0.00',
        executedAt: '2026-12-02T08:00:00.000Z',
      },
      notify: true,
    }),
  );
}, 120_000);
afterAll(() => t.close());

describe('the Posteingang lists every document with the spec’s display title', () => {
  it('a contract note shows its pdfTitle and ISIN, a statement without pdfTitle its plain title, more than two ISINs end in an ellipsis', async () => {
    const all = await get(c);
    expect(all.total).toBe(7);
    const shown = titles(all);
    expect(shown).toEqual(
      expect.arrayContaining([
        'Wertpapierabrechnung Kauf SAP SE DE0007164600',
        'Kontoauszug November 2026',
        // The Depotauszug names the three ISINs it values, sorted: two, then the ellipsis.
        'Depotauszug 4. Quartal 2026 DE0005557508, DE0007164600 …',
        'Ex-post-Kosteninformation 2026',
        'Sparplanausführung iShares Core MSCI World IE00B4L5Y983',
      ]),
    );
    const depot = all.documents.find((d) => d.kind === 'depot_statement')!;
    expect(depot).toMatchObject({ category: 'DEPOT_KONTO', pdfIsin: [TELEKOM, SAP, WORLD].join(','), date: '2026-12-31T23:00:00.000Z', read: false });
    // Newest first.
    expect(all.documents.map((d) => d.date)).toEqual([...all.documents.map((d) => d.date)].sort().reverse());
  });

  it('each filter mode: ALL, SAVINGS_PLAN, CATEGORIES with one or several categories', async () => {
    expect((await get(c, '?mode=ALL')).total).toBe(7);
    const plans = await get(c, '?mode=SAVINGS_PLAN');
    expect(plans.documents.map((d) => d.kind)).toEqual(['savings_plan_execution']);
    const notes = await get(c, '?mode=CATEGORIES&categories=ABRECHNUNGEN');
    expect(notes.documents.map((d) => d.kind)).toEqual(['contract_note', 'contract_note', 'contract_note']);
    const two = await get(c, '?mode=CATEGORIES&categories=ABRECHNUNGEN,DEPOT_KONTO');
    expect(two.total).toBe(6);
    // Categories count only in mode CATEGORIES.
    expect((await get(c, '?mode=ALL&categories=STEUERN')).total).toBe(7);
    expect((await get(c, '?mode=CATEGORIES&categories=STEUERN')).total).toBe(0);
    const unknown = await t.call({ method: 'GET', url: '/api/posteingang?mode=CATEGORIES&categories=GIBTESNICHT', headers: c.headers });
    expect(unknown.statusCode).toBe(400);
  });

  it('search finds by title and by ISIN (any case, part of a word), and the date range counts Berlin days', async () => {
    expect(titles(await get(c, '?q=kontoausz'))).toEqual(['Kontoauszug November 2026']);
    const world = await get(c, `?q=${WORLD.toLowerCase()}`);
    expect(world.documents.map((d) => d.kind).sort()).toEqual(['contract_note', 'depot_statement', 'savings_plan_execution']);
    expect((await get(c, '?q=100%25')).total).toBe(0);
    // Issued at 00:00 Berlin on 1 January 2027 (23:00 UTC the day before).
    expect((await get(c, '?from=2027-01-01')).documents.map((d) => d.kind).sort()).toEqual(['cost_report', 'depot_statement']);
    expect((await get(c, '?from=2026-12-01&to=2026-12-31')).documents.map((d) => d.kind).sort()).toEqual(['account_statement', 'savings_plan_execution']);
  });
});

describe('reading a document', () => {
  it('the PDF is the one stored: rendered once from the issued data, the same bytes every time, and opening it marks it read', async () => {
    const [note] = (await byKind('contract_note')).filter((d) => d.pdfIsin === SAP);
    await t.app.documentRenderer.renderPending();
    const first = await t.call({ method: 'GET', url: `/api/posteingang/${note!.id}/pdf`, headers: c.headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('inline; filename="wertpapierabrechnung-kauf-sap-se-de0007164600.pdf"');
    const text = pdfText(first.rawPayload);
    expect(text).toContain('Wertpapierabrechnung Kauf');
    expect(text).toContain('SAP SE');
    expect(text).toContain(SAP);
    const again = await t.call({ method: 'GET', url: `/api/posteingang/${note!.id}/pdf?download=1`, headers: c.headers });
    expect(again.headers['content-disposition']).toMatch(/^attachment; /);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    const listed = (await byKind('contract_note')).find((d) => d.id === note!.id)!;
    expect(listed).toMatchObject({ read: true, size: first.rawPayload.length });
  });

  it('the Depotauszug shows the positions at the quarter’s end with their valuation', async () => {
    const [depot] = await byKind('depot_statement');
    const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${depot!.id}/pdf`, headers: c.headers });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Depotauszug');
    expect(text).toContain('4. Quartal 2026');
    for (const isin of [SAP, WORLD, TELEKOM]) expect(text).toContain(isin);
    expect(text).toContain('Depot- und Kontowert gesamt');
  });

  it('read and unread again, counted and filtered', async () => {
    const [statement] = await byKind('account_statement');
    const before = (await t.call({ method: 'GET', url: '/api/posteingang/unread', headers: c.headers })).json();
    const read = await t.call({ method: 'PUT', url: `/api/posteingang/${statement!.id}/read`, headers: c.headers, payload: { read: true } });
    expect(read.statusCode).toBe(204);
    const after = (await t.call({ method: 'GET', url: '/api/posteingang/unread', headers: c.headers })).json();
    // The messages (one `order` message per execution) are counted too, and reading a document leaves them.
    expect(before.messages).toBe(3);
    expect(after).toEqual({ documents: before.documents - 1, messages: before.messages });
    expect((await get(c, '?unread=true')).documents.map((d) => d.id)).not.toContain(statement!.id);
    await t.call({ method: 'PUT', url: `/api/posteingang/${statement!.id}/read`, headers: c.headers, payload: { read: false } });
    expect((await get(c, '?unread=true')).documents.map((d) => d.id)).toContain(statement!.id);
    const missing = await t.call({ method: 'PUT', url: `/api/posteingang/${randomUUID()}/read`, headers: c.headers, payload: { read: true } });
    expect(missing.statusCode).toBe(404);
  });

  it('a new statement is also a notification; a contract note is not a second one beside "Order ausgeführt"', async () => {
    const items = (await t.call({ method: 'GET', url: '/api/notification', headers: c.headers })).json().items as { kind: string; body: string }[];
    const docs = items.filter((n) => n.kind === 'DOCUMENT').map((n) => n.body);
    expect(docs).toEqual(expect.arrayContaining(['Kontoauszug November 2026', 'Ex-post-Kosteninformation 2026']));
    expect(docs.some((b) => b.startsWith('Wertpapierabrechnung'))).toBe(false);
    expect(items.filter((n) => n.kind === 'ORDER_EXECUTED')).toHaveLength(3);
  });
});

describe('paging through many documents', () => {
  it('pages by cursor: every document once, newest first, also where several share an instant', async () => {
    const many = await signedInCustomer(t.app, t.database.db);
    const store = documentStore(t.database.db);
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) {
        // Five documents per instant.
        const at = new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 5)));
        await store.issue(tx, many.sub, at, { kind: 'terms', dedupeKey: `terms:${i}`, title: `Bedingungen ${i}`, pdfTitle: null, pdfIsin: null, data: {}, notify: false });
      }
    });
    const seen: PosteingangDocument[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: DocumentPage = await get(many, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(25);
      seen.push(...page.documents);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((d) => d.id)).size).toBe(25);
    expect(seen.map((d) => d.date)).toEqual([...seen.map((d) => d.date)].sort().reverse());
    const bad = await t.call({ method: 'GET', url: '/api/posteingang?cursor=kaputt', headers: many.headers });
    expect(bad.statusCode).toBe(400);
    // Issuing under a key already issued issues nothing.
    const twice = await t.database.db.transaction((tx) => store.issue(tx, many.sub, new Date(), { kind: 'terms', dedupeKey: 'terms:0', title: 'x', pdfTitle: null, pdfIsin: null, data: {}, notify: true }));
    expect(twice).toBeNull();
  });
});
