import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  floatToDecimal,
  formatAxisValue,
  formatCount,
  formatEuro,
  formatMoney,
  formatNumber,
  formatPercent,
  formatQuantity,
  roundCents,
  toScale,
  toWireAmount,
  toWireDecimal,
  trend,
  truncateCents,
} from './numbers';

// Intl puts a no-break space (U+00A0) between number and unit in German.
const NBSP = '\u00a0';

describe('cents: half up for amounts, cut for Soli and church tax', () => {
  it('rounds a tie away from zero', () => {
    expect(roundCents('1.005').toFixed()).toBe('1.01');
    expect(roundCents('-1.005').toFixed()).toBe('-1.01');
    expect(roundCents('1.004999').toFixed()).toBe('1');
  });
  it('Soli on KapESt 34,51 €: 5,5 % = 1,89805 € → 1,89 € by § 4 Satz 3 SolZG, where half up gives 1,90 €', () => {
    const soli = new Decimal('34.51').mul('0.055');
    expect(soli.toFixed()).toBe('1.89805');
    expect(truncateCents(soli).toFixed(2)).toBe('1.89');
    expect(roundCents(soli).toFixed(2)).toBe('1.90');
  });
  it('a negative amount is cut towards zero', () => {
    expect(truncateCents('-1.899').toFixed()).toBe('-1.89');
  });
});

describe('wire strings', () => {
  it('money always has two decimals', () => {
    expect(toWireAmount('12.3')).toBe('12.30');
    expect(toWireAmount(new Decimal('0.125'))).toBe('0.13');
    expect(toWireAmount('-0.001')).toBe('-0.00');
    expect(toWireAmount('1.899', 'down')).toBe('1.89');
  });
  it('a decimal keeps all its digits in plain notation, or the ones asked for', () => {
    expect(toWireDecimal(new Decimal('1e-7'))).toBe('0.0000001');
    expect(toWireDecimal('1.5e3')).toBe('1500');
    expect(toWireDecimal('1.23456785', 7)).toBe('1.2345679');
    expect(toWireDecimal('2.5', 0, 'floor')).toBe('2');
    expect(toWireDecimal('2.1', 0, 'ceil')).toBe('3');
  });
  it('a quantity to the instrument scale is cut, never rounded up', () => {
    expect(toScale('0.1234567', 6).toFixed()).toBe('0.123456');
    expect(toScale('0.1234565', 6, 'halfUp').toFixed()).toBe('0.123457');
  });
  it('a float that is no amount keeps JavaScript rounding', () => {
    expect(floatToDecimal(1.005, 2)).toBe('1.00'); // the float is 1.00499999…
    expect(floatToDecimal(2.5, 0)).toBe('3');
  });
});

describe('money', () => {
  it.each([
    ['1234.56', `1.234,56${NBSP}€`],
    ['0', `0,00${NBSP}€`],
    ['-12.5', `-12,50${NBSP}€`],
    ['1.005', `1,01${NBSP}€`], // exact decimal: a float would give 1,00
    ['12345678901234567.89', `12.345.678.901.234.567,89${NBSP}€`],
  ])('%s → %j', (value, text) => {
    expect(formatEuro(value)).toBe(text);
  });
  it('other currencies, signs and decimals', () => {
    expect(formatMoney('99.9', 'USD')).toBe(`99,90${NBSP}$`);
    expect(formatMoney('19.99', 'EUR', { signed: true })).toBe(`+19,99${NBSP}€`);
    expect(formatMoney('0.003', 'EUR', { fractionDigits: { min: 2, max: 6 } })).toBe(`0,003${NBSP}€`);
    expect(formatMoney('1000', 'EUR', { fractionDigits: 0 })).toBe(`1.000${NBSP}€`);
  });
  it('English', () => {
    expect(formatEuro('1234.56', { locale: 'en' })).toBe('€1,234.56');
    expect(formatPercent('1.23', { locale: 'en' })).toBe('+1.23%');
    expect(formatQuantity('1234.5', { locale: 'en' })).toBe('1,234.5');
  });
  it('refuses what is not a decimal string, and floats', () => {
    expect(() => formatEuro('1,5')).toThrow(RangeError);
    expect(() => formatEuro('')).toThrow(RangeError);
    // @ts-expect-error money is a decimal string, never a JavaScript number
    expect(() => formatMoney(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('percent: two decimals, signed unless told', () => {
  it.each([
    ['1.23', `+1,23${NBSP}%`],
    ['-0.5', `-0,50${NBSP}%`],
    ['0', `0,00${NBSP}%`],
    ['0.001', `0,00${NBSP}%`],
    ['12.345', `+12,35${NBSP}%`],
    ['-1234.5', `-1.234,50${NBSP}%`],
  ])('%s → %j', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
  it('unsigned', () => {
    expect(formatPercent('12.5', { signed: false })).toBe(`12,50${NBSP}%`);
  });
});

describe('quantities: the decimals they have, up to the scale, cut', () => {
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
  it('a holding is never shown larger than it is', () => {
    expect(formatQuantity('0.1234569', { scale: 6 })).toBe('0,123456');
  });
});

describe('numbers that are no amounts', () => {
  it('counts, axis values and plain numbers', () => {
    expect(formatNumber('1234.5')).toBe('1.234,50');
    expect(formatNumber('1234567890.123456789', { min: 0, max: 9 })).toBe('1.234.567.890,123456789');
    expect(formatNumber('-1234.5', 2, { grouping: false })).toBe('-1234,50');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatAxisValue(1234.5, 3)).toBe('1.234,500');
  });
  it('trend is read from the string', () => {
    expect(trend('1.23')).toBe('gain');
    expect(trend('-0.01')).toBe('loss');
    expect(trend('-0')).toBe('neutral');
    expect(trend('0.00')).toBe('neutral');
  });
});
