import { describe, expect, it } from 'vitest';
import { admission } from './admission.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('admission', () => {
  it('runs at most the limit at once, the rest in the order they came, and passes failures on', async () => {
    const admit = admission(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const calls = Array.from({ length: 20 }, (_, i) =>
      admit(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await tick();
        running--;
        if (i === 7) throw new Error('refused');
        return i;
      }),
    );
    const results = await Promise.allSettled(calls);
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))).toHaveLength(19);
    // Its places are free again afterwards.
    expect(await Promise.all([1, 2, 3].map((n) => admit(async () => n)))).toEqual([1, 2, 3]);
  });

  it('lets every call run with limit 0', async () => {
    const admit = admission(0);
    let running = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 10 }, () => admit(async () => ((most = Math.max(most, ++running)), await tick(), running--))));
    expect(most).toBe(10);
  });
});
