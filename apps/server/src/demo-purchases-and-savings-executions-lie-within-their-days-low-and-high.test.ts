import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavingsPlanDetail, SavingsPlanList } from '@kontor/domain/savings-plan-contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInCustomer, type SignedInCustomer } from '../test/customer.ts';
import type { Bar } from './market/history.ts';
import { DEMO_DEPOT, demoMarketOf, seedDemoDepot } from './seed.ts';
import { seedDemoSavingsPlans } from './savings-plans/demo.ts';

/**
 * The demo lives in the market's one past: every purchase and every savings-plan execution seeded
 * for the demo customer was priced from the market's bar of its day, so it lies within that day's
 * low and high as the customer's chart shows them.
 */
let t: TestApp;
let c: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  c = await signedInCustomer(t.app, t.database.db);
  await seedDemoDepot(t.database.db, t.app.trading, demoMarketOf(t.app), c.sub);
  await seedDemoSavingsPlans({ db: t.database.db, clock: t.app.simulatedClock, jobs: t.app.savingsPlanJobs }, c.sub);
}, 60_000);
afterAll(() => t?.close());

const get = async (url: string) => (await t.call({ method: 'GET', url, headers: c.headers })).json();
const dayBar = async (isin: string, date: string): Promise<Bar> => {
  const bars = (await get(`/api/quotes/${isin}/history?range=TwoYears`)).bars as Bar[];
  const bar = bars.find((b) => b.t.startsWith(date));
  expect(bar, `${isin} ${date}`).toBeDefined();
  return bar!;
};
const within = (price: string, bar: Bar) => new Decimal(price).gte(bar.l) && new Decimal(price).lte(bar.h);

describe("the demo customer's past", () => {
  it("each purchase lies within its day's low and high (its price is the day's close)", async () => {
    const done = (await get('/api/trading/orders?state=done')).orders as { id: string; isin: string; kind: string }[];
    const orders = done.filter((o) => o.kind !== 'savings');
    expect(orders).toHaveLength(DEMO_DEPOT.positions.length);
    for (const p of DEMO_DEPOT.positions) {
      const order = orders.find((o) => o.isin === p.isin)!;
      const [execution] = (await get(`/api/trading/orders/${order.id}`)).executions as { price: string; executedAt: string }[];
      const bar = await dayBar(p.isin, p.executedAt.slice(0, 10));
      expect(within(execution!.price, bar), `${p.isin} ${execution!.price} in ${bar.l}–${bar.h}`).toBe(true);
      expect(execution!.price).toBe(bar.c);
    }
  });

  it("each savings-plan execution of the year lies within its day's low and high", async () => {
    const list = (await get('/api/savingsplan')) as SavingsPlanList;
    let checked = 0;
    for (const plan of list.plans) {
      const detail = (await get(`/api/savingsplan/${plan.id}`)) as SavingsPlanDetail;
      for (const e of detail.history) {
        const bar = await dayBar(plan.isin, e.date);
        expect(within(e.price!, bar), `${plan.isin} ${e.date} ${e.price} in ${bar.l}–${bar.h}`).toBe(true);
        checked++;
      }
    }
    // Twelve monthly executions of each of the two plans.
    expect(checked).toBe(24);
  });
});
