import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTo } from '../../test/money-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { securityLogStore } from './store.ts';

const SUB = '00000000-0000-4000-8000-00000000a001';
let t: TestApp;
beforeAll(async () => {
  // Monday 23 November 2026, 02:00 in Berlin: today's purge (03:00 Berlin, 02:00 UTC) is an hour away.
  t = await createTestApp({ now: '2026-11-23T01:00:00Z' });
});
afterAll(() => t?.close());

const left = async () =>
  rowsOf<{ at: string }>(await t.database.db.execute(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at from security_events where sub = ${SUB} order by at`)).map((r) => r.at);

describe('the daily purge of the security log', () => {
  it('removes only entries older than three years, runs once per day, and the next day takes the next day’s', async () => {
    for (const at of ['2023-11-22T12:00Z', '2023-11-23T01:59Z', '2023-11-23T02:01Z', '2026-11-23T08:00Z']) {
      await securityLogStore(t.database.db).record({ sub: SUB, kind: 'SIGN_IN', at: new Date(at), origin: { address: null, network: null, country: null, device: null } });
    }
    // Not before its hour.
    await t.app.scheduler.runDue();
    expect(await left()).toHaveLength(4);
    await clockTo(t, '2026-11-23T02:00:00Z');
    // Cutoff 2023-11-23 02:00 UTC, three years before today's run.
    expect(await left()).toEqual(['2023-11-23T02:01', '2026-11-23T08:00']);

    // The same day's purge does not run again.
    await securityLogStore(t.database.db).record({ sub: SUB, kind: 'SIGN_IN', at: new Date('2023-11-20T00:00Z'), origin: { address: null, network: null, country: null, device: null } });
    await t.app.scheduler.runDue();
    expect(await left()).toEqual(['2023-11-20T00:00', '2023-11-23T02:01', '2026-11-23T08:00']);

    // Tuesday's purge takes what turned three years old since.
    await clockTo(t, '2026-11-24T02:00:00Z');
    expect(await left()).toEqual(['2026-11-23T08:00']);
  });
});
