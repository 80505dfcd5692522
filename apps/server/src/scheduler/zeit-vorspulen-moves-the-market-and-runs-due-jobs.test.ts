import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testJobKind } from '../../test/scheduler-fixture.ts';

const DEMO_PAYOUT = testJobKind('demo-payout');

let t: TestApp;
let customer: SignedInCustomer;
const ran: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-12-24T09:00:00Z' });
  customer = await signedInCustomer(t.app, t.database.db);
  t.app.scheduler.handle(DEMO_PAYOUT, async (tx, job) => {
    ran.push(job.key);
    await tx.execute(sql`select 1`);
  });
});
afterAll(() => t.close());

const advance = (payload: object) => t.call({ method: 'POST', url: '/api/dev/clock/advance', headers: customer.headers, payload });

describe('"Zeit vorspulen": POST /api/dev/clock/advance', () => {
  it('a payout ordered on Thursday 24 December runs when the clock is moved to Monday 28 December', async () => {
    await t.database.db.transaction((tx) =>
      t.app.scheduler.schedule(tx, DEMO_PAYOUT, { key: 'p-xmas', dueAt: new Date('2026-12-28T07:00:00Z') }),
    );
    const first = await advance({ days: 3 });
    expect(first.statusCode).toBe(200);
    // Other jobs run on the way (the daily depot snapshots); the payout's is not due yet.
    expect(first.json()).toMatchObject({ now: '2026-12-27T09:00:00.000Z', offsetMs: 3 * 86_400_000 });
    expect(ran).toEqual([]);

    const second = await advance({ hours: 22 });
    expect(second.json()).toMatchObject({ now: '2026-12-28T07:00:00.000Z' });
    expect(second.json().jobsRun).toBeGreaterThanOrEqual(1);
    expect(ran).toEqual(['p-xmas']);
    const [row] = rowsOf<{ state: string }>(await t.database.db.execute(sql`select state from scheduled_jobs where key = 'p-xmas'`));
    expect(row?.state).toBe('done');
  });

  it('shows the simulated time, which the market follows, while sign-in keeps the real time', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dev/clock', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const { now, offsetMs } = res.json() as { now: string; offsetMs: number };
    expect(offsetMs).toBe((3 * 24 + 22) * 3_600_000);
    expect(now).toBe(t.app.simulatedClock.now().toISOString());
    expect(now).toBe(new Date(t.clock.now().getTime() + offsetMs).toISOString());
    // The real time of sign-in and sessions stays where it was.
    expect(t.clock.now().toISOString()).toBe('2026-12-24T09:00:00.000Z');
  });

  it('refuses nothing to move, a negative, fractional or too large step with 400, and a stranger with 401', async () => {
    for (const payload of [{}, { days: 0 }, { days: 0, hours: 0 }, { days: -1 }, { hours: 1.5 }, { days: 401 }, { hours: 10_001 }, { days: '1' }]) {
      expect((await advance(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.call({ method: 'POST', url: '/api/dev/clock/advance', payload: { days: 1 } })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(401);
  });

  it('does not exist when the development tools are off', async () => {
    const prod = await createTestApp({ env: { DEV_TOOLS: 'false' } });
    try {
      // A route that does not exist answers 404 before any sign-in is asked for.
      expect((await prod.call({ method: 'POST', url: '/api/dev/clock/advance', payload: { days: 1 } })).statusCode).toBe(404);
      expect((await prod.call({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
