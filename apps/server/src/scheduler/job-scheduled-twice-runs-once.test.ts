import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFixture } from '../../test/scheduler-fixture.ts';
import { schedulerStore } from './store.ts';

let f: Awaited<ReturnType<typeof schedulerFixture>>;
beforeAll(async () => {
  f = await schedulerFixture();
});
afterAll(() => f.close());

describe('a job is idempotent on its kind and key', () => {
  it('scheduling the same payout twice (a retried request) keeps the first and runs it once', async () => {
    const scheduler = f.make();
    scheduler.handle(f.kind('payout'), f.recordRun);
    const dueAt = f.clock.now();
    expect(await f.schedule(scheduler, { kind: 'payout', key: 'p-7', dueAt, payload: { amount: '10.00' } })).toBe(true);
    expect(await f.schedule(scheduler, { kind: 'payout', key: 'p-7', dueAt: new Date(dueAt.getTime() - 60_000), payload: { amount: '99.00' } })).toBe(false);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(await f.effects()).toEqual(['p-7']);
    expect((await schedulerStore(f.db).get('test.payout', 'p-7'))?.payload).toEqual({ amount: '10.00' });
  });

  it('scheduling it again after it ran does not run it again', async () => {
    const scheduler = f.make();
    scheduler.handle(f.kind('statement'), f.recordRun);
    await f.schedule(scheduler, { kind: 'statement', key: '2026-Q4', dueAt: f.clock.now() });
    expect(await scheduler.runDue()).toBe(1);
    expect(await f.schedule(scheduler, { kind: 'statement', key: '2026-Q4', dueAt: f.clock.now() })).toBe(false);
    expect(await scheduler.runDue()).toBe(0);
    expect((await f.effects()).filter((k) => k === '2026-Q4')).toHaveLength(1);
  });

  it('the same key under another kind is another job', async () => {
    const scheduler = f.make();
    scheduler.handle(f.kind('kind-a'), f.recordRun);
    scheduler.handle(f.kind('kind-b'), f.recordRun);
    expect(await f.schedule(scheduler, { kind: 'kind-a', key: 'shared', dueAt: f.clock.now() })).toBe(true);
    expect(await f.schedule(scheduler, { kind: 'kind-b', key: 'shared', dueAt: f.clock.now() })).toBe(true);
    expect(await scheduler.runDue()).toBe(2);
  });

  it('a job scheduled in a transaction that rolls back does not exist', async () => {
    const scheduler = f.make();
    await expect(
      f.db.transaction(async (tx) => {
        await scheduler.schedule(tx, f.kind('payout'), { key: 'rolled-back', dueAt: f.clock.now() });
        throw new Error('the payout itself failed');
      }),
    ).rejects.toThrow();
    expect(await schedulerStore(f.db).get('test.payout', 'rolled-back')).toBeUndefined();
  });
});
