import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, toE164 } from './phone';

describe('phone numbers', () => {
  it.each([
    ['+4915112345678', '+49 1511 2345678'],
    ['+436641234567', '+43 664 1234567'],
    ['+41791234567', '+41 79 123 45 67'],
    ['kein Telefon', 'kein Telefon'],
  ])('shows %s as %s', (input, shown) => {
    expect(formatPhoneNumber(input)).toBe(shown);
  });

  it('reads national input as a German number and refuses nonsense', () => {
    expect(toE164('0151 12345678')).toBe('+4915112345678');
    expect(toE164('0664 1234567', 'AT')).toBe('+436641234567');
    expect(toE164('12')).toBeNull();
  });
});
