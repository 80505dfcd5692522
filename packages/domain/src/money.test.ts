import { describe, expect, it } from 'vitest';
import {
  decimalInputSchema,
  decimalStringSchema,
  isDecimalString,
  positiveDecimalInputSchema,
} from './money';

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
