import { displayLocale, displayLocaleTag } from './format';

/**
 * Numbers as a customer types them into a field, in the app's language. German: comma for
 * decimals, dots optional as thousands separators ("1.234,56"); a lone dot with other than three
 * digits after it ("12.5") is read as a decimal point, the way a customer used to English notation
 * means it. English the other way round ("1,234.56"; "12,5" is 12.5).
 */

const GROUPED = /^[1-9]\d{0,2}(\.\d{3})+$/;

/** German "1.234,56" → "1234.56", "12,5" → "12.5", "12.5" → "12.5"; English "1,234.56" → "1234.56"; null when the text is no number. */
export function parseDecimalInput(text: string, notation: 'de' | 'en' = displayLocale()): string | null {
  const spaced = text.replace(/[\s\u00a0\u202f]/g, '');
  // English notation is German with the two marks swapped.
  const compact = notation === 'en' ? spaced.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.')) : spaced;
  const negative = compact.startsWith('-') || compact.startsWith('\u2212');
  const body = negative ? compact.slice(1) : compact;
  let plain: string;
  if (body.includes(',')) {
    const [whole = '', fraction, ...rest] = body.split(',');
    if (rest.length > 0 || fraction === undefined || !/^\d+$/.test(fraction)) return null;
    if (!/^\d+$/.test(whole) && !GROUPED.test(whole)) return null;
    plain = `${whole.replaceAll('.', '')}.${fraction}`;
  } else if (GROUPED.test(body)) {
    plain = body.replaceAll('.', '');
  } else if (/^\d+(\.\d+)?$/.test(body)) {
    plain = body;
  } else {
    return null;
  }
  return negative ? `-${plain}` : plain;
}

/** A decimal string ("1234.5") as an editable field value in the app's language ("1234,50"; English "1234.50"), without grouping. */
export function formatDecimalInput(value: string, fractionDigits: number): string {
  return new Intl.NumberFormat(displayLocaleTag(), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  }).format(value as `${number}`);
}
