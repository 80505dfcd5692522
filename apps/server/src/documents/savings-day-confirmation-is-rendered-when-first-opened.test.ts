import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { SavingsPlan, SavingsPlanDetail } from '@kontor/domain/savings-plan-contracts';
import { identityStore } from '../identity/store.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { PinnedQuotes } from '../../test/pinned-quotes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { documentRenderer } from './renderer.ts';
import { documentStore } from './store.ts';
import { customerDocuments } from './tables.ts';

const FUNDSMITH = 'LU0690375182'; // a fund: pieces to 3 decimals
const CORE_DAX = 'DE0005933931'; // an ETF: pieces to 6 decimals
const quotes = new PinnedQuotes();
let t: TestApp;
let anna: SignedInCustomer;
let confirmations: { id: string; isin: string; size: number | null }[];

const storedPdf = async (id: string) => (await t.database.db.select({ pdf: customerDocuments.pdf }).from(customerDocuments).where(eq(customerDocuments.id, id)))[0]!.pdf;
const open = (id: string) => t.call({ method: 'GET', url: `/api/posteingang/${id}/pdf`, headers: anna.headers });

beforeAll(async () => {
  quotes.pin(FUNDSMITH, '101.17', '101.37');
  quotes.pin(CORE_DAX, '200.00', '200.10');
  // Wednesday 9 December 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-12-09T10:00:00Z', quotes });
  anna = await customerWithCash(t, '200.00');
  const users = identityStore(t.database.db);
  const user = await users.userBySub(anna.sub);
  await users.updateUser(anna.sub, { attributes: { ...user!.attributes, given_name: 'Anna', family_name: 'Sparfuchs' } });
  const plans: SavingsPlan[] = [];
  for (const [isin, amount] of [
    [FUNDSMITH, '50.00'],
    [CORE_DAX, '40.00'],
  ]) {
    const res = await t.call({ method: 'POST', url: '/api/savingsplan', headers: anna.headers, payload: { isin, amount, interval: 'monthly', day: 15, firstDate: '2026-12-10', dynamicPercent: 0, payment: 'CASH' } });
    expect(res.statusCode, res.body).toBe(201);
    plans.push(res.json());
  }
  // Tuesday 15 December, 09:05 in Berlin: the day's block orders have run.
  await clockTo(t, '2026-12-15T08:05:00Z');
  for (const plan of plans) {
    const d = (await t.call({ method: 'GET', url: `/api/savingsplan/${plan.id}`, headers: anna.headers })).json() as SavingsPlanDetail;
    expect(d.history).toEqual([expect.objectContaining({ state: 'executed' })]);
  }
  const page = (await t.call({ method: 'GET', url: '/api/posteingang?mode=SAVINGS_PLAN', headers: anna.headers })).json() as DocumentPage;
  confirmations = page.documents.map((d) => ({ id: d.id, isin: d.pdfIsin!, size: d.size }));
}, 120_000);
afterAll(async () => t.close());

it('a savings day’s confirmation is not queued for background rendering: listed at once, without bytes until it is opened', async () => {
  expect(confirmations.map((c) => c.isin).sort()).toEqual([CORE_DAX, FUNDSMITH]);
  expect(confirmations.map((c) => c.size)).toEqual([null, null]);
  const queued = (await documentStore(t.database.db).unrendered(100)).map((r) => r.id);
  expect(queued).not.toContain(confirmations[0]!.id);
  expect(queued).not.toContain(confirmations[1]!.id);
  await t.app.documentRenderer.renderPending();
  expect(await storedPdf(confirmations[0]!.id)).toBeNull();
  expect(await storedPdf(confirmations[1]!.id)).toBeNull();
});

it('two simultaneous first openings get the same PDF, with the execution’s figures and the holder’s name, and it is stored', async () => {
  const fund = confirmations.find((c) => c.isin === FUNDSMITH)!;
  const [a, b] = await Promise.all([open(fund.id), open(fund.id)]);
  expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  expect(a.headers['content-type']).toBe('application/pdf');
  expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
  const text = pdfText(a.rawPayload);
  expect(text).toContain('Sparplanausführung');
  expect(text).toContain('Anna Sparfuchs');
  expect(text).toContain(FUNDSMITH);
  // 50 ÷ 101.37 = 0.4932…, down to 0.493 pieces for 49,98 €; 0,02 € stays on the account.
  expect(text).toMatch(/Stück\n0,493\n/);
  expect(text).toMatch(/Ausführungskurs\n101,37\s€/);
  expect(text).toMatch(/Kurswert\n49,98\s€/);
  expect(text).toMatch(/Verrechnungskonto\)\n0,02\s€/);
  expect((await storedPdf(fund.id))!.equals(a.rawPayload)).toBe(true);
  const listed = ((await t.call({ method: 'GET', url: '/api/posteingang?mode=SAVINGS_PLAN', headers: anna.headers })).json() as DocumentPage).documents.find((d) => d.id === fund.id);
  expect(listed).toMatchObject({ read: true, size: a.rawPayload.length });
});

it('openings racing in two processes store one PDF, and both get the bytes stored first', async () => {
  const etf = confirmations.find((c) => c.isin === CORE_DAX)!;
  // Two processes on one database, each with its own renderer; the holder's name tells their renderings apart.
  const store = documentStore(t.database.db);
  const renderings: string[] = [];
  const processOf = (name: string) =>
    documentRenderer({
      store,
      holderName: async () => {
        renderings.push(name);
        return name;
      },
      currentAddress: async () => null,
      log: t.app.log,
    });
  const [one, two] = [processOf('Anna Eins'), processOf('Anna Zwei')];
  const [a, a2, b] = await Promise.all([one.pdf(anna.sub, etf.id), one.pdf(anna.sub, etf.id), two.pdf(anna.sub, etf.id)]);
  // Within a process, two openings share one rendering.
  expect(renderings.filter((n) => n === 'Anna Eins')).toHaveLength(1);
  expect(a!.pdf.equals(a2!.pdf)).toBe(true);
  expect(a!.pdf.equals(b!.pdf)).toBe(true);
  expect((await storedPdf(etf.id))!.equals(a!.pdf)).toBe(true);
  const text = pdfText(a!.pdf);
  expect(text).toContain(CORE_DAX);
  expect(['Anna Eins', 'Anna Zwei'].filter((n) => text.includes(n))).toHaveLength(1);
  await Promise.all([one.stop(), two.stop()]);
});
