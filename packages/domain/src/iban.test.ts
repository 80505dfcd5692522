import { describe, expect, it } from 'vitest';
import { KONTOR_BANK_ACCOUNT } from './money-contracts';
import { formatIban, ibanProblem, isValidIban, maskIban, normaliseIban } from './iban';

describe('IBAN', () => {
  it('accepts a German IBAN typed with spaces and lower case, and stores it electronically', () => {
    expect(normaliseIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
  it('refuses a wrong check digit and says why', () => {
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(ibanProblem('DE88370400440532013000')).toMatch(/ungültig/);
    expect(ibanProblem('XX89370400440532013000')).toMatch(/Ländercode/);
    expect(ibanProblem('')).toMatch(/Bitte geben Sie/);
  });
  it('masks to country, check digits and the last four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
  });
  it("Kontor's own account is a valid IBAN", () => {
    expect(isValidIban(KONTOR_BANK_ACCOUNT.iban)).toBe(true);
  });
});
