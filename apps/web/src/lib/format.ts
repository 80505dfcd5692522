/**
 * German display formats through Intl. Amounts arrive as decimal strings ("1234.56") and are
 * handed to Intl as strings, which formats them exactly — no detour through a float.
 * Intl separates the unit with a no-break space (U+00A0) so "1.234,56 €" never wraps.
 */

const LOCALE = 'de-DE';
const TIME_ZONE = 'Europe/Berlin';

/** A decimal string as it travels on the wire, or a number where precision does not matter. */
export type Decimal = string | number;

type StringNumeric = `${number}`;

function toIntl(value: Decimal): number | StringNumeric {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    throw new RangeError(`Not a decimal number: "${value}"`);
  }
  return trimmed as StringNumeric;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, format);
  }
  return format;
}

/** formatMoney('1234.56', 'EUR') → '1.234,56 €' (two decimals unless told otherwise). */
export function formatMoney(
  amount: Decimal,
  currency = 'EUR',
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number; signed?: boolean } = {},
): string {
  const minimumFractionDigits = options.minimumFractionDigits ?? 2;
  return numberFormat({
    style: 'currency',
    currency,
    minimumFractionDigits,
    maximumFractionDigits: Math.max(options.maximumFractionDigits ?? 2, minimumFractionDigits),
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(toIntl(amount));
}

/** formatNumber('1234.5', 2) → '1.234,50'. Quantities and prices without currency. */
export function formatNumber(
  value: Decimal,
  fractionDigits: number | { min: number; max: number } = 2,
  options: { signed?: boolean } = {},
): string {
  const { min, max } = typeof fractionDigits === 'number' ? { min: fractionDigits, max: fractionDigits } : fractionDigits;
  return numberFormat({
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(toIntl(value));
}

/** Quantities: up to six decimals for fractional shares, none when whole ('12', '0,5'). */
export function formatQuantity(value: Decimal): string {
  return formatNumber(value, { min: 0, max: 6 });
}

/**
 * A percentage given in percent points: formatPercent('1.23') → '+1,23 %'. Signed by default,
 * because a change without its sign is ambiguous for anyone who cannot tell green from red.
 */
export function formatPercent(points: Decimal, options: { signed?: boolean; fractionDigits?: number } = {}): string {
  const digits = options.fractionDigits ?? 2;
  return `${formatNumber(points, digits, { signed: options.signed ?? true })}\u00a0%`;
}

/** 'gain' above zero, 'loss' below, 'neutral' at zero — decided on the string, not a float. */
export function trend(value: Decimal): 'gain' | 'loss' | 'neutral' {
  const s = typeof value === 'number' ? String(value) : value.trim();
  if (/^[+-]?[0.]*(e[+-]?\d+)?$/i.test(s)) return 'neutral';
  return s.startsWith('-') ? 'loss' : 'gain';
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: TIME_ZONE });

function toDate(value: string | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: "${String(value)}"`);
  return date;
}

/** formatDate('2024-03-05') → '05.03.2024' (German exchange time zone). */
export function formatDate(value: string | Date): string {
  // A plain calendar date is the same day everywhere; don't let a time zone shift it.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  return dateFormat.format(toDate(value));
}

/** formatDateTime('2024-03-05T13:30:00Z') → '05.03.2024, 14:30'. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(toDate(value));
}

/** formatTime('2024-03-05T13:30:05Z') → '14:30:05', e.g. for a quote time stamp. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}
