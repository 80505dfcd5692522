import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatQuantity, PRICE_DIGITS, priceDecimals } from './format';

// The rules themselves are tested in packages/domain (numbers-…, dates-… tests); here only what the web adds.
const nbsp = '\u00a0';

describe('web formats', () => {
  it('prices with the decimals they have, within bounds', () => {
    expect(formatMoney('0.003', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`0,003${nbsp}€`);
    expect(formatMoney('200.1', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`200,10${nbsp}€`);
    expect(priceDecimals(0)).toBe(2);
    expect(priceDecimals(3)).toBe(3);
    expect(priceDecimals(12)).toBe(8);
  });

  it('speaks German in Berlin time', () => {
    expect(formatDateTime('2024-03-05T13:30:00Z')).toBe('05.03.2024, 14:30');
    expect(formatQuantity('0.12345678')).toBe('0,12345678');
  });
});
