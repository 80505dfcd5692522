import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPglite } from '../../test/test-app.ts';
import { depositBooking, payoutBooking } from '../bookings/cash-bookings.ts';
import { cashOf } from '../bookings/ledger.ts';
import { ledgerPostings } from '../bookings/tables.ts';
import { lotStore } from '../bookings/lot-store.ts';
import { bookingWriter } from '../bookings/writer.ts';
import { documentStore } from '../documents/store.ts';
import { backupEmbedded, LOCK_FILE, restoreEmbedded } from './backup.ts';
import { openDatabase, type Db } from './db.ts';

/** Every posting of the ledger, in order. */
const ledgerOf = (db: Db) => db.select().from(ledgerPostings).orderBy(ledgerPostings.id);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  it('a restored copy has the same ledger, and the database it replaced is kept beside it', async () => {
    const live = path.join(root, 'live');
    const sub = randomUUID();
    const at = new Date('2026-11-23T09:00:00Z');
    const database = await openDatabase({ kind: 'pglite', dataDir: live, loadDataDir: await migratedPglite() });
    const write = bookingWriter({ lots: lotStore, documents: documentStore(database.db) });
    await database.db.transaction((tx) => write(tx, depositBooking({ sub, amount: '1000.00', requestId: 'in-1', at })));
    await database.db.transaction((tx) => write(tx, depositBooking({ sub, amount: '234.56', requestId: 'in-2', at })));
    await database.db.transaction((tx) => write(tx, payoutBooking({ sub, payoutId: randomUUID(), amount: '200.00', at })));
    const ledger = await ledgerOf(database.db);
    // 1000.00 + 234.56 - 200.00 (the payout is reserved until it is executed)
    expect(await cashOf(database.db, sub)).toMatchObject({ total: '1034.56' });
    await database.close();

    const file = path.join(root, 'kontor.tar.gz');
    expect(await backupEmbedded(live, file)).toBeGreaterThan(0);

    const copy = path.join(root, 'copy');
    expect(await restoreEmbedded(file, copy)).toBeNull();
    const restored = await openDatabase({ kind: 'pglite', dataDir: copy });
    expect(await ledgerOf(restored.db)).toEqual(ledger);
    expect(await cashOf(restored.db, sub)).toMatchObject({ total: '1034.56' });
    await restored.close();

    // Restoring over a database keeps that one beside it.
    const kept = await restoreEmbedded(file, live, new Date('2026-11-26T10:00:00Z'));
    expect(kept).toBe(`${live}.vor-wiederherstellung-2026-11-26T10-00-00-000Z`);
    expect(fs.existsSync(path.join(kept!, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses while another live process holds the directory, and a missing backup', async () => {
    const held = path.join(root, 'held');
    fs.mkdirSync(held);
    fs.writeFileSync(path.join(held, 'PG_VERSION'), '17\n');
    // The parent process is alive and is not this one: as a running server would be.
    fs.writeFileSync(path.join(held, LOCK_FILE), `${process.ppid}\n`);
    await expect(backupEmbedded(held, path.join(root, 'x.tar.gz'))).rejects.toThrow(/Kontor läuft noch auf .* \(Prozess \d+\)/);
    await expect(restoreEmbedded(path.join(root, 'kontor.tar.gz'), held)).rejects.toThrow(/Kontor läuft noch/);
    await expect(restoreEmbedded(path.join(root, 'fehlt.tar.gz'), path.join(root, 'neu'))).rejects.toThrow('Die Sicherung');
    expect(fs.existsSync(path.join(root, 'x.tar.gz'))).toBe(false);
  });
});
