import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db.ts';
import { accounts } from '../bookings/ledger.ts';
import { ledgerBalances } from '../bookings/tables.ts';
import { executions, orders } from '../trading/tables.ts';
import { directDebits, incomingTransfers, mandates, payouts, referenceAccounts } from './tables.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type DebitRow = typeof directDebits.$inferSelect;
export type MandateRow = typeof mandates.$inferSelect;
export type TransferRow = typeof incomingTransfers.$inferSelect;

/** One ledger entry as the customer's account sees it: its net amount over the customer's accounts. */
export type LedgerEntryRow = { txId: string; at: Date; amount: string; kinds: string[]; ref: string | null };

/** The customer's accounts whose sum is the Kontostand. Holds move within them and are left out. */
const customerAccounts = (sub: string) => [accounts.cash(sub), accounts.reserved(sub), accounts.arrears(sub)];

export function moneyStore(db: Db) {
  return {
    async referenceAccount(sub: string) {
      const [row] = await db.select().from(referenceAccounts).where(eq(referenceAccounts.sub, sub));
      return row;
    },
    /** False when the customer has one already. */
    async addReferenceAccount(row: typeof referenceAccounts.$inferInsert): Promise<boolean> {
      const added = await db.insert(referenceAccounts).values(row).onConflictDoNothing().returning({ sub: referenceAccounts.sub });
      return added.length > 0;
    },
    /** Sets the reference account, replacing the one there is (a change by service request). */
    async putReferenceAccount(row: typeof referenceAccounts.$inferInsert): Promise<void> {
      const { sub: _sub, ...set } = row;
      await db.insert(referenceAccounts).values(row).onConflictDoUpdate({ target: referenceAccounts.sub, set });
    },

    /** Free cash, reserved and arrears; the free cash row locked for the rest of the transaction when `lock`. */
    async balances(sub: string, lock = false) {
      const [free, reserved, arrears] = customerAccounts(sub);
      if (lock) await db.execute(sql`select balance from ledger_balances where account = ${free} for update`);
      const rows = await db.select().from(ledgerBalances).where(inArray(ledgerBalances.account, [free!, reserved!, arrears!]));
      const of = (account: string) => rows.find((r) => r.account === account)?.balance ?? '0';
      return { free: of(free!), reserved: of(reserved!), arrears: of(arrears!) };
    },

    /** Every entry of the customer's account, oldest first. */
    async ledgerEntries(sub: string): Promise<LedgerEntryRow[]> {
      const list = sql.join(customerAccounts(sub).map((a) => sql`${a}`), sql`, `);
      const result = await db.execute(sql`
        select tx_id as "txId", min(created_at) as at, sum(amount)::text as amount, array_agg(distinct kind) as kinds, max(ref) as ref
        from ledger_postings where account in (${list}) and kind not in ('reserve', 'release')
        group by tx_id order by min(created_at), min(id)`);
      return rowsOf<{ txId: string; at: Date | string; amount: string; kinds: string[]; ref: string | null }>(result).map((r) => ({ ...r, at: new Date(r.at) }));
    },

    /** What the executions behind buy and sell entries were: instrument, side and quantity. */
    async executionsById(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: executions.id, isin: executions.isin, side: executions.side, quantity: executions.quantity, kind: orders.kind })
        .from(executions)
        .leftJoin(orders, eq(orders.id, executions.orderId))
        .where(inArray(executions.id, ids));
    },

    async insertPayout(row: typeof payouts.$inferInsert) {
      await db.insert(payouts).values(row);
    },
    async payout(sub: string, id: string): Promise<PayoutRow | undefined> {
      const [row] = await db.select().from(payouts).where(and(eq(payouts.sub, sub), eq(payouts.id, id)));
      return row;
    },
    async payoutById(id: string): Promise<PayoutRow | undefined> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row;
    },
    async payoutsOf(sub: string, limit = 20) {
      return db.select().from(payouts).where(eq(payouts.sub, sub)).orderBy(desc(payouts.orderedAt)).limit(limit);
    },
    /** Moves a payout on from ORDERED; false when it was not ORDERED any more (cancelled or executed meanwhile). */
    async finishPayout(id: string, state: 'EXECUTED' | 'CANCELLED', at: Date): Promise<boolean> {
      const moved = await db.update(payouts).set({ state, doneAt: at }).where(and(eq(payouts.id, id), eq(payouts.state, 'ORDERED'))).returning({ id: payouts.id });
      return moved.length > 0;
    },

    async mandate(sub: string) {
      const [row] = await db.select().from(mandates).where(eq(mandates.sub, sub));
      return row;
    },
    async addMandate(row: typeof mandates.$inferInsert): Promise<boolean> {
      const added = await db.insert(mandates).values(row).onConflictDoNothing().returning({ sub: mandates.sub });
      return added.length > 0;
    },

    /** Ends the customer's mandate; false when there was none. */
    async removeMandate(sub: string): Promise<boolean> {
      const removed = await db.delete(mandates).where(eq(mandates.sub, sub)).returning({ sub: mandates.sub });
      return removed.length > 0;
    },

    async insertDebit(row: typeof directDebits.$inferInsert) {
      await db.insert(directDebits).values(row);
    },
    async debit(sub: string, id: string): Promise<DebitRow | undefined> {
      const [row] = await db.select().from(directDebits).where(and(eq(directDebits.sub, sub), eq(directDebits.id, id)));
      return row;
    },
    async debitById(id: string): Promise<DebitRow | undefined> {
      const [row] = await db.select().from(directDebits).where(eq(directDebits.id, id));
      return row;
    },
    async debitsOf(sub: string, limit = 20) {
      return db.select().from(directDebits).where(eq(directDebits.sub, sub)).orderBy(desc(directDebits.requestedAt)).limit(limit);
    },
    async finishDebit(id: string, state: 'SETTLED' | 'RETURNED', at: Date): Promise<boolean> {
      const moved = await db.update(directDebits).set({ state, doneAt: at }).where(and(eq(directDebits.id, id), eq(directDebits.state, 'PENDING'))).returning({ id: directDebits.id });
      return moved.length > 0;
    },

    async insertTransfer(row: typeof incomingTransfers.$inferInsert) {
      await db.insert(incomingTransfers).values(row);
    },
    async transferById(id: string): Promise<TransferRow | undefined> {
      const [row] = await db.select().from(incomingTransfers).where(eq(incomingTransfers.id, id));
      return row;
    },
    async markTransferBooked(id: string): Promise<boolean> {
      const moved = await db.update(incomingTransfers).set({ state: 'BOOKED' }).where(and(eq(incomingTransfers.id, id), eq(incomingTransfers.state, 'PENDING'))).returning({ id: incomingTransfers.id });
      return moved.length > 0;
    },
  };
}

export type MoneyStore = ReturnType<typeof moneyStore>;
