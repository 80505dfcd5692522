import Decimal from 'decimal.js';
import { addBankingDays, berlinDate } from '@kontor/domain/banking-days';
import { maskIban } from '@kontor/domain/iban';
import type { AccountEntry, AccountEntryKind } from '@kontor/domain/money-contracts';
import { formatQuantity, toWireAmount } from '@kontor/domain/numbers';
import type { LedgerEntryRow } from './store.ts';

/**
 * The customer's Kontoumsätze from the ledger: one line per ledger entry, with its booking day, value
 * day (Valuta), text and running balance. Pure: the caller looks up what the entries refer to.
 */

export type HistoryLookups = {
  /** Buy and sell executions by id: "Kauf 12 SAP SE"; a savings plan's: "Sparplan 0,4932 iShares Core DAX". */
  executions: Map<string, { side: string; quantity: string; name: string; savings?: boolean }>;
  payouts: Map<string, { iban: string; executionDate: string; state: string }>;
  debits: Map<string, { settlementDate: string }>;
};

/** Where a payout stands, as its line in the history says it. */
const PAYOUT_STATE_WORDS: Record<string, string> = { ORDERED: 'beauftragt', EXECUTED: 'ausgeführt', CANCELLED: 'storniert' };

/** Securities settle two banking days after the trade (T+2). */
const SECURITIES_SETTLEMENT_DAYS = 2;

export function entryKind(kinds: readonly string[]): AccountEntryKind {
  if (kinds.includes('buy')) return 'buy';
  if (kinds.includes('sell')) return 'sell';
  if (kinds.includes('payout') || kinds.includes('payout_cancel')) return 'payout';
  if (kinds.includes('debit_return')) return 'debit_return';
  if (kinds.includes('debit')) return 'debit';
  if (kinds.includes('deposit')) return 'deposit';
  return 'fee';
}

function describe(row: LedgerEntryRow, kind: AccountEntryKind, l: HistoryLookups, bookingDate: string): { text: string; valueDate: string } {
  const ref = row.ref ?? '';
  switch (kind) {
    case 'buy':
    case 'sell': {
      const e = l.executions.get(ref);
      const verb = e?.savings ? 'Sparplan' : kind === 'buy' ? 'Kauf' : 'Verkauf';
      return { text: e ? `${verb} ${formatQuantity(e.quantity)} ${e.name}` : verb, valueDate: addBankingDays(bookingDate, SECURITIES_SETTLEMENT_DAYS) };
    }
    case 'payout': {
      const p = l.payouts.get(ref);
      if (row.kinds.includes('payout_cancel')) return { text: 'Storno Auszahlung', valueDate: bookingDate };
      return { text: p ? `Auszahlung an ${maskIban(p.iban)} (${PAYOUT_STATE_WORDS[p.state] ?? p.state})` : 'Auszahlung', valueDate: p?.executionDate ?? bookingDate };
    }
    case 'debit':
      return { text: 'Lastschrift vom Referenzkonto', valueDate: l.debits.get(ref)?.settlementDate ?? bookingDate };
    case 'debit_return':
      return { text: 'Rücklastschrift', valueDate: bookingDate };
    case 'deposit':
      return { text: 'Einzahlung (Überweisung)', valueDate: bookingDate };
    default:
      // Dividends and the tax on a Vorabpauschale: their ref is the booking key (`dividend:<sub>:<isin>:<date>`).
      if (row.kinds.includes('dividend')) return { text: `Dividende ${ref.split(':')[2] ?? ''}`.trim(), valueDate: bookingDate };
      if (row.kinds.includes('vorabpauschale')) return { text: `Steuern auf Vorabpauschale ${ref.split(':')[2] ?? ''}`.trim(), valueDate: bookingDate };
      return { text: 'Entgelt', valueDate: bookingDate };
  }
}

/** All entries, oldest first, each with the balance after it. */
export function accountEntries(rows: readonly LedgerEntryRow[], lookups: HistoryLookups): AccountEntry[] {
  let balance = new Decimal(0);
  return rows.map((row) => {
    const kind = entryKind(row.kinds);
    const date = berlinDate(row.at);
    balance = balance.plus(row.amount);
    return { id: row.txId, kind, date, ...describe(row, kind, lookups, date), amount: toWireAmount(row.amount), balance: toWireAmount(balance) };
  });
}

/** Sale proceeds whose value date is still ahead: credited, not yet settled. */
export function unsettledProceeds(entries: readonly AccountEntry[], today: string): Decimal {
  return entries.filter((e) => e.kind === 'sell' && e.valueDate > today).reduce((s, e) => s.plus(e.amount), new Decimal(0));
}

/** The months that have entries, newest first ("2026-11"). */
export function monthsOf(entries: readonly AccountEntry[]): string[] {
  return [...new Set(entries.map((e) => e.date.slice(0, 7)))].sort().reverse();
}
