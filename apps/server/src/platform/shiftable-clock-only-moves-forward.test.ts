import { describe, expect, it } from 'vitest';
import { ManualClock, ShiftableClock, clockStartingAt } from './clock.ts';

describe('the shiftable clock ("Zeit vorspulen")', () => {
  it('runs with its base and stays ahead by what it was moved', () => {
    const base = new ManualClock('2026-11-23T09:00:00Z');
    const clock = new ShiftableClock(base);
    clock.advance(86_400_000);
    base.advance(1000);
    expect(clock.now().toISOString()).toBe('2026-11-24T09:00:01.000Z');
    expect(clock.offsetMs).toBe(86_400_000);
  });

  it('moves a market clock started at MARKET_CLOCK_START along with it', () => {
    const base = new ManualClock('2026-11-22T07:00:00Z');
    const clock = new ShiftableClock(clockStartingAt(new Date('2026-11-23T09:00:00Z'), base));
    clock.advance(3_600_000);
    expect(clock.now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('never moves back, nor by a fraction or an endless step', () => {
    const clock = new ShiftableClock(new ManualClock('2026-11-23T09:00:00Z'));
    for (const ms of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => clock.advance(ms)).toThrow(RangeError);
    expect(clock.offsetMs).toBe(0);
  });
});
