import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { priceFormatter } from './simulator.ts';

// The tick formats prices without a Decimal per quote; customers must get the very same strings.
describe('quote prices formatted from whole increments', () => {
  const increments = ['0.01', '0.001', '0.0001', '0.005', '0.05', '0.5', '0.25', '1', '5', '10', '0.00000001', '0.1', '2.5', '0.000000000000001'];
  const ticks = [0, 1, 2, 9, 10, 11, 99, 100, 101, 1000, 1001, 12345, 99999, 100000, 182_40, 8_125_000, 123_456_789, 2 ** 40, 2 ** 53 - 1, 2 ** 53, 2 ** 60];

  it.each(increments)('match Decimal for the increment %s', (incr) => {
    const format = priceFormatter(new Decimal(incr));
    for (const t of ticks) expect(format(t), `${t} × ${incr}`).toBe(new Decimal(incr).mul(t).toFixed());
  });

  it('match Decimal over a long run of ticks, as a walk produces them', () => {
    const format = priceFormatter(new Decimal('0.01'));
    for (let t = 0; t < 200_000; t += 41) expect(format(t)).toBe(new Decimal('0.01').mul(t).toFixed());
  });
});
