import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInCustomer } from '../test/customer.ts';
import type { SavingsPlanDetail, SavingsPlanList } from '@kontor/domain/savings-plan-contracts';
import { DEMO_CUSTOMER, DEMO_DEPOT, demoMarketOf, demoPurchase, seedDemoData, seedDemoDepot } from './seed.ts';
import { seedDemoSavingsPlans } from './savings-plans/demo.ts';
import { onboardingStore } from './onboarding/store.ts';
import { appropriateness } from '@kontor/domain/onboarding';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the demo customer cash and positions from booked purchases once; seeding again changes nothing', async () => {
    const deps = { identity: t.app.identity!, identityStore: t.app.identityStore!, poolId: t.config.identity.poolId, depot: { db: t.database.db, trading: t.app.trading, market: demoMarketOf(t.app) } };
    await seedDemoData(deps);
    await seedDemoData(deps);
    const demo = await t.app.identityStore!.findUser(t.config.identity.poolId, DEMO_CUSTOMER.username);
    const depot = await t.app.depot.depot(demo!.sub);
    expect(depot.positions.map((p) => [p.isin, p.quantity])).toEqual(
      [...DEMO_DEPOT.positions].sort((a, b) => a.isin.localeCompare(b.isin)).map((p) => [p.isin, p.quantity]),
    );
    // Each purchase is priced at the market's close of its day (the past never changes, so these
    // prices do not either) and costs pieces × price in euros, rounded to the cent, plus the order
    // fee: SAP on 14.03.2025 at 175.88: 12 × 175.88 = 2,110.56 + 1 € = 2,111.56; the iShares ETF on
    // 02.06.2025 at 167.60 $ and 0.89225169 € per $ (the EUR/USD close 1.1208 of that day):
    // 40.512 × 167.60 × 0.89225169 = 6,058.2198… → 6,058.22 + 0 € (a partner issuer: no order fee);
    // Telekom on 22.09.2025 at 19.69: 60 × 19.69 = 1,181.40 + 1 € = 1,182.40.
    expect(await Promise.all(DEMO_DEPOT.positions.map((p) => demoPurchase(demoMarketOf(t.app), p)))).toEqual([
      { price: '175.88', fxRate: '1' },
      { price: '167.6', fxRate: '0.89225169' },
      { price: '19.69', fxRate: '1' },
    ]);
    const costs = ['2111.56', '6058.22', '1182.40'];
    expect(depot.positions.map((p) => [p.isin, p.cost])).toEqual([['DE0005557508', '1182.40'], ['DE0007164600', '2111.56'], ['IE00B4L5Y983', '6058.22']]);
    // 25,000.00 − 9,352.18 = 15,647.82 left.
    const left = new Decimal(DEMO_DEPOT.deposit).minus(Decimal.sum(...costs)).toFixed(2);
    expect(left).toBe('15647.82');
    expect(depot.cash).toMatchObject({ available: left, reserved: '0.00', total: left });
    // Her appropriateness test warns before derivatives and crypto only.
    const profile = await onboardingStore(t.database.db).experienceOf(demo!.sub);
    expect(appropriateness(profile!)).toEqual({ SHARES: true, ETFS: true, FUNDS: true, DERIVATIVES: false, CRYPTO: false });
  });

  it('each purchase comes with its contract note in the Posteingang, a real PDF', async () => {
    const c = await signedInCustomer(t.app, t.database.db);
    await seedDemoDepot(t.database.db, t.app.trading, demoMarketOf(t.app), c.sub);
    const res = await t.call({ method: 'GET', url: '/api/posteingang', headers: c.headers });
    const documents = res.json().documents as { id: string; pdfTitle: string }[];
    expect(documents.map((d) => d.pdfTitle).sort()).toEqual([
      'Wertpapierabrechnung Kauf Deutsche Telekom AG',
      'Wertpapierabrechnung Kauf SAP SE',
      'Wertpapierabrechnung Kauf iShares Core MSCI World UCITS ETF USD (Acc)',
    ]);
    const pdf = await t.call({ method: 'GET', url: `/api/posteingang/${documents[0]!.id}/pdf`, headers: c.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The order it came from is in the customer's orders, filled.
    const orders = (await t.call({ method: 'GET', url: '/api/trading/orders?state=done', headers: c.headers })).json().orders;
    expect(orders.map((o: { label: string }) => o.label)).toEqual(['ausgeführt', 'ausgeführt', 'ausgeführt']);
  });

  it('the demo customer saves monthly in two ETFs: a year of executions, each booked, ordered and confirmed', async () => {
    const c = await signedInCustomer(t.app, t.database.db);
    await seedDemoDepot(t.database.db, t.app.trading, demoMarketOf(t.app), c.sub);
    const before = (await t.app.depot.depot(c.sub)).cash.available;
    const seed = { db: t.database.db, clock: t.app.simulatedClock, jobs: t.app.savingsPlanJobs };
    await seedDemoSavingsPlans(seed, c.sub);
    await seedDemoSavingsPlans(seed, c.sub);
    const list = (await t.call({ method: 'GET', url: '/api/savingsplan', headers: c.headers })).json() as SavingsPlanList;
    // Monthly on the 1st (100 €) and the 15th (50 €) since 23 November 2025: December to November, 12 each.
    expect(list.plans.map((p) => [p.isin, p.state, p.executions])).toEqual(expect.arrayContaining([['IE00B4L5Y983', 'active', 12], ['DE0005933931', 'active', 12]]));
    expect(list.monthlyTotal).toBe('150.00');
    let invested = new Decimal(0);
    for (const p of list.plans) {
      const d = (await t.call({ method: 'GET', url: `/api/savingsplan/${p.id}`, headers: c.headers })).json() as SavingsPlanDetail;
      expect(d.history.every((h) => h.state === 'executed' && h.orderId && h.documentId)).toBe(true);
      invested = invested.plus(p.invested);
    }
    // The cash paid for them is what they invested: no fee, the rest of each rate stays.
    expect((await t.app.depot.depot(c.sub)).cash.available).toBe(new Decimal(before).minus(invested).toFixed(2));
    const orders = (await t.call({ method: 'GET', url: '/api/trading/orders?state=done', headers: c.headers })).json().orders as { kind: string }[];
    expect(orders.filter((o) => o.kind === 'savings')).toHaveLength(24);
    const documents = (await t.call({ method: 'GET', url: '/api/posteingang?mode=SAVINGS_PLAN&limit=50', headers: c.headers })).json().documents;
    expect(documents).toHaveLength(24);
  });
});
