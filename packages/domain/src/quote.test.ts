import { describe, expect, it } from 'vitest';
import { quoteSchema } from './quote';

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
