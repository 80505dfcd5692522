/**
 * Berlin time and the display formats of dates: the one place Kontor turns an instant into a German
 * calendar day or wall-clock time, and dates into text. Banking days, the exchange's trading window
 * and the tax year all count in Europe/Berlin.
 */
export const BERLIN_TIME_ZONE = 'Europe/Berlin';

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

export type DateLocale = 'de' | 'en';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BERLIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Berlin's offset from UTC in ms during one UTC hour, by that hour (it changes only on the hour). */
const offsets = new Map<number, number>();

function offsetDuring(utcHour: number): number {
  let offset = offsets.get(utcHour);
  if (offset === undefined) {
    const start = utcHour * 3_600_000;
    const p = Object.fromEntries(parts.formatToParts(new Date(start)).map((x) => [x.type, x.value]));
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - start;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(utcHour, offset);
  }
  return offset;
}

/** Berlin's offset from UTC at an instant, in ms. */
const berlinOffsetMs = (instant: number): number => offsetDuring(Math.floor(instant / 3_600_000));

/**
 * The wall-clock time in Berlin: weekday (0 = Sunday), date and seconds since midnight. Asking Intl
 * for every instant is slow, and trading checks ask often: the zone's offset is looked up once per
 * UTC hour, as daylight saving starts and ends on the hour.
 */
export function berlinWallClock(at: Date): { weekday: number; date: IsoDate; seconds: number } {
  const ms = at.getTime();
  const local = new Date(ms + berlinOffsetMs(ms));
  return {
    weekday: local.getUTCDay(),
    date: local.toISOString().slice(0, 10),
    seconds: local.getUTCHours() * 3600 + local.getUTCMinutes() * 60 + local.getUTCSeconds(),
  };
}

/** The calendar date in Europe/Berlin at an instant. */
export function berlinDate(instant: Date): IsoDate {
  return berlinWallClock(instant).date;
}

/** The calendar year in Europe/Berlin at an instant (the tax year, the year of a dividend). */
export function berlinYear(instant: Date): number {
  return Number(berlinDate(instant).slice(0, 4));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month and day of a calendar date; throws on anything else. */
export function isoDateParts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Not an ISO date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new RangeError(`Not a calendar date: ${date}`);
  return [y, mo, d];
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

// ---------------------------------------------------------------------------------------------
// Display formats (Berlin time)

const LOCALES: Record<DateLocale, string> = { de: 'de-DE', en: 'en-GB' };

const cache = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: DateLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[locale], { timeZone: BERLIN_TIME_ZONE, ...options });
    cache.set(key, format);
  }
  return format;
}

function toDate(value: string | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: "${String(value)}"`);
  return date;
}

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/**
 * formatDate('2024-03-05') → '05.03.2024' (en: '05/03/2024'). A calendar date is the same day
 * everywhere and is never shifted; an instant shows its Berlin day.
 */
export function formatDate(value: string | Date, locale: DateLocale = 'de'): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const [y, m, d] = value.split('-');
    return locale === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
  }
  return dateTimeFormat(locale, DAY).format(toDate(value));
}

/** formatDateTime('2024-03-05T13:30:00Z') → '05.03.2024, 14:30'; with seconds when asked. */
export function formatDateTime(value: string | Date, options: { seconds?: boolean; locale?: DateLocale } = {}): string {
  return dateTimeFormat(options.locale ?? 'de', { ...DAY, hour: '2-digit', minute: '2-digit', ...(options.seconds ? { second: '2-digit' } : {}) }).format(toDate(value));
}

/** formatDeadline('2026-12-04T11:00:00Z') → '04.12.2026 12:00' (Berlin): a deadline in messages and documents, followed by " Uhr". */
export function formatDeadline(value: string | Date): string {
  return formatDateTime(value).replace(',', '');
}

/** formatTime('2024-03-05T13:30:05Z') → '14:30:05' (e.g. a quote's time stamp); '14:30' without seconds. */
export function formatTime(value: string | Date, options: { seconds?: boolean; locale?: DateLocale } = {}): string {
  return dateTimeFormat(options.locale ?? 'de', { hour: '2-digit', minute: '2-digit', ...(options.seconds === false ? {} : { second: '2-digit' }) }).format(toDate(value));
}

/** formatLongDate(instant) → '5. März 2024' (a letter's date line). */
export function formatLongDate(value: string | Date, locale: DateLocale = 'de'): string {
  return dateTimeFormat(locale, { dateStyle: 'long' }).format(toDate(value));
}

/** formatMonth('2026-11') → 'November 2026' (a calendar month, e.g. of the account history). */
export function formatMonth(value: string, locale: DateLocale = 'de'): string {
  const [y, m] = value.split('-').map(Number);
  if (!y || !m) throw new RangeError(`Not a month: "${value}"`);
  return new Intl.DateTimeFormat(LOCALES[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}
