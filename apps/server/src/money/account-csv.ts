import { stringify } from 'csv-stringify/sync';
import type { AccountEntry } from '@kontor/domain/money-contracts';
import { formatNumber } from '@kontor/domain/numbers';

/** "2026-11-25" → "25.11.2026" */
const germanDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The Kontoumsätze as a CSV file the way German banks export them: semicolons, German dates and
 * decimal commas, and a byte order mark so that spreadsheet programs read the umlauts right.
 */
export function accountCsv(entries: readonly AccountEntry[]): string {
  const rows = entries.map((e) => [germanDate(e.date), germanDate(e.valueDate), e.text, formatNumber(e.amount, 2, { grouping: false }), formatNumber(e.balance, 2, { grouping: false })]);
  return '\ufeff' + stringify([['Buchungstag', 'Valuta', 'Buchungstext', 'Betrag (EUR)', 'Saldo (EUR)'], ...rows], { delimiter: ';', record_delimiter: '\r\n' });
}
