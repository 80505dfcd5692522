import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devJobsSchema } from '@kontor/domain/dev-clock';
import { rowsOf } from '../platform/db.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let customer: SignedInCustomer;
beforeAll(async () => {
  // Friday 27 November 2026, 10:00 in Berlin.
  t = await createTestApp({ now: '2026-11-27T09:00:00Z' });
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

const jobs = async () => {
  const res = await t.call({ method: 'GET', url: '/api/dev/jobs', headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return devJobsSchema.parse(res.json());
};

describe('GET /api/dev/jobs: the catalogue of scheduled jobs', () => {
  it('lists every kind the server schedules, each with when it runs and a handler in this process', async () => {
    // Test files share modules in a worker: kinds other scheduler tests declare ("test.…") are left out.
    const kinds = (await jobs()).kinds.filter((k) => !k.kind.startsWith('test.'));
    const stored = rowsOf<{ kind: string }>(await t.database.db.execute(sql`select distinct kind from scheduled_jobs`)).map((r) => r.kind);
    expect(stored.length).toBeGreaterThan(0);
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(stored));
    expect(kinds.filter((k) => !k.handled)).toEqual([]);
    expect(kinds.filter((k) => k.when.trim() === '')).toEqual([]);
    // The money jobs are scheduled only once a customer moves money, yet they are in the catalogue.
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['money.payout', 'money.transfer-in', 'money.debit-settle', 'ticket.process']));
  });

  it("shows the next savings-plan day pending, due on Monday's execution time, and after a day it has moved on", async () => {
    const before = (await jobs()).kinds.find((k) => k.kind === 'savings.day')!;
    expect(before).toMatchObject({ pending: 1, failed: 0, fanOut: expect.stringContaining('savings.block') });
    expect(before.nextDueAt! > '2026-11-27T09:00:00Z').toBe(true);
    const advanced = await t.call({ method: 'POST', url: '/api/dev/clock/advance', headers: customer.headers, payload: { days: 4 } });
    expect(advanced.statusCode).toBe(200);
    const after = await jobs();
    const day = after.kinds.find((k) => k.kind === 'savings.day')!;
    expect(day.pending).toBe(1);
    expect(day.nextDueAt! > before.nextDueAt!).toBe(true);
    expect(day.nextDueAt! > after.now).toBe(true);
  });
});
