import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-append-only');
});
afterAll(() => t?.close());

const rows = async () => rowsOf<{ kind: string; at: unknown }>(await t.database.db.execute(sql`select kind, at from security_events where sub = ${anna.sub}`));
/** The error PostgreSQL answered, with the cause a driver wraps it in. */
const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => 'allowed',
    (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
  );

describe('an entry of the security log, written', () => {
  it('cannot be changed, deleted or truncated by SQL, and stays as it was', async () => {
    const before = await rows();
    expect(before).toHaveLength(1);
    expect(await refusal(() => t.database.db.execute(sql`update security_events set kind = 'PAYOUT' where sub = ${anna.sub}`))).toMatch(/append-only/);
    expect(await refusal(() => t.database.db.execute(sql`delete from security_events where sub = ${anna.sub}`))).toMatch(/append-only/);
    expect(await refusal(() => t.database.db.execute(sql`truncate security_events`))).toMatch(/append-only/);
    expect(await rows()).toEqual(before);
  });

  it('cannot be deleted by naming a purge cutoff after it: the trigger lets only older rows go', async () => {
    const tryDelete = () =>
      t.database.db.transaction(async (tx) => {
        // A cutoff in the past (the entry is newer): the trigger refuses the row.
        await tx.execute(sql`select set_config('kontor.purge', '2020-01-01T00:00:00Z', true)`);
        await tx.execute(sql`delete from security_events where sub = ${anna.sub}`);
      });
    expect(await refusal(tryDelete)).toMatch(/append-only/);
    expect(await rows()).toHaveLength(1);
  });
});
