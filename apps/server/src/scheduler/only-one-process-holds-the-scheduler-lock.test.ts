import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLog, schedulerFixture } from '../../test/scheduler-fixture.ts';
import { leaderLock } from '../cluster/leader-lock.ts';

let f: Awaited<ReturnType<typeof schedulerFixture>>;
beforeAll(async () => {
  f = await schedulerFixture();
});
afterAll(() => f.close());

describe('the scheduler lock', () => {
  it('on PostgreSQL one holder at a time, and the other takes it once released; on PGlite the one process always holds it', async () => {
    const [one, two] = [leaderLock(f.db, recordingLog()), leaderLock(f.db, recordingLog())];
    expect(await one.acquire()).toBe(true);
    expect(await one.acquire()).toBe(true);
    const onPostgres = f.database.kind === 'postgres';
    expect(await two.acquire()).toBe(!onPostgres);
    await one.release();
    expect(await two.acquire()).toBe(true);
    if (onPostgres) expect(await one.acquire()).toBe(false);
    await two.release();
    await one.release();
  });
});
