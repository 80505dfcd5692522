import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInCustomer } from '../../test/customer.ts';
import type { Bar } from './history.ts';

/**
 * The market has one past (decision 033): the bars of days gone by are the same in every request,
 * whatever the live quote does (a tick, a developer's move) and in a freshly built app; only the
 * current trading day leads to the live mid.
 */
const SAP = 'DE0007164600';
const ETF = 'IE00B4L5Y983';
let t: TestApp;
const headers = new Map<TestApp, Record<string, string>>();
const open = async () => {
  const app = await createTestApp();
  headers.set(app, (await signedInCustomer(app.app, app.database.db)).headers);
  return app;
};
beforeAll(async () => {
  t = await open();
}, 60_000);
afterAll(() => t?.close());

const bars = async (app: TestApp, isin: string, range: string): Promise<Bar[]> => {
  const res = await app.call({ method: 'GET', url: `/api/quotes/${isin}/history?range=${range}`, headers: headers.get(app) });
  expect(res.statusCode).toBe(200);
  return res.json().bars as Bar[];
};
// The clock stands at Monday 23.11.2026, 10:00 in Frankfurt: every day before the 23rd has passed.
const past = (list: Bar[]) => list.filter((b) => b.t < '2026-11-23');

describe('a past day', () => {
  it('is the same before and after a 10 % move of the live price, in daily, weekly and 30-minute bars; today ends at the new mid', async () => {
    const before = { daily: await bars(t, SAP, 'TwoYears'), weekly: await bars(t, SAP, 'Maximum'), week: await bars(t, SAP, 'OneWeek') };
    const moved = await t.call({ method: 'POST', url: '/dev/market/move', payload: { isin: SAP, percent: '10' } });
    expect(moved.statusCode).toBe(200);
    const after = { daily: await bars(t, SAP, 'TwoYears'), weekly: await bars(t, SAP, 'Maximum'), week: await bars(t, SAP, 'OneWeek') };
    expect(past(after.daily)).toEqual(past(before.daily));
    expect(past(after.daily).length).toBeGreaterThan(500);
    // Weekly bars are dated on their Monday: every week before the current one has passed.
    expect(past(after.weekly.slice(0, -1))).toEqual(past(before.weekly.slice(0, -1)));
    expect(past(after.week)).toEqual(past(before.week));
    // Today's bars lead to the moved mid.
    const { bid, ask } = moved.json() as { bid: string; ask: string };
    const mid = ((Number(bid) + Number(ask)) / 2).toFixed(2);
    expect(Number(after.daily.at(-1)!.c).toFixed(2)).toBe(mid);
    expect(after.daily.at(-1)!.c).not.toBe(before.daily.at(-1)!.c);
  });

  it('is the same in a freshly built app (a restart), the previous close included', async () => {
    const fresh = await open();
    try {
      for (const isin of [SAP, ETF]) {
        expect(past(await bars(fresh, isin, 'TwoYears'))).toEqual(past(await bars(t, isin, 'TwoYears')));
        expect(past(await bars(fresh, isin, 'FiveYears')).slice(0, -1)).toEqual(past(await bars(t, isin, 'FiveYears')).slice(0, -1));
      }
      // The live quote starts from the past's last close, not from the reference price: the day's
      // first bar opens at the close of the last day before (the ETF trades on Sundays too) in both apps.
      const previous = past(await bars(fresh, ETF, 'TwoYears')).at(-1)!;
      expect(previous.t).toBe('2026-11-22T00:00:00.000Z');
      expect((await bars(fresh, ETF, 'Intraday'))[0]!.o).toBe(previous.c);
      expect((await bars(t, ETF, 'Intraday'))[0]!.o).toBe(previous.c);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
