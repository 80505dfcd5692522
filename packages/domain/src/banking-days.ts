// The declaration of date-holidays-parser travels with this module into every program that imports it (server, tests).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./date-holidays-parser.d.ts" />
import HolidaysParser from 'date-holidays-parser';
import { addCalendarDays, isoDateParts, type IsoDate } from './calendar-dates';

export { addCalendarDays, addMonthsClamped, BANKING_TIME_ZONE, berlinDate, isoWeekday, startOfBerlinDay, type IsoDate } from './calendar-dates';

/**
 * Banking days and exchange days, as calendar dates ('YYYY-MM-DD') in Europe/Berlin.
 *
 * A banking day is one on which TARGET2 settles euro payments (SEPA credits and debits are
 * executed): not a Saturday or Sunday, and not one of the six TARGET2 closing days. German public
 * holidays that are not TARGET2 holidays (Ascension, 3 October, …) are banking days for payments.
 * An exchange day is one on which Xetra and the Frankfurt floor trade: the TARGET2 closing days and
 * also 24 and 31 December. The rules come from date-holidays-parser with only these rules as data
 * (docs/decisions/013-scheduler.md): the full date-holidays data would add megabytes for two
 * calendars that are not any country's.
 */
const TARGET2_DAYS = {
  '01-01': { name: 'Neujahr' },
  'easter -2': { name: 'Karfreitag' },
  'easter 1': { name: 'Ostermontag' },
  '05-01': { name: 'Tag der Arbeit' },
  '12-25': { name: '1. Weihnachtstag' },
  '12-26': { name: '2. Weihnachtstag' },
};

const calendarData = {
  holidays: {
    TARGET2: { names: { de: 'TARGET2' }, langs: ['de'], days: TARGET2_DAYS },
    XETRA: {
      names: { de: 'Börse Frankfurt' },
      langs: ['de'],
      days: { ...TARGET2_DAYS, '12-24': { name: 'Heiligabend' }, '12-31': { name: 'Silvester' } },
    },
  },
};

type Calendar = { parser: HolidaysParser; years: Map<number, Set<IsoDate>> };

function calendar(code: 'TARGET2' | 'XETRA'): Calendar {
  return { parser: new HolidaysParser(calendarData, code), years: new Map() };
}

const target2 = calendar('TARGET2');
const xetra = calendar('XETRA');

/** The closing days of one year, computed once per year and calendar. */
function closedDays(cal: Calendar, year: number): Set<IsoDate> {
  let days = cal.years.get(year);
  if (!days) {
    days = new Set(cal.parser.getHolidays(year).map((h) => h.date.slice(0, 10)));
    cal.years.set(year, days);
  }
  return days;
}

function isWeekend(date: IsoDate): boolean {
  const [y, m, d] = isoDateParts(date);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** True on a day TARGET2 settles: a weekday that is not a TARGET2 holiday. */
export function isBankingDay(date: IsoDate): boolean {
  return !isWeekend(date) && !closedDays(target2, isoDateParts(date)[0]).has(date);
}

/** True on a day Xetra and the Frankfurt exchange trade. */
export function isExchangeDay(date: IsoDate): boolean {
  return !isWeekend(date) && !closedDays(xetra, isoDateParts(date)[0]).has(date);
}

/** The first banking day strictly after `date`. */
export function nextBankingDay(date: IsoDate): IsoDate {
  let day = addCalendarDays(date, 1);
  while (!isBankingDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/** `date` itself when it is a banking day, else the next one. */
export function bankingDayOnOrAfter(date: IsoDate): IsoDate {
  return isBankingDay(date) ? date : nextBankingDay(date);
}

/**
 * The `n`-th banking day after `date` (n >= 0): n = 1 is nextBankingDay, settlement "two banking
 * days later" is n = 2; `date` need not be a banking day. n = 0 gives bankingDayOnOrAfter.
 */
export function addBankingDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Banking days must be a whole number >= 0: ${n}`);
  if (n === 0) return bankingDayOnOrAfter(date);
  let day = date;
  for (let i = 0; i < n; i++) day = nextBankingDay(day);
  return day;
}

/** `date` itself when Xetra trades on it, else the next day it does (a savings plan's execution day). */
export function exchangeDayOnOrAfter(date: IsoDate): IsoDate {
  let day = date;
  while (!isExchangeDay(day)) day = addCalendarDays(day, 1);
  return day;
}
