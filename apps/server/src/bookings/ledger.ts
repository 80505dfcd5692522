import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { inArray, sql } from 'drizzle-orm';
import { pgCode, rowsOf, type Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { ReservedParts } from '@kontor/domain/money-contracts';
import { ledgerBalances, ledgerPostings } from './tables.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

export const accounts = {
  cash: (sub: string) => `customer:${sub}:cash`,
  reserved: (sub: string) => `customer:${sub}:reserved`,
  /** The market maker every trade is made with. */
  market: 'house:market',
  fees: 'house:fees',
  /** Tax withheld for the tax office (Kapitalertragsteuer, Soli, church tax); refunds come back from it. */
  taxOffice: 'house:tax',
  /** The paying agent of dividends: what issuers pay out to Kontor's customers. */
  dividends: 'house:dividends',
  /** Withholding tax kept abroad on dividends (US 15 %); credited against the Kapitalertragsteuer. */
  foreignTax: 'house:foreign-tax',
  /** Where transfers in and out of Kontor go. */
  bank: 'house:bank',
  /** Payouts ordered and not yet sent to the bank (they have left the customer's cash). */
  payouts: 'house:payouts',
  /** Direct debits collected from customers' reference accounts, until they settle or come back. */
  debits: 'house:sepa-debits',
  /**
   * What a customer owes Kontor (a returned direct debit whose money was already spent). A house
   * account, so its balance may be negative: the customer's Kontostand is cash + reserved + this.
   */
  arrears: (sub: string) => `house:arrears:${sub}`,
} as const;

export type Posting = { account: string; amount: string; kind: string };

export const insufficientFunds = () => new AppError(422, 'Ihr verfügbares Guthaben reicht für diesen Auftrag nicht aus.');

/** Throws unless the postings sum to exactly zero: money is never created or lost. */
export function assertBalanced(postings: readonly Posting[]): Decimal[] {
  const amounts = postings.map((p) => new Decimal(p.amount));
  const sum = amounts.reduce((s, a) => s.plus(a), new Decimal(0));
  if (!sum.isZero()) throw new Error(`Unbalanced ledger entry: sum ${toWireDecimal(sum)}`);
  // The amounts as parsed, for the caller (every order's reservation comes through here).
  return amounts;
}

/**
 * Writes one balanced ledger entry and moves the running balances; call it inside the transaction
 * of what caused the entry. A customer balance that would go below zero fails with a German
 * message, and the caller's transaction with it.
 */
export async function post(tx: Db, entry: { postings: readonly Posting[]; ref: string | null; at: Date }): Promise<void> {
  const { rows, deltas } = entryRows(entry);
  if (rows.length === 0) return;
  await tx.insert(ledgerPostings).values(rows);
  try {
    await lockBalances(tx, [...deltas.keys()]);
    // An update (not an upsert) so that the check sees the new balance, not the bare delta.
    const values = sql.join(
      [...deltas].map(([account, delta]) => sql`(${account}, ${toWireAmount(delta)}::numeric)`),
      sql`, `,
    );
    const updated = await tx.execute<{ account: string }>(
      sql`update ledger_balances b set balance = b.balance + v.delta from (values ${values}) as v(account, delta) where b.account = v.account returning b.account`,
    );
    const seen = new Set(rowsOf<{ account: string }>(updated).map((r) => r.account));
    const fresh = [...deltas].filter(([account]) => !seen.has(account));
    if (fresh.length > 0) {
      await tx.insert(ledgerBalances).values(fresh.map(([account, delta]) => ({ account, balance: toWireAmount(delta) })));
    }
  } catch (error) {
    // 23514: the check that keeps customer accounts from going below zero.
    if (pgCode(error) === '23514') throw insufficientFunds();
    throw error;
  }
}

/**
 * Locks the balances of `names` in one order, by account name: customers' accounts before the
 * house's, and those by name. The update after it locks in whatever order its plan joins, so two
 * transactions could each hold a row the other waits for: on PostgreSQL a savings block (customers'
 * cash, then house:market) and an execution (house:market, then its customer's cash) deadlocked, and
 * the customer's order failed with a 500 (found by the crash test).
 */
export async function lockBalances(tx: Db, names: readonly string[]): Promise<void> {
  if (names.length < 2) return;
  const sorted = [...names].sort();
  await tx.execute(sql`select 1 from ledger_balances where account in (${sql.join(sorted.map((n) => sql`${n}`), sql`, `)}) order by account for update`);
}

/**
 * The rows of one balanced ledger entry and what it moves per account, for writing later together
 * with other entries (see `balanceMoves`). Throws unless balanced, like `post`. `at` may be
 * the time as JSON already (a Date costs several times as much to serialize).
 */
export function entryRows<At extends Date | string>(entry: { postings: readonly Posting[]; ref: string | null; at: At }) {
  const amounts = assertBalanced(entry.postings);
  const txId = randomUUID();
  const rows: { txId: string; account: string; amount: string; kind: string; ref: string | null; createdAt: At }[] = [];
  const deltas = new Map<string, Decimal>();
  entry.postings.forEach((p, i) => {
    const amount = amounts[i]!;
    if (amount.isZero()) return;
    rows.push({ txId, account: p.account, amount: toWireAmount(amount), kind: p.kind, ref: entry.ref, createdAt: entry.at });
    const before = deltas.get(p.account);
    deltas.set(p.account, before ? before.plus(amount) : amount);
  });
  return { rows, deltas };
}

/**
 * Moves the running balances by many deltas (one per account) as common table expressions of one
 * statement: an update of the accounts that exist (so that the check on customer accounts sees the
 * new balance, not the bare delta), an insert of the others. Callers check balances beforehand;
 * a violation fails their whole transaction. The deltas travel as one JSON parameter (`balanceDeltas`),
 * number `param` of the statement.
 */
export function balanceMoves(param: number) {
  return `balance_deltas as (select d.account, d.delta from jsonb_to_recordset($${param}::jsonb) as d(account text, delta numeric)),
    balances_moved as (update ledger_balances b set balance = b.balance + d.delta from balance_deltas d where b.account = d.account returning b.account),
    balances_opened as (insert into ledger_balances (account, balance) select d.account, d.delta from balance_deltas d where d.account not in (select account from balances_moved))`;
}

/** The deltas as the JSON parameter of `balanceMoves`. */
export function balanceDeltas(deltas: ReadonlyMap<string, Decimal>): string {
  return JSON.stringify([...deltas].map(([account, delta]) => ({ account, delta: toWireAmount(delta) })));
}

export type CashBalances = {
  /** Free to spend: the buying power. */
  available: string;
  /** Held for open buy orders and corporate-action instructions. */
  reserved: string;
  /** available + reserved. */
  total: string;
};

/**
 * The customer's reserved money by what holds it (`reservedPurposeOf` on each hold's ref), the
 * parts adding up to `total`, the reserved account's balance: whatever is not a corporate-action
 * instruction's or a payout's is held for open orders (an execution's use of an order's hold has
 * the execution's ref).
 */
export async function reservedPartsOf(db: Db, sub: string, total: string): Promise<ReservedParts> {
  const result = await db.execute(sql`
    select coalesce(sum(amount) filter (where ref like 'ca:%'), 0)::text as "corporateActions",
           coalesce(sum(amount) filter (where ref like 'payout:%'), 0)::text as payouts
    from ledger_postings where account = ${accounts.reserved(sub)}`);
  const [row] = rowsOf<{ corporateActions: string; payouts: string }>(result);
  const corporateActions = new Decimal(row?.corporateActions ?? 0);
  const payouts = new Decimal(row?.payouts ?? 0);
  return { openOrders: toWireAmount(new Decimal(total).minus(corporateActions).minus(payouts)), corporateActions: toWireAmount(corporateActions), payouts: toWireAmount(payouts) };
}

/** `cashOf` with what the reserved money is held for (the depot's and the money page's figures; the order path needs only `cashOf`). */
export async function cashWithPartsOf(db: Db, sub: string): Promise<CashBalances & { reservedParts: ReservedParts }> {
  const cash = await cashOf(db, sub);
  return { ...cash, reservedParts: await reservedPartsOf(db, sub, cash.reserved) };
}

export async function cashOf(db: Db, sub: string): Promise<CashBalances> {
  const rows = await db
    .select()
    .from(ledgerBalances)
    .where(inArray(ledgerBalances.account, [accounts.cash(sub), accounts.reserved(sub)]));
  const of = (account: string) => new Decimal(rows.find((r) => r.account === account)?.balance ?? '0');
  const available = of(accounts.cash(sub));
  const reserved = of(accounts.reserved(sub));
  return { available: toWireAmount(available), reserved: toWireAmount(reserved), total: toWireAmount(available.plus(reserved)) };
}
