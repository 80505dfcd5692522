import { describe, expect, it } from 'vitest';
import { alertReached } from './notifications';

describe('price alerts', () => {
  it.each([
    ['above', '100.00', '99.99', false],
    ['above', '100.00', '100', true],
    ['above', '100.00', '100.01', true],
    ['below', '100.00', '100.01', false],
    ['below', '100.00', '100.000', true],
    ['below', '100.00', '99.5', true],
  ] as const)('%s %s at mid %s → %s', (direction, price, mid, reached) => {
    expect(alertReached(direction, price, mid)).toBe(reached);
  });

  it('compares exactly, beyond float precision', () => {
    expect(alertReached('above', '0.30000000000000001', '0.3')).toBe(false);
    expect(alertReached('below', '12.34', '12.340')).toBe(true);
  });
});
