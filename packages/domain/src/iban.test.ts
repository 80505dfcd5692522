import { describe, expect, it } from 'vitest';
import { electronicIban, friendlyIban, isValidIban, maskIban } from './iban';

describe('IBANs', () => {
  it('stores the electronic format and shows groups of four', () => {
    expect(electronicIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(friendlyIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('checks the check digits', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('kein Konto')).toBe(false);
  });

  it('masks all but the first and last four characters', () => {
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
    expect(maskIban('AT61 1904 3002 3457 3201')).toBe('AT61 •••• 3201');
  });
});
