import { describe, expect, it } from 'vitest';
import { investedSeries, irrOfPoints, rangeBase, ttwror, type DayPoint } from './performance';

const day = (date: string, value: string, flowIn = '0', flowOut = '0'): DayPoint => ({ date, value, flowIn, flowOut });

describe('TTWROR', () => {
  it('ignores a deposit on a down day: the depot fell 5 %, then rose 5 %', () => {
    // 1,000 € of shares. On day 1 they fall by 10 % to 900 € and 1,000 € arrive as a deposit: 1,900 €.
    //   r1 = (1,900 + 0) / (1,000 + 1,000) − 1 = −0.05 (the value rose by 900 €, but it is no gain)
    // Day 2: the depot grows to 1,995 €, no flows: r2 = 1,995 / 1,900 − 1 = +0.05
    // TTWROR = 0.95 × 1.05 − 1 = −0.0025 (−0,25 %); p. a. over 2 days: 0.9975^(365/2) − 1 = −0.36671
    const points = [day('2026-03-02', '1000.00'), day('2026-03-03', '1900.00', '1000.00'), day('2026-03-04', '1995.00')];
    const r = ttwror(points)!;
    expect(r.cumulative).toBeCloseTo(-0.0025, 10);
    expect(r.days).toBe(2);
    expect(r.annualised).toBeCloseTo(-0.366706, 5);
    expect(investedSeries(points, '1000.00')).toEqual(['1000.00', '2000.00', '2000.00']);
  });

  it('a payout is not a loss; a fee is', () => {
    // Day 1: 2,000 € stay 2,000 € but 500 € are paid out: (1,500 + 500) / 2,000 − 1 = 0.
    // Day 2: a 10 € fee (not a flow): 1,490 / 1,500 − 1 = −0.0066667.
    const r = ttwror([day('2026-03-02', '2000.00'), day('2026-03-03', '1500.00', '0', '500.00'), day('2026-03-04', '1490.00')])!;
    expect(r.cumulative).toBeCloseTo(1490 / 1500 - 1, 12);
  });

  it('has nothing to say about a depot that never held anything', () => {
    expect(ttwror([day('2026-03-02', '0.00'), day('2026-03-03', '0.00')])).toBeNull();
    expect(irrOfPoints([day('2026-03-02', '0.00'), day('2026-03-03', '0.00')])).toBeNull();
  });

  it('starts a range no earlier than the day before the first activity', () => {
    expect(rangeBase('1M', '2026-03-31', '2025-01-10')).toBe('2026-02-28');
    expect(rangeBase('YTD', '2026-03-31', '2025-01-10')).toBe('2025-12-31');
    expect(rangeBase('1J', '2026-03-31', '2026-01-10')).toBe('2026-01-09');
    expect(rangeBase('MAX', '2026-03-31', '2025-01-10')).toBe('2025-01-09');
  });
});
