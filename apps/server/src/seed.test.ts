import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInCustomer } from '../test/customer.ts';
import { DEMO_CUSTOMER, DEMO_DEPOT, seedDemoData, seedDemoDepot } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the demo customer cash and positions from booked purchases once; seeding again changes nothing', async () => {
    const deps = { identity: t.app.identity!, identityStore: t.app.identityStore!, poolId: t.config.identity.poolId, depot: { db: t.database.db, trading: t.app.trading } };
    await seedDemoData(deps);
    await seedDemoData(deps);
    const demo = await t.app.identityStore!.findUser(t.config.identity.poolId, DEMO_CUSTOMER.username);
    const depot = await t.app.depot.depot(demo!.sub);
    expect(depot.positions.map((p) => [p.isin, p.quantity])).toEqual(
      [...DEMO_DEPOT.positions].sort((a, b) => a.isin.localeCompare(b.isin)).map((p) => [p.isin, p.quantity]),
    );
    // Each purchase costs pieces × price in euros, rounded to the cent, plus the order fee: SAP
    // 12 × 165.20 = 1,982.40 + 1 € = 1,983.40; the iShares ETF 40.512 × 102.40 $ × 0.8790 =
    // 3,646.4689… → 3,646.47 + 0 € (a partner issuer: no order fee); Telekom 60 × 19.50 = 1,170.00 + 1 €.
    const costs = ['1983.40', '3646.47', '1171.00'];
    expect(depot.positions.find((p) => p.isin === 'DE0007164600')?.cost).toBe('1983.40');
    const left = new Decimal(DEMO_DEPOT.deposit).minus(Decimal.sum(...costs)).toFixed(2);
    expect(depot.cash).toEqual({ available: left, reserved: '0.00', total: left });
  });

  it('each purchase comes with its contract note in the Posteingang, a real PDF', async () => {
    const c = await signedInCustomer(t.app, t.database.db);
    await seedDemoDepot(t.database.db, t.app.trading, c.sub);
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
});
