/**
 * Calendar dates ('YYYY-MM-DD') and Europe/Berlin days: plain date arithmetic without the holiday
 * rules, so that a page which only counts days (performance ranges) does not load the holiday
 * calendars of banking-days.ts, which re-exports everything here.
 */
import { BERLIN_TIME_ZONE, isoDateParts, type IsoDate } from './dates';

// Berlin time lives in dates.ts; the calendar's importers keep their names.
export { berlinDate, isoDateParts, startOfBerlinDay, type IsoDate } from './dates';
export const BANKING_TIME_ZONE = BERLIN_TIME_ZONE;

/** The date `days` calendar days after (or before) `date`. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = isoDateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Day of the week of a calendar date: 1 = Monday … 7 = Sunday (ISO). */
export function isoWeekday(date: IsoDate): number {
  const [y, m, d] = isoDateParts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/**
 * The date `months` months after `date`, on day `day` of that month (default: `date`'s day),
 * clamped to the month's last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonthsClamped(date: IsoDate, months: number, day?: number): IsoDate {
  const [y, m, d] = isoDateParts(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day ?? d, last));
  return first.toISOString().slice(0, 10);
}
