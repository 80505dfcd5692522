import { describe, expect, it } from 'vitest';
import { irr, irrOfPoints, type DayPoint } from './performance';

describe('IRR', () => {
  it('of one year: 1,000 € in, 1,100 € out after 365 days is 10 %', () => {
    expect(irr([{ date: '2025-01-01', amount: -1000 }, { date: '2026-01-01', amount: 1100 }])).toBeCloseTo(0.1, 6);
  });

  it('of a monthly plan matches the worked example', () => {
    // 100 € on 1 January, 1 February and 1 March 2025; the depot is worth V on 1 April (day 90).
    // At 10 % p. a. each rate grows to 100 × 1.1^(days to 1 April / 365):
    //   1.1^(90/365) = 1.0237795, 1.1^(59/365) = 1.0155256, 1.1^(31/365) = 1.0081277
    //   V = 100 × (1.0237795 + 1.0155256 + 1.0081277) = 304.74 €
    // so the IRR of those flows is 10 % (to the cent's worth of precision).
    const flows = [
      { date: '2025-01-01', amount: -100 },
      { date: '2025-02-01', amount: -100 },
      { date: '2025-03-01', amount: -100 },
      { date: '2025-04-01', amount: 304.74 },
    ];
    expect(irr(flows)).toBeCloseTo(0.1, 3);

    // The same plan as day points of a depot (value 0 before the first rate): the same rate.
    const points: DayPoint[] = [
      { date: '2024-12-31', value: '0.00', flowIn: '0', flowOut: '0' },
      { date: '2025-01-01', value: '100.00', flowIn: '100.00', flowOut: '0' },
      { date: '2025-02-01', value: '200.81', flowIn: '100.00', flowOut: '0' },
      { date: '2025-03-01', value: '302.35', flowIn: '100.00', flowOut: '0' },
      { date: '2025-04-01', value: '304.74', flowIn: '0', flowOut: '0' },
    ];
    expect(irrOfPoints(points)).toBeCloseTo(0.1, 3);
  });

  it('of a loss: 1,000 € in, 900 € back after 365 days is −10 % (found by halving first)', () => {
    expect(irr([{ date: '2025-01-01', amount: -1000 }, { date: '2026-01-01', amount: 900 }])).toBeCloseTo(-0.1, 6);
  });

  it('is null when money only went in', () => {
    expect(irr([{ date: '2025-01-01', amount: -1000 }])).toBeNull();
  });
});
