import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { documentStore } from '../documents/store.ts';
import { depositBooking } from './cash-bookings.ts';
import { cashOf } from './ledger.ts';
import { lotStore } from './lot-store.ts';
import { bookingWriter } from './writer.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('the booking writer', () => {
  it('writes a booking once: the same deposit sent twice (a retry) credits 250.00 € once', async () => {
    const sub = randomUUID();
    const write = bookingWriter({ lots: lotStore, documents: documentStore(database.db) });
    const deposit = depositBooking({ sub, amount: '250.00', requestId: 'transfer-1', at: new Date('2026-11-23T09:00:00Z') });
    const first = await database.db.transaction((tx) => write(tx, deposit));
    const again = await database.db.transaction((tx) => write(tx, deposit));
    expect([first, again]).toEqual([true, false]);
    expect(await cashOf(database.db, sub)).toEqual({ available: '250.00', reserved: '0.00', total: '250.00' });
  });

  it('writes nothing of a booking whose transaction fails', async () => {
    const sub = randomUUID();
    const write = bookingWriter({ lots: lotStore, documents: documentStore(database.db) });
    const deposit = depositBooking({ sub, amount: '75.00', requestId: 'transfer-2', at: new Date('2026-11-23T09:00:00Z') });
    await expect(
      database.db.transaction(async (tx) => {
        await write(tx, deposit);
        throw new Error('the rest of the event failed');
      }),
    ).rejects.toThrow();
    expect((await cashOf(database.db, sub)).total).toBe('0.00');
    // The key was not taken by the failed attempt: the retry books it.
    expect(await database.db.transaction((tx) => write(tx, deposit))).toBe(true);
  });
});
