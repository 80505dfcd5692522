import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerPostings, lots } from '../bookings/tables.ts';
import { scheduledJobs } from '../scheduler/tables.ts';
import { DIVIDEND_DAY_JOB, DIVIDEND_JOB, dividendPayDateOf } from './dividends.ts';

// Found by the crash test (npm run chaos) on PGlite: a customer kept subscription rights (XR…) from a
// rights issue; on the day the dividend calendar gave that ISIN, its dividend job looked it up in the
// instrument store, which reads an unknown ISIN outside the job's transaction. On PGlite (one
// connection) that read waited for the transaction and the transaction for the read: the server
// stopped answering every request, /api/health included.

const RIGHTS = 'XR0000746404';
const payDate = dividendPayDateOf(RIGHTS, 2027);
const sub = randomUUID();
let t: TestApp;
beforeAll(async () => {
  // The pay day, 10:00 in Berlin: the day's jobs (04:00) are due.
  t = await createTestApp({ now: `${payDate}T08:00:00Z` });
  const at = new Date(`${payDate}T03:00:00Z`);
  await t.database.db.insert(lots).values({ sub, isin: RIGHTS, quantity: '7', remaining: '7', cost: '0', remainingCost: '0', openedAt: new Date('2027-01-05T08:00:00Z') });
  await t.database.db.transaction(async (tx) => {
    await t.app.scheduler.schedule(tx, DIVIDEND_DAY_JOB, { key: `test-${payDate}`, dueAt: at, payload: { date: payDate } });
    // As scheduled before the fix: the rights' own dividend job.
    await t.app.scheduler.schedule(tx, DIVIDEND_JOB, { key: `${RIGHTS}:${payDate}`, dueAt: at, payload: { isin: RIGHTS, date: payDate } });
  });
});
afterAll(async () => t.close());

it('the day of a held right runs to its end, schedules no dividend for it and books none', async () => {
  const ran = await Promise.race([t.app.scheduler.runDue(), new Promise<string>((r) => setTimeout(() => r('still running after 10 s'), 10_000))]);
  expect(typeof ran).toBe('number');

  const jobs = await t.database.db.select().from(scheduledJobs).where(like(scheduledJobs.key, `${RIGHTS}:%`));
  expect(jobs.map((j) => [j.key, j.state])).toEqual([[`${RIGHTS}:${payDate}`, 'done']]);
  const dividends = await t.database.db.select().from(ledgerPostings).where(and(eq(ledgerPostings.kind, 'dividend'), like(ledgerPostings.account, `%${sub}%`)));
  expect(dividends).toEqual([]);
  // And the server still answers.
  expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
