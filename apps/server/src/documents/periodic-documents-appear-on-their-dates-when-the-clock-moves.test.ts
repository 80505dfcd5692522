import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import { berlinDate } from '@kontor/domain/banking-days';
import { DEMO_CUSTOMER, demoMarketOf, seedDemoData } from '../seed.ts';
import { documentStore } from './store.ts';
import { customerWithCash, clockTo } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let c: SignedInCustomer;

const list = async (sub: { headers: Record<string, string> }, query = '') =>
  (await t.call({ method: 'GET', url: `/api/posteingang?limit=100${query}`, headers: sub.headers })).json() as DocumentPage;
const statements = async (customer: SignedInCustomer) =>
  (await list(customer)).documents.filter((d) => d.kind !== 'contract_note').map((d) => `${d.kind} ${d.date}`);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  c = await customerWithCash(t, '5000');
}, 60_000);
afterAll(() => t.close());

describe('periodic documents are issued by the scheduler when their period ends, dated on that day', () => {
  it('November’s Kontoauszug appears at midnight on 1 December (Berlin), once, with the month’s bookings and balances', async () => {
    await clockTo(t, '2026-11-30T22:59:00Z');
    expect(await statements(c)).toEqual([]);
    await clockTo(t, '2026-11-30T23:00:00Z');
    expect(await statements(c)).toEqual(['account_statement 2026-11-30T23:00:00.000Z']);
    // Moving on issues nothing twice.
    await clockTo(t, '2026-12-15T09:00:00Z');
    expect(await statements(c)).toEqual(['account_statement 2026-11-30T23:00:00.000Z']);
    const [doc] = (await list(c)).documents;
    const text = pdfText((await t.call({ method: 'GET', url: `/api/posteingang/${doc!.id}/pdf`, headers: c.headers })).rawPayload);
    expect(text).toContain('Kontoauszug');
    // (The dash is WinAnsi 0x96 in the PDF.)
    expect(text).toMatch(/01\.11\.2026 . 30\.11\.2026/);
    expect(text).toContain('Einzahlung');
    expect(text).toMatch(/Neuer Kontostand am 30\.11\.2026/);
    expect(text).toContain('5.000,00');
  });

  it('"Nächstes Quartal" moves the clock to 1 January and the Depotauszug of the fourth quarter appears (no December Kontoauszug: no bookings)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/dev/clock/next-quarter', headers: c.headers });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().now).getTime()).toBeGreaterThanOrEqual(new Date('2026-12-31T23:00:00Z').getTime());
    expect(res.json().jobsRun).toBeGreaterThan(0);
    expect(await statements(c)).toEqual(['depot_statement 2026-12-31T23:00:00.000Z', 'account_statement 2026-11-30T23:00:00.000Z']);
    const depot = (await list(c)).documents[0]!;
    // Cash only: no ISINs, so the plain title.
    expect(depot).toMatchObject({ title: 'Depotauszug 4. Quartal 2026', category: 'DEPOT_KONTO' });
    expect(depot.pdfIsin).toBeUndefined();
  });

  it('a demo customer with history has the statements of the periods behind her, dated on their days; seeding again adds none', async () => {
    const deps = {
      identity: t.app.identity!,
      identityStore: t.app.identityStore!,
      poolId: t.config.identity.poolId,
      depot: { db: t.database.db, trading: t.app.trading, market: demoMarketOf(t.app), documents: t.app.periodicDocuments },
    };
    await seedDemoData(deps);
    await seedDemoData(deps);
    const demo = await t.app.identityStore!.findUser(t.config.identity.poolId, DEMO_CUSTOMER.username);
    // Her Posteingang as the list reads it (she signs in with her own password and SMS code).
    const { rows } = await documentStore(t.database.db).list(demo!.sub, { savingsPlanOnly: false, categories: ['DEPOT_KONTO'], unreadOnly: false, limit: 100 });
    const of = (kind: string) => rows.filter((d) => d.kind === kind).map((d) => berlinDate(d.issuedAt));
    // Her first booking was in March 2025; the clock stands at 1 January 2027 by now.
    // Each issued at midnight (Berlin) on the first day after its period.
    expect(of('depot_statement')).toEqual(['2027-01-01', '2026-10-01', '2026-07-01', '2026-04-01', '2026-01-01', '2025-10-01', '2025-07-01', '2025-04-01']);
    // Months with bookings: the deposit and the three purchases.
    expect(of('account_statement')).toEqual(['2025-10-01', '2025-07-01', '2025-04-01']);
    expect(of('cost_report')).toEqual(['2026-01-01']);
    const q3 = rows.find((d) => d.kind === 'depot_statement' && berlinDate(d.issuedAt) === '2025-10-01')!;
    // SAP, Telekom and the ETF by then: more than two ISINs.
    expect(q3.pdfIsin!.split(',')).toHaveLength(3);
  });
});
