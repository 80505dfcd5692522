import { stringify } from 'csv-stringify/sync';
import type { AccountEntry } from '@kontor/domain/money-contracts';

/** "2026-11-25" → "25.11.2026" */
const germanDate = (iso: string) => iso.split('-').reverse().join('.');
/** "-1234.50" → "-1234,50": no grouping, so that a spreadsheet reads it as a number. */
const germanNumber = (v: string) => v.replace('.', ',');

/**
 * The Kontoumsätze as a CSV file the way German banks export them: semicolons, German dates and
 * decimal commas, and a byte order mark so that spreadsheet programs read the umlauts right.
 */
export function accountCsv(entries: readonly AccountEntry[]): string {
  const rows = entries.map((e) => [germanDate(e.date), germanDate(e.valueDate), e.text, germanNumber(e.amount), germanNumber(e.balance)]);
  return '\ufeff' + stringify([['Buchungstag', 'Valuta', 'Buchungstext', 'Betrag (EUR)', 'Saldo (EUR)'], ...rows], { delimiter: ';', record_delimiter: '\r\n' });
}
