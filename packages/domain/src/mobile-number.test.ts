import { describe, expect, it } from 'vitest';
import { checkMobileNumber, mobileNumberReasons } from './mobile-number';

describe('checking a mobile number for SMS TANs', () => {
  it.each([
    ['0151 12345678', '+4915112345678', '+49 1511 2345678'],
    ['+43 664 1234567', '+436641234567', '+43 664 1234567'],
    ['+41 79 123 45 67', '+41791234567', '+41 79 123 45 67'],
  ])('accepts %s', (input, e164, formatted) => {
    expect(checkMobileNumber(input)).toEqual({ valid: true, e164, formatted });
  });

  it.each([
    ['', mobileNumberReasons.empty],
    ['Handy', mobileNumberReasons.notANumber],
    ['+999 123456789', mobileNumberReasons.unknownCountry],
    ['015', mobileNumberReasons.tooShort],
    ['0151 1234567', mobileNumberReasons.tooShort],
    ['0151 123456789', mobileNumberReasons.tooLong],
    ['030 1234567', mobileNumberReasons.notMobile],
  ])('refuses %j and says why', (input, reason) => {
    expect(checkMobileNumber(input)).toEqual({ valid: false, reason });
  });
});
