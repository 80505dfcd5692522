import { describe, expect, it } from 'vitest';
import { compareDecimal, dayChange, midPrice, quoteSchema } from './quote';

const quote = { id: 'q-1', isin: 'DE0007164600', ask: '182.46', bid: '182.40', ts: '2024-06-14T09:15:02.123Z' };

describe('quoteSchema — spec §3 Quote', () => {
  it('accepts a quote', () => {
    expect(quoteSchema.parse(quote)).toEqual(quote);
  });
  it.each([
    ['a price as a number', { ask: 182.46 }],
    ['a price with a decimal comma', { bid: '182,40' }],
    ['a time that is not ISO 8601', { ts: '14.06.2024 11:15' }],
    ['a malformed ISIN', { isin: 'SAP' }],
    ['an empty id', { id: '' }],
  ])('rejects %s', (_case, overrides) => {
    expect(quoteSchema.safeParse({ ...quote, ...overrides }).success).toBe(false);
  });
});

describe('midPrice and dayChange', () => {
  it('takes the middle of bid and ask exactly, without float noise', () => {
    expect(midPrice({ bid: '0.1', ask: '0.2' })).toBe('0.15');
    expect(midPrice(quote)).toBe('182.43');
  });
  it('a share up from its previous close shows the gain in euro and percent', () => {
    expect(dayChange({ bid: '104.98', ask: '105.02' }, '100.00')).toEqual({ absolute: '5', percent: '5.00' });
  });
  it('a share down from its previous close shows a loss, rounded half up to two places', () => {
    expect(dayChange({ bid: '182.40', ask: '182.46' }, '185.00')).toEqual({ absolute: '-2.57', percent: '-1.39' });
  });
  it('an unchanged price is 0.00 %, and a zero previous close does not divide by zero', () => {
    expect(dayChange({ bid: '9.99', ask: '10.01' }, '10')).toEqual({ absolute: '0', percent: '0.00' });
    expect(dayChange({ bid: '1', ask: '1' }, '0').percent).toBe('0.00');
  });
  it('compares decimal strings for the direction of a price flash', () => {
    expect(compareDecimal('182.41', '182.4')).toBe(1);
    expect(compareDecimal('0.30', '0.3')).toBe(0);
    expect(compareDecimal('-1', '0.5')).toBe(-1);
  });
});
