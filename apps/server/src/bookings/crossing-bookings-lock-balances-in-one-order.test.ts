import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database } from '../platform/db.ts';
import { accounts, post } from './ledger.ts';
import { ledgerBalances } from './tables.ts';

// Found by the crash test (npm run chaos) on PostgreSQL: a savings block takes its customers' cash
// first and the house's account after, while an execution booked at the same moment took
// house:market first and then its customer's cash. Each held what the other waited for; PostgreSQL
// broke the deadlock by failing one of them, and the customer's market order answered 500.

const A = '00000000-0000-4000-8000-00000000000a';
const at = new Date('2026-11-25T09:01:00Z');
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.transaction(async (tx) => {
    await post(tx, { postings: [{ account: accounts.cash(A), amount: '100.00', kind: 'deposit' }, { account: accounts.bank, amount: '-100.00', kind: 'deposit' }], ref: 'deposit', at });
    await post(tx, { postings: [{ account: accounts.cash(A), amount: '-10.00', kind: 'buy' }, { account: accounts.market, amount: '10.00', kind: 'buy' }], ref: 'first-buy', at });
  });
});
afterAll(() => database.close());

it('a savings block and an execution crossing on the same customer and house:market both commit, and the balances add up', async () => {
  const { db } = database;
  let blockHasCustomers!: () => void;
  const customersTaken = new Promise<void>((r) => (blockHasCustomers = r));
  // As a savings block: the customers' cash first, a moment later the house's side.
  const block = db.transaction(async (tx) => {
    await tx.execute(sql`update ledger_balances set balance = balance - 1 where account = ${accounts.cash(A)}`);
    blockHasCustomers();
    await new Promise((r) => setTimeout(r, 400));
    await tx.execute(sql`insert into ledger_balances (account, balance) values (${accounts.market}, 1) on conflict (account) do update set balance = ledger_balances.balance + excluded.balance`);
  });
  await customersTaken;
  // As an execution booked meanwhile, with the house's posting first.
  const execution = db.transaction((tx) =>
    post(tx, { postings: [{ account: accounts.market, amount: '5.00', kind: 'buy' }, { account: accounts.cash(A), amount: '-5.00', kind: 'buy' }], ref: 'second-buy', at }),
  );
  const outcomes = await Promise.allSettled([block, execution]);
  expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason.cause ?? o.reason) : 'committed'))).toEqual(['committed', 'committed']);

  const balances = Object.fromEntries((await db.select().from(ledgerBalances)).map((b) => [b.account, b.balance]));
  expect(balances[accounts.cash(A)]).toBe('84.00');
  expect(balances[accounts.market]).toBe('16.00');
});
