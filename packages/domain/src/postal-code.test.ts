import countryCodes from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES_WITHOUT_POSTAL_CODES,
  countryHasPostalCodes,
  isValidPostalCode,
  normalizePostalCode,
} from './postal-code';

describe('isValidPostalCode — spec §5 examples', () => {
  it.each([
    ['DE', '10115', true],
    ['DE', '01067', true],
    ['DE', '1011', false],
    ['DE', '101155', false],
    ['DE', 'D-10115', false],
    ['AT', '1010', true],
    ['AT', '10101', false],
    ['AT', '101', false],
    ['CH', '8001', true],
    ['CH', '80011', false],
    ['FR', '75008', true],
    ['FR', '7500', false],
    ['NL', '1234 AB', true],
    ['NL', '1234AB', true],
    ['NL', '1234 ab', true],
    ['NL', '1234', false],
    ['NL', 'AB 1234', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'EC1A 1BB', true],
    ['GB', 'W1A 0AX', true],
    ['GB', 'M1 1AE', true],
    ['GB', 'sw1a 1aa', true],
    ['GB', '12345', false],
    ['GB', 'SW1A', false],
    ['US', '90210', true],
    ['US', '90210-1234', true],
    ['US', '9021', false],
    ['US', '90210-12', false],
    ['US', '902101234', false],
    ['CA', 'K1A 0B1', true],
    ['CA', 'K1A0B1', true],
    ['CA', '1KA 0B1', false],
    ['CA', 'D1A 0B1', false],
    ['PL', '00-950', true],
    ['PL', '00950', false],
    ['PL', '0-950', false],
    ['JP', '100-0001', true],
    ['JP', '1000001', false],
    ['JP', '100-001', false],
  ])('%s %j → %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });
});

describe('isValidPostalCode — other countries and inputs', () => {
  it.each([
    ['IE', 'D02 X285', true], // Eircode
    ['IE', '12345', false],
    ['IT', '00184', true],
    ['ES', '28013', true],
    ['ES', '99999', false],
    ['LI', '9490', true],
    ['LU', '1009', true],
    ['BE', '1000', true],
    ['SE', '114 55', true],
    ['BR', '01310-100', true],
    ['TT', '150123', true],
    ['TT', '1501', false],
    ['de', '10115', true],
    [' DE ', ' 10115 ', true],
  ])('%j %j → %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });

  it.each(['HK', 'AE', 'QA', 'JM', 'BS'])(
    'accepts anything for %s, which has no postal codes',
    (country) => {
      expect(countryHasPostalCodes(country)).toBe(false);
      expect(isValidPostalCode(country, '')).toBe(true);
      expect(isValidPostalCode(country, '00000')).toBe(true);
    },
  );

  it.each([
    ['UK', 'SW1A 1AA'], // not an ISO code: the United Kingdom is GB
    ['XX', '12345'],
    ['INTL', '12345'],
    ['', '12345'],
    ['KP', '12345'], // has postal codes, but no pattern is known
  ])('rejects %j %j', (country, code) => {
    expect(isValidPostalCode(country, code)).toBe(false);
  });

  it('says which countries use postal codes', () => {
    expect(countryHasPostalCodes('DE')).toBe(true);
    expect(countryHasPostalCodes('TT')).toBe(true);
    expect(countryHasPostalCodes('HK')).toBe(false);
    expect(countryHasPostalCodes('XX')).toBe(false);
  });

  it('normalises for storage', () => {
    expect(normalizePostalCode('  sw1a 1aa ')).toBe('SW1A 1AA');
  });

  it('has a rule for about 200 countries and every ISO country', () => {
    const all = Object.keys(countryCodes.getAlpha2Codes());
    const withPattern = all.filter((c) => countryHasPostalCodes(c) && isValidPostalCode(c, 'ZZZZZZZZZZ') === false);
    expect(withPattern.length).toBeGreaterThanOrEqual(180);
    // Every country in the "no postal codes" list is a real ISO country.
    for (const code of COUNTRIES_WITHOUT_POSTAL_CODES) expect(all).toContain(code);
  });
});
