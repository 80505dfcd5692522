/**
 * Calendar dates ('YYYY-MM-DD') and Europe/Berlin days: plain date arithmetic without the holiday
 * rules, so that a page which only counts days (performance ranges) does not load the holiday
 * calendars of banking-days.ts, which re-exports everything here.
 */
export const BANKING_TIME_ZONE = 'Europe/Berlin';

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isoDateParts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Not an ISO date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new RangeError(`Not a calendar date: ${date}`);
  return [y, mo, d];
}

/** The date `days` calendar days after (or before) `date`. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = isoDateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: BANKING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Berlin's offset from UTC at an instant, in ms (whole minutes). */
function berlinOffsetMs(instant: number): number {
  const p = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The calendar date in Europe/Berlin at an instant. */
export function berlinDate(instant: Date): IsoDate {
  const p = Object.fromEntries(formatter.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The instant a Berlin calendar day begins. Midnight always exists in Berlin (the clocks change at
 * 02:00 and 03:00), so the offset at midnight is the one of the day before the change.
 */
export function startOfBerlinDay(date: IsoDate): Date {
  const [y, m, d] = isoDateParts(date);
  const utcMidnight = Date.UTC(y, m - 1, d);
  let start = utcMidnight - berlinOffsetMs(utcMidnight);
  start = utcMidnight - berlinOffsetMs(start);
  return new Date(start);
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
