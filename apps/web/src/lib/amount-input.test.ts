import { describe, expect, it } from 'vitest';
import { amountInputError, amountInputValue } from './amount-input';

describe('an amount as typed', () => {
  it('is a number above 0 with cents at most, up to 1.000.000 €', () => {
    expect(amountInputError('1.000,50')).toBeNull();
    expect(amountInputError('')).toEqual({ key: 'amountInput.required' });
    expect(amountInputError('zehn')).toEqual({ key: 'amountInput.number' });
    expect(amountInputError('0')).toEqual({ key: 'amountInput.positive' });
    expect(amountInputError('1,001')).toEqual({ key: 'amountInput.cents' });
    expect(amountInputError('1.000.001')).toEqual({ key: 'amountInput.max' });
  });

  it('stays within what is available, where that is given', () => {
    expect(amountInputError('250,00', { max: '250.00' })).toBeNull();
    expect(amountInputError('250,01', { max: '250.00' })).toEqual({ key: 'amountInput.overMax', values: { max: '250.00' } });
  });

  it('goes to the API with two decimals', () => {
    expect(amountInputValue('1.000,5')).toBe('1000.50');
    expect(amountInputValue('12')).toBe('12.00');
  });
});
