import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../platform/db.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { accounts, assertBalanced, cashOf, post } from './ledger.ts';
import { ledgerBalances, ledgerPostings } from './tables.ts';

let database: Database;
const sub = randomUUID();
const at = new Date('2026-11-23T09:00:00Z');

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('ledger', () => {
  it('a transfer in credits the cash account and debits the bank: the postings sum to zero', async () => {
    await database.db.transaction((tx) => post(tx, {
      postings: [
        { account: accounts.cash(sub), amount: '1000.00', kind: 'deposit' },
        { account: accounts.bank, amount: '-1000.00', kind: 'deposit' },
      ],
      ref: null,
      at,
    }));
    expect(await cashOf(database.db, sub)).toEqual({ available: '1000.00', reserved: '0.00', total: '1000.00' });
  });

  it('a reservation moves money from available to reserved; the total stays', async () => {
    await database.db.transaction((tx) => post(tx, {
      postings: [
        { account: accounts.cash(sub), amount: '-250.50', kind: 'reserve' },
        { account: accounts.reserved(sub), amount: '250.50', kind: 'reserve' },
      ],
      ref: 'order-1',
      at,
    }));
    expect(await cashOf(database.db, sub)).toEqual({ available: '749.50', reserved: '250.50', total: '1000.00' });
  });

  it('refuses to take a customer below zero, in German, and writes nothing of the entry', async () => {
    const before = await database.db.select().from(ledgerPostings);
    const attempt = database.db.transaction(async (tx) =>
      post(tx, {
        postings: [
          { account: accounts.cash(sub), amount: '-749.51', kind: 'reserve' },
          { account: accounts.reserved(sub), amount: '749.51', kind: 'reserve' },
        ],
        ref: 'order-2',
        at,
      }),
    );
    await expect(attempt).rejects.toMatchObject({ status: 422, message: 'Ihr verfügbares Guthaben reicht für diesen Auftrag nicht aus.' });
    expect(await database.db.select().from(ledgerPostings)).toHaveLength(before.length);
    expect((await cashOf(database.db, sub)).available).toBe('749.50');
  });

  it('refuses an unbalanced entry before it reaches the database', async () => {
    expect(() => assertBalanced([{ account: accounts.cash(sub), amount: '0.01', kind: 'deposit' }])).toThrow(/Unbalanced/);
    await expect(post(database.db, { postings: [{ account: accounts.cash(sub), amount: '5', kind: 'deposit' }], ref: null, at })).rejects.toThrow(/Unbalanced/);
  });

  it('all postings together sum to zero and every balance is the sum of its postings', async () => {
    const postings = await database.db.select().from(ledgerPostings);
    expect(Decimal.sum(...postings.map((p) => p.amount)).isZero()).toBe(true);
    for (const b of await database.db.select().from(ledgerBalances)) {
      const sum = Decimal.sum(0, ...postings.filter((p) => p.account === b.account).map((p) => p.amount));
      expect(sum.toFixed(2), b.account).toBe(new Decimal(b.balance).toFixed(2));
    }
  });
});
