import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFixture } from '../../test/scheduler-fixture.ts';
import { schedulerStore } from './store.ts';

let f: Awaited<ReturnType<typeof schedulerFixture>>;
beforeAll(async () => {
  f = await schedulerFixture('2026-11-23T09:00:00Z');
});
afterAll(() => f.close());

describe('a job runs when the clock reaches its due time, not before', () => {
  it('a payout due on Tuesday 24 November at 08:00 Berlin waits through Monday and runs on Tuesday', async () => {
    const scheduler = f.make();
    scheduler.handle(f.kind('payout'), f.recordRun);
    const dueAt = new Date('2026-11-24T07:00:00Z');
    expect(await f.schedule(scheduler, { kind: 'payout', key: 'p-1', dueAt, payload: { amount: '100.00' } })).toBe(true);

    expect(await scheduler.runDue()).toBe(0);
    f.clock.set('2026-11-24T06:59:59.999Z');
    expect(await scheduler.runDue()).toBe(0);
    expect(await f.effects()).toEqual([]);

    f.clock.set(dueAt);
    expect(await scheduler.runDue()).toBe(1);
    expect(await f.effects()).toEqual(['p-1']);
    const row = await schedulerStore(f.db).get('test.payout', 'p-1');
    expect(row).toMatchObject({ state: 'done', attempts: 1, lastError: null, payload: { amount: '100.00' } });
    expect(row?.doneAt?.toISOString()).toBe(dueAt.toISOString());

    // Done is done: later runs leave it alone.
    f.clock.advance(86_400_000);
    expect(await scheduler.runDue()).toBe(0);
    expect(await f.effects()).toEqual(['p-1']);
  });

  it('jobs that fell due while time stood still run in the order they fell due', async () => {
    const scheduler = f.make();
    const seen: string[] = [];
    scheduler.handle(f.kind('step'), async (tx, job) => {
      seen.push(`${job.key}@${job.dueAt.toISOString()}`);
      await f.recordRun(tx, job);
    });
    const base = f.clock.now().getTime();
    for (const [key, hours] of [['c', 3], ['a', 1], ['b', 2]] as const) {
      await f.schedule(scheduler, { kind: 'step', key, dueAt: new Date(base + hours * 3_600_000) });
    }
    f.clock.advance(3 * 3_600_000);
    expect(await scheduler.runDue()).toBe(3);
    expect(seen.map((s) => s.slice(0, 1))).toEqual(['a', 'b', 'c']);
  });

  it('a cancelled job never runs, and a job that ran cannot be cancelled', async () => {
    const scheduler = f.make();
    scheduler.handle(f.kind('cancellable'), f.recordRun);
    const dueAt = new Date(f.clock.now().getTime() + 60_000);
    await f.schedule(scheduler, { kind: 'cancellable', key: 'x', dueAt });
    await f.schedule(scheduler, { kind: 'cancellable', key: 'y', dueAt });
    expect(await f.db.transaction((tx) => scheduler.cancel(tx, f.kind('cancellable'), 'x'))).toBe(true);
    expect(await f.db.transaction((tx) => scheduler.cancel(tx, f.kind('cancellable'), 'x'))).toBe(false);
    expect(await f.db.transaction((tx) => scheduler.cancel(tx, f.kind('cancellable'), 'nothing'))).toBe(false);
    f.clock.advance(60_000);
    const before = (await f.effects()).length;
    expect(await scheduler.runDue()).toBe(1);
    expect((await f.effects()).slice(before)).toEqual(['y']);
    expect(await f.db.transaction((tx) => scheduler.cancel(tx, f.kind('cancellable'), 'y'))).toBe(false);
    expect((await schedulerStore(f.db).get('test.cancellable', 'x'))?.state).toBe('cancelled');
  });
});
