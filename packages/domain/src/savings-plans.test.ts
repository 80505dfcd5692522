import { describe, expect, it } from 'vitest';
import { savingsPlanInputSchema } from './savings-plan-contracts';
import {
  amountOn,
  anniversary,
  executionDate,
  firstNominalDate,
  increasedAmount,
  monthlyRate,
  nextNominalDate,
  savingsAllocation,
  savingsPlanCosts,
  upcomingExecutions,
} from './savings-plans';

describe('the schedule of a plan', () => {
  it('monthly-plan-due-on-a-holiday-runs-next-banking-day: 1 January 2027 is a Friday and Neujahr, so it runs on Monday 4 January', () => {
    expect(executionDate('2027-01-01')).toBe('2027-01-04');
  });

  it('a weekly plan on Thursday 24 December 2026 (no trading on 24, 25 December, then a weekend) runs on Monday 28 December', () => {
    expect(executionDate('2026-12-24')).toBe('2026-12-28');
  });

  it('a plan due on a Saturday runs on the Monday after; a trading day stays as it is', () => {
    expect(executionDate('2026-08-15')).toBe('2026-08-17');
    expect(executionDate('2026-12-15')).toBe('2026-12-15');
  });

  it('the first execution is the first matching day on or after the chosen date', () => {
    // Thursday 26 November 2026: the next Monday is the 30th, the next 15th is in December.
    expect(firstNominalDate('weekly', 1, '2026-11-26')).toBe('2026-11-30');
    expect(firstNominalDate('weekly', 4, '2026-11-26')).toBe('2026-11-26');
    expect(firstNominalDate('monthly', 15, '2026-11-26')).toBe('2026-12-15');
    expect(firstNominalDate('quarterly', 1, '2026-12-01')).toBe('2026-12-01');
  });

  it('steps by the interval: 7 and 14 days, one and three months on the same day', () => {
    expect(nextNominalDate('weekly', 1, '2026-11-30')).toBe('2026-12-07');
    expect(nextNominalDate('biweekly', 1, '2026-11-30')).toBe('2026-12-14');
    expect(nextNominalDate('monthly', 15, '2026-12-15')).toBe('2027-01-15');
    expect(nextNominalDate('quarterly', 1, '2026-12-01')).toBe('2027-03-01');
  });

  it('anniversary-of-29-february-is-clamped-to-the-last-day-of-february', () => {
    expect(anniversary('2024-02-29', 1)).toBe('2025-02-28');
    expect(anniversary('2024-02-29', 4)).toBe('2028-02-29');
  });
});

describe('the yearly dynamic increase', () => {
  it('raises 100,00 € by 3 % to 103,00 € and 33,33 € by 5 % to 35,00 € (34,9965 half up)', () => {
    expect(increasedAmount('100.00', 3)).toBe('103.00');
    expect(increasedAmount('33.33', 5)).toBe('35.00');
  });

  it('applies from the first execution on or after the anniversary, once per year', () => {
    const plan = { amount: '100.00', dynamicPercent: 2, firstDate: '2026-01-15', increases: 0 };
    expect(amountOn(plan, '2027-01-14')).toEqual({ amount: '100.00', increases: 0 });
    expect(amountOn(plan, '2027-01-15')).toEqual({ amount: '102.00', increases: 1 });
    // 102,00 × 1,02 = 104,04 in the second year.
    expect(amountOn(plan, '2028-01-15')).toEqual({ amount: '104.04', increases: 2 });
  });

  it('the calendar shows the raised rate from the anniversary on', () => {
    const calendar = upcomingExecutions(
      { amount: '50.00', interval: 'monthly', day: 15, dynamicPercent: 5, firstDate: '2026-01-15', increases: 0, nextNominal: '2026-12-15' },
      3,
    );
    // 15 January 2027 is a Friday; 15 February a Monday.
    expect(calendar).toEqual([
      { nominal: '2026-12-15', date: '2026-12-15', amount: '50.00' },
      { nominal: '2027-01-15', date: '2027-01-15', amount: '52.50' },
      { nominal: '2027-02-15', date: '2027-02-15', amount: '52.50' },
    ]);
  });
});

describe('a plan in a block order', () => {
  it('fractions-rounded-down-to-qty-scale-rest-stays-cash: 50,00 € at 101,37 € with 3 decimals buys 0,493 pieces for 49,98 €', () => {
    // 50 ÷ 101.37 = 0.49324…, down to 0.493; 0.493 × 101.37 = 49.97541 → 49,98 €; 0,02 € stays as cash.
    expect(savingsAllocation('50.00', '101.37', '1', 3)).toEqual({ quantity: '0.493', value: '49.98' });
  });

  it('a US share priced in dollars is bought with the euro amount converted at the rate', () => {
    // 25 € at 200 $ and 0.9 €/$: 180 € per piece, 25 ÷ 180 = 0.138888… → 0.138888; × 180 = 24.99984 → 25,00 €.
    expect(savingsAllocation('25.00', '200', '0.9', 6)).toEqual({ quantity: '0.138888', value: '25.00' });
  });
});

describe('costs and rates', () => {
  it('a monthly plan of 100 € at bid 99,90 / ask 100,10 costs 1,20 € (0,10 %) a year, no fees', () => {
    // Spread share (100.10 − 100.00) ÷ 100.10 = 0.000999…; × 1,200 € = 1.1988 → 1,20 €.
    const costs = savingsPlanCosts('100.00', 'monthly', { bid: '99.90', ask: '100.10' });
    expect(costs).toEqual({
      feePerExecution: '0.00',
      executionsPerYear: 12,
      investedPerYear: '1200.00',
      feesPerYear: '0.00',
      spreadPerYear: '1.20',
      totalPerYear: '1.20',
      totalPercent: '0.10',
    });
  });

  it('a 2-weekly rate of 50 € comes to 108,33 € a month (26 × 50 ÷ 12)', () => {
    expect(monthlyRate('50.00', 'biweekly').toFixed(2)).toBe('108.33');
  });
});

describe('the input of a plan', () => {
  const base = { isin: 'IE00B4L5Y983', amount: '25.00', interval: 'monthly', day: 15, firstDate: '2026-12-01', dynamicPercent: 0, payment: 'CASH' };

  it('takes 1,00 € to 25.000,00 € and refuses 0,99 € and 25.000,01 €', () => {
    expect(savingsPlanInputSchema.safeParse({ ...base, amount: '1.00' }).success).toBe(true);
    expect(savingsPlanInputSchema.safeParse({ ...base, amount: '25000.00' }).success).toBe(true);
    expect(savingsPlanInputSchema.safeParse({ ...base, amount: '0.99' }).success).toBe(false);
    expect(savingsPlanInputSchema.safeParse({ ...base, amount: '25000.01' }).success).toBe(false);
  });

  it('offers the 1st or 15th monthly and a weekday weekly, and says so in German', () => {
    const wrongDay = savingsPlanInputSchema.safeParse({ ...base, day: 3 });
    expect(wrongDay.error?.issues[0]?.message).toBe('Bitte wählen Sie den 1. oder den 15. des Monats.');
    expect(savingsPlanInputSchema.safeParse({ ...base, interval: 'weekly', day: 3 }).success).toBe(true);
    expect(savingsPlanInputSchema.safeParse({ ...base, interval: 'weekly', day: 6 }).success).toBe(false);
    expect(savingsPlanInputSchema.safeParse({ ...base, dynamicPercent: 4 }).success).toBe(false);
  });
});
