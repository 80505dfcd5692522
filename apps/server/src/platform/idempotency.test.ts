import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database } from './db.ts';
import { fingerprintOf, idempotent } from './idempotency.ts';

let database: Database;
const sub = randomUUID();
const at = new Date('2026-11-23T09:00:00Z');

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('idempotent', () => {
  it('runs the work once and answers a repeat with the first response', async () => {
    let runs = 0;
    const fingerprint = fingerprintOf('POST /api/trading', { isin: 'DE0007164600', quantity: '1' });
    const work = async () => ({ statusCode: 201, body: { orderId: `order-${++runs}` } });
    const first = await idempotent(database.db, { sub, key: 'k-1', fingerprint, at }, work);
    const again = await idempotent(database.db, { sub, key: 'k-1', fingerprint, at }, work);
    expect(first).toEqual({ statusCode: 201, body: { orderId: 'order-1' }, replayed: false });
    expect(again).toEqual({ statusCode: 201, body: { orderId: 'order-1' }, replayed: true });
    expect(runs).toBe(1);
  });

  it('refuses the same key for a different request, in German', async () => {
    const other = fingerprintOf('POST /api/trading', { isin: 'DE0007164600', quantity: '2' });
    await expect(idempotent(database.db, { sub, key: 'k-1', fingerprint: other, at }, async () => ({ statusCode: 201, body: {} }))).rejects.toMatchObject({
      status: 422,
      message: 'Dieser Auftrag wurde bereits mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und geben Sie ihn erneut ein.',
    });
  });

  it('a failed attempt leaves no claim behind, so the retry does the work', async () => {
    const fingerprint = fingerprintOf('POST /api/trading', { n: 1 });
    await expect(
      idempotent(database.db, { sub, key: 'k-2', fingerprint, at }, async () => {
        throw new Error('market closed');
      }),
    ).rejects.toThrow('market closed');
    const retry = await idempotent(database.db, { sub, key: 'k-2', fingerprint, at }, async () => ({ statusCode: 201, body: { ok: true } }));
    expect(retry.replayed).toBe(false);
  });

  it('keys belong to one customer: another customer may use the same key', async () => {
    const fingerprint = fingerprintOf('POST /api/trading', { isin: 'DE0007164600', quantity: '1' });
    const result = await idempotent(database.db, { sub: randomUUID(), key: 'k-1', fingerprint, at }, async () => ({ statusCode: 201, body: { orderId: 'x' } }));
    expect(result.replayed).toBe(false);
  });
});
