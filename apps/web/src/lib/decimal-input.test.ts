import { describe, expect, it } from 'vitest';
import { formatDecimalInput, parseDecimalInput } from './decimal-input';

describe('parseDecimalInput', () => {
  it('reads German notation: comma decimals, dots as thousands', () => {
    expect(parseDecimalInput('123,45')).toBe('123.45');
    expect(parseDecimalInput('1.234,56')).toBe('1234.56');
    expect(parseDecimalInput(' 12 ')).toBe('12');
    expect(parseDecimalInput('1.234')).toBe('1234');
    expect(parseDecimalInput('0,125')).toBe('0.125');
  });

  it('reads a lone decimal point the English way unless it groups thousands', () => {
    expect(parseDecimalInput('12.5')).toBe('12.5');
    expect(parseDecimalInput('0.125')).toBe('0.125');
    expect(parseDecimalInput('123.4567')).toBe('123.4567');
  });

  it('keeps a minus (hyphen or minus sign) and refuses what is no number', () => {
    expect(parseDecimalInput('-3,5')).toBe('-3.5');
    expect(parseDecimalInput('\u22123,5')).toBe('-3.5');
    for (const text of ['', ',', '12,', 'abc', '1,2,3', '12.34,5', '1.23.4', '12a', '+5']) expect(parseDecimalInput(text)).toBeNull();
  });
});

describe('parseDecimalInput in English', () => {
  it('reads English notation: dot decimals, commas as thousands, and a lone comma as the decimal mark', () => {
    expect(parseDecimalInput('1,234.56', 'en')).toBe('1234.56');
    expect(parseDecimalInput('1,234', 'en')).toBe('1234');
    expect(parseDecimalInput('123.45', 'en')).toBe('123.45');
    expect(parseDecimalInput('12,5', 'en')).toBe('12.5');
    expect(parseDecimalInput('-0.5', 'en')).toBe('-0.5');
    for (const text of ['1.234,56', '1,2,3', '12.']) expect(parseDecimalInput(text, 'en')).toBeNull();
  });
});

describe('formatDecimalInput', () => {
  it('writes a field value with a comma and the given decimals, no grouping', () => {
    expect(formatDecimalInput('1234.5', 2)).toBe('1234,50');
    expect(formatDecimalInput('0.12345', 3)).toBe('0,123');
  });
});
