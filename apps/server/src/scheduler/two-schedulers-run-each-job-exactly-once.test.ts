import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFixture } from '../../test/scheduler-fixture.ts';

let f: Awaited<ReturnType<typeof schedulerFixture>>;
beforeAll(async () => {
  f = await schedulerFixture();
});
afterAll(() => f.close());

describe('two scheduler processes on one database', () => {
  it('running due jobs at the same moment in both, each of 40 jobs runs exactly once', async () => {
    const [one, two] = [f.make(), f.make()];
    one.handle(f.kind('settle'), f.recordRun);
    two.handle(f.kind('settle'), f.recordRun);
    const keys = Array.from({ length: 40 }, (_, i) => `debit-${String(i).padStart(2, '0')}`);
    for (const key of keys) await f.schedule(one, { kind: 'settle', key, dueAt: f.clock.now() });

    const ran = await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(40);
    expect((await f.effects()).sort()).toEqual(keys);
  });
});
