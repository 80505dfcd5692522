import Decimal from 'decimal.js';
import { parseDecimalInput } from './decimal-input';
import { toWireAmount } from '@kontor/domain/numbers';

/** The most one deposit, payout or direct debit may move (the contracts' moneyAmountInputSchema). */
const MAX_AMOUNT = 1_000_000;

/**
 * Checks a money amount as a customer types it ("1.000,50"): a number, above 0, with cents at
 * most, at most 1.000.000 € and, where given, at most `max` (e.g. what is available to pay out).
 * Answers the i18n key of the problem (with its values), or null when the amount is fine.
 */
export function amountInputError(text: string, options: { max?: string } = {}): { key: string; values?: Record<string, string> } | null {
  if (text.trim() === '') return { key: 'amountInput.required' };
  const value = parseDecimalInput(text);
  if (value === null) return { key: 'amountInput.number' };
  const amount = new Decimal(value);
  if (amount.lte(0)) return { key: 'amountInput.positive' };
  if (amount.decimalPlaces() > 2) return { key: 'amountInput.cents' };
  if (options.max !== undefined && amount.gt(options.max)) return { key: 'amountInput.overMax', values: { max: options.max } };
  if (amount.gt(MAX_AMOUNT)) return { key: 'amountInput.max' };
  return null;
}

/** The amount as the API takes it ("1000.50"); call only after amountInputError said null. */
export function amountInputValue(text: string): string {
  return toWireAmount(parseDecimalInput(text) ?? '0');
}
