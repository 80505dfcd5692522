import { describe, expect, it } from 'vitest';
import { formatAxisValue, formatCount, formatDate, formatDateTime, formatMoney, formatMonth, formatNumber, formatPercent, formatQuantity, formatTime, PRICE_DIGITS, trend } from './format';

// Intl puts a no-break space (U+00A0) between number and unit.
const nbsp = '\u00a0';

describe('German formats', () => {
  it('money from decimal strings', () => {
    expect(formatMoney('1234.56', 'EUR')).toBe(`1.234,56${nbsp}€`);
    expect(formatMoney('0.5')).toBe(`0,50${nbsp}€`);
    expect(formatMoney('-12.3', 'USD')).toBe(`-12,30${nbsp}$`);
    expect(formatMoney('19.99', 'EUR', { signed: true })).toBe(`+19,99${nbsp}€`);
  });

  it('keeps every digit of amounts a float could not hold', () => {
    expect(formatMoney('12345678901234567.89')).toBe(`12.345.678.901.234.567,89${nbsp}€`);
    expect(formatNumber('1234567890.123456789', { min: 0, max: 9 })).toBe('1.234.567.890,123456789');
  });

  it('prices with the decimals they have, within bounds', () => {
    expect(formatMoney('0.003', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`0,003${nbsp}€`);
    expect(formatMoney('200.1', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`200,10${nbsp}€`);
    expect(formatMoney('0.1234', 'USD', { fractionDigits: 3 })).toBe(`0,123${nbsp}$`);
  });

  it('takes no float for an amount', () => {
    // @ts-expect-error money is a decimal string, never a JavaScript number
    expect(() => formatMoney(0.1 + 0.2)).toThrow();
    // @ts-expect-error quantities too
    expect(() => formatQuantity(1.5)).toThrow();
  });

  it('rejects what is not a decimal number', () => {
    expect(() => formatMoney('12,50')).toThrow(RangeError);
    expect(() => formatMoney('abc')).toThrow(RangeError);
  });

  it('percent with sign', () => {
    expect(formatPercent('1.23')).toBe(`+1,23${nbsp}%`);
    expect(formatPercent('-0.5')).toBe(`-0,50${nbsp}%`);
    expect(formatPercent('0')).toBe(`0,00${nbsp}%`);
    expect(formatPercent('12.5', { signed: false })).toBe(`12,50${nbsp}%`);
    expect(formatPercent('5', { signed: false, fractionDigits: { min: 0, max: 6 } })).toBe(`5${nbsp}%`);
  });

  it('numbers and quantities', () => {
    expect(formatNumber('1234.5')).toBe('1.234,50');
    expect(formatQuantity('12')).toBe('12');
    expect(formatQuantity('0.123456')).toBe('0,123456');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatAxisValue(1234.5, 3)).toBe('1.234,500');
  });

  it('dates as dd.mm.yyyy in German time', () => {
    expect(formatDate('2024-03-05')).toBe('05.03.2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    expect(formatDateTime('2024-03-05T13:30:00Z')).toBe('05.03.2024, 14:30');
    expect(formatTime('2024-07-01T07:30:05Z')).toBe('09:30:05');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2027-01')).toBe('Januar 2027');
  });

  it('trend tells gains from losses without a float', () => {
    expect(trend('1.23')).toBe('gain');
    expect(trend('-0.01')).toBe('loss');
    expect(trend('0.00')).toBe('neutral');
    expect(trend('-0')).toBe('neutral');
  });
});
