import { describe, expect, it } from 'vitest';
import {
  addBankingDays,
  addCalendarDays,
  bankingDayOnOrAfter,
  berlinDate,
  isBankingDay,
  isExchangeDay,
  nextBankingDay,
  startOfBerlinDay,
} from './banking-days';

describe('Easter 2027: Good Friday 26 March and Easter Monday 29 March are closed', () => {
  it('neither is a banking day nor an exchange day', () => {
    for (const day of ['2027-03-26', '2027-03-29']) {
      expect(isBankingDay(day)).toBe(false);
      expect(isExchangeDay(day)).toBe(false);
    }
  });
  it('Maundy Thursday and the Tuesday after are open', () => {
    expect(isBankingDay('2027-03-25')).toBe(true);
    expect(isBankingDay('2027-03-30')).toBe(true);
  });
  it('money sent on Maundy Thursday arrives on the Tuesday after Easter', () => {
    expect(nextBankingDay('2027-03-25')).toBe('2027-03-30');
  });
  it('Easter moves: in 2026 Good Friday is 3 April and Easter Monday 6 April', () => {
    expect(isBankingDay('2026-04-03')).toBe(false);
    expect(isBankingDay('2026-04-06')).toBe(false);
    expect(isBankingDay('2027-04-06')).toBe(true);
  });
});

describe('Christmas 2026: a payout ordered Thursday 24 December executes Monday 28 December', () => {
  it('24 December is a TARGET2 banking day but not an exchange day', () => {
    expect(isBankingDay('2026-12-24')).toBe(true);
    expect(isExchangeDay('2026-12-24')).toBe(false);
  });
  it('25 and 26 December are closed for both', () => {
    for (const day of ['2026-12-25', '2026-12-26']) {
      expect(isBankingDay(day)).toBe(false);
      expect(isExchangeDay(day)).toBe(false);
    }
  });
  it('the next banking day after 24 December is Monday 28 December', () => {
    expect(nextBankingDay('2026-12-24')).toBe('2026-12-28');
  });
  it('31 December is a banking day, not an exchange day; 1 January is neither', () => {
    expect(isBankingDay('2026-12-31')).toBe(true);
    expect(isExchangeDay('2026-12-31')).toBe(false);
    expect(isBankingDay('2027-01-01')).toBe(false);
    expect(nextBankingDay('2026-12-31')).toBe('2027-01-04');
  });
});

describe('weekends and German holidays that TARGET2 keeps open', () => {
  it('Saturday 28 and Sunday 29 November 2026 are not banking days; Monday 30 is', () => {
    expect(isBankingDay('2026-11-28')).toBe(false);
    expect(isBankingDay('2026-11-29')).toBe(false);
    expect(isBankingDay('2026-11-30')).toBe(true);
    expect(bankingDayOnOrAfter('2026-11-28')).toBe('2026-11-30');
    expect(bankingDayOnOrAfter('2026-11-30')).toBe('2026-11-30');
  });
  it('1 May 2026 (a Friday) is closed; a deposit on Thursday 30 April lands on Monday 4 May', () => {
    expect(isBankingDay('2026-05-01')).toBe(false);
    expect(nextBankingDay('2026-04-30')).toBe('2026-05-04');
  });
  it('Ascension and the Day of German Unity are banking and exchange days', () => {
    expect(isBankingDay('2026-05-14')).toBe(true);
    expect(isExchangeDay('2026-05-14')).toBe(true);
    expect(isBankingDay('2025-10-03')).toBe(true);
  });
});

describe('counting banking days (a direct debit settles two banking days later)', () => {
  it('from Friday 27 November 2026, two banking days is Tuesday 1 December', () => {
    expect(addBankingDays('2026-11-27', 2)).toBe('2026-12-01');
  });
  it('from Wednesday 23 December 2026, two banking days is Monday 28 December', () => {
    expect(addBankingDays('2026-12-23', 2)).toBe('2026-12-28');
  });
  it('from a Saturday, one banking day is the Monday; zero is the banking day on or after', () => {
    expect(addBankingDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBankingDays('2026-11-28', 0)).toBe('2026-11-30');
    expect(addBankingDays('2026-11-27', 0)).toBe('2026-11-27');
  });
  it('refuses a negative or fractional count and a date that is none', () => {
    expect(() => addBankingDays('2026-11-27', -1)).toThrow(RangeError);
    expect(() => addBankingDays('2026-11-27', 1.5)).toThrow(RangeError);
    expect(() => isBankingDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBankingDay('27.11.2026')).toThrow(RangeError);
  });
  it('calendar days cross months and years', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('Berlin calendar days', () => {
  it('23:30 UTC on 31 December is already 1 January in Berlin', () => {
    expect(berlinDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(berlinDate(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
  });
  it('a winter day begins at 23:00 UTC the day before, a summer day at 22:00 UTC', () => {
    expect(startOfBerlinDay('2026-11-30').toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(startOfBerlinDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
  it('the days the clocks change begin at local midnight (29 March and 25 October 2026)', () => {
    expect(startOfBerlinDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfBerlinDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfBerlinDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfBerlinDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
  it('the start of a day is that day in Berlin, and the instant before is the day before', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2027-01-01']) {
      const start = startOfBerlinDay(day);
      expect(berlinDate(start)).toBe(day);
      expect(berlinDate(new Date(start.getTime() - 1))).toBe(addCalendarDays(day, -1));
    }
  });
});
