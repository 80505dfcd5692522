import { describe, expect, it } from 'vitest';
import {
  decimalInputSchema,
  decimalStringSchema,
  formatEuro,
  formatMoney,
  formatPercent,
  formatQuantity,
  isDecimalString,
  positiveDecimalInputSchema,
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

describe('decimalInputSchema — a decimal a customer sends', () => {
  it.each(['0', '-0.5', '999999999999.123456789012'])('accepts %j', (v) => {
    expect(decimalInputSchema.parse(v)).toBe(v);
  });
  it.each(['1111111111111', '11111111111111111111', `1.${'0'.repeat(12)}1`, '9'.repeat(400)])('refuses %j: more than 12 digits before or after the point', (v) => {
    expect(decimalInputSchema.safeParse(v).error?.issues.map((i) => i.message)).toEqual(['Höchstens 12 Stellen vor und 12 nach dem Komma']);
  });
  it('names only the format when the text is no decimal at all', () => {
    expect(decimalInputSchema.safeParse('1e400').error?.issues.map((i) => i.message)).toEqual(['Keine gültige Dezimalzahl']);
  });
  it('above zero: says what must be above zero, and only that for a short zero', () => {
    const price = positiveDecimalInputSchema('Der Preis muss größer als 0 sein.');
    expect(price.safeParse('0.00').error?.issues.map((i) => i.message)).toEqual(['Der Preis muss größer als 0 sein.']);
    expect(price.safeParse('abc').error?.issues.map((i) => i.message)).toEqual(['Keine gültige Dezimalzahl']);
    expect(price.parse('0.000000000001')).toBe('0.000000000001');
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
