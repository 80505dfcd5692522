import { describe, expect, it } from 'vitest';
import {
  decimalStringSchema,
  formatEuro,
  formatMoney,
  formatPercent,
  formatQuantity,
  isDecimalString,
} from './money';

const NBSP = '\u00a0';

describe('decimalStringSchema', () => {
  it.each(['0', '1234.56', '-0.5', '007', '12345678901234567890.123456789'])('accepts %j', (v) => {
    expect(decimalStringSchema.safeParse(v).success).toBe(true);
    expect(isDecimalString(v)).toBe(true);
  });
  it.each(['', '1,5', '1.', '.5', '+1', '1e3', ' 1', 'NaN', '1.2.3', '--1'])('rejects %j', (v) => {
    expect(decimalStringSchema.safeParse(v).success).toBe(false);
    expect(isDecimalString(v)).toBe(false);
  });
  it('rejects numbers: money never travels as a float', () => {
    expect(decimalStringSchema.safeParse(1.5).success).toBe(false);
  });
});

describe('formatEuro — German price format', () => {
  it.each([
    ['1234.56', `1.234,56${NBSP}€`],
    ['0', `0,00${NBSP}€`],
    ['-12.5', `-12,50${NBSP}€`],
    ['1000000', `1.000.000,00${NBSP}€`],
    ['1.005', `1,01${NBSP}€`], // exact decimal: a float would give 1,00
    ['12345678901234567.89', `12.345.678.901.234.567,89${NBSP}€`],
  ])('%s → %j', (value, text) => {
    expect(formatEuro(value)).toBe(text);
  });

  it('formats for another locale when asked', () => {
    expect(formatEuro('1234.56', 'en-US')).toBe('€1,234.56');
  });

  it('formats other currencies', () => {
    expect(formatMoney('99.9', 'USD')).toBe(`99,90${NBSP}$`);
  });

  it('refuses a value that is not a decimal string', () => {
    expect(() => formatEuro('1,5')).toThrow(RangeError);
    expect(() => formatEuro('')).toThrow(RangeError);
  });
});

describe('formatPercent — with sign', () => {
  it.each([
    ['1.23', `+1,23${NBSP}%`],
    ['-0.5', `-0,50${NBSP}%`],
    ['0', `0,00${NBSP}%`],
    ['0.001', `0,00${NBSP}%`],
    ['12.345', `+12,35${NBSP}%`],
    ['150', `+150,00${NBSP}%`],
    ['-1234.5', `-1.234,50${NBSP}%`],
  ])('%s → %j', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe('formatQuantity', () => {
  it.each([
    ['10', '10'],
    ['10.000', '10'],
    ['1234.5', '1.234,5'],
    ['0.00125', '0,00125'],
    ['0.12345678', '0,12345678'],
    ['-3', '-3'],
  ])('%s → %j', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });
});
