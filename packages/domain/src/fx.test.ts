import { describe, expect, it } from 'vitest';
import { eurPerUnit, toEur } from './fx';

describe('exchange rates for settlement in euros', () => {
  it('a euro instrument needs no conversion', () => {
    expect(eurPerUnit('EUR')).toBe('1');
    expect(toEur('182.456', '1')).toBe('182.46');
  });
  it('apple-bought-in-dollars-is-settled-at-the-inverse-of-the-eur-usd-mid', () => {
    // EUR/USD 1.0850 → 1 USD = 0.92165899 €; 10 × 231.50 USD = 2,133.64 €.
    const rate = eurPerUnit('USD', '1.0850');
    expect(rate).toBe('0.92165899');
    expect(toEur('2315.00', rate!)).toBe('2133.64');
  });
  it('without a EUR/USD quote, or for a currency without a rate, there is no rate', () => {
    expect(eurPerUnit('USD', null)).toBeNull();
    expect(eurPerUnit('USD', '0')).toBeNull();
    expect(eurPerUnit('JPY')).toBeNull();
    expect(eurPerUnit('CHF')).toBe('1.06');
  });
});
