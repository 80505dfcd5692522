import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_CUSTOMER, DEMO_DEPOT, seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the demo customer cash and positions once; seeding again changes nothing', async () => {
    const deps = { identity: t.app.identity!, identityStore: t.app.identityStore!, poolId: t.config.identity.poolId, db: t.database.db };
    await seedDemoData(deps);
    await seedDemoData(deps);
    const demo = await t.app.identityStore!.findUser(t.config.identity.poolId, DEMO_CUSTOMER.username);
    const depot = await t.app.trading.depot(demo!.sub);
    expect(depot.positions.map((p) => [p.isin, p.quantity])).toEqual(
      [...DEMO_DEPOT.positions].sort((a, b) => a.isin.localeCompare(b.isin)).map((p) => [p.isin, p.quantity]),
    );
    const spent = Decimal.sum(...DEMO_DEPOT.positions.map((p) => p.cost));
    expect(depot.cash).toEqual({ available: new Decimal(DEMO_DEPOT.deposit).minus(spent).toFixed(2), reserved: '0.00', total: new Decimal(DEMO_DEPOT.deposit).minus(spent).toFixed(2) });
  });
});
