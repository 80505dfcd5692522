import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { customers } from './tables.ts';

export type CustomerOrigin = 'ACCOUNT_OPENING' | 'SEED' | 'DEV_TOOLS' | 'TEST';

export const customerMessages = {
  notACustomer: 'Für diese Anmeldung gibt es kein Kontor-Konto. Bitte eröffnen Sie zuerst ein Konto.',
} as const;

/** Writes a customer into the register, in the transaction that makes the customer. */
export async function registerCustomer(tx: Db, sub: string, via: CustomerOrigin, at: Date): Promise<void> {
  await tx.insert(customers).values({ sub, via, openedAt: at }).onConflictDoNothing();
}

/**
 * The API guard's check that a signed-in user is Kontor's customer (the register above). A
 * customer stays one, so a positive answer is remembered; a negative one is asked again.
 */
export function customerRegister(db: Db) {
  const known = new LRUCache<string, true>({ max: 100_000 });
  return {
    async assertCustomer(sub: string): Promise<void> {
      if (known.has(sub)) return;
      const rows = await db.select({ sub: customers.sub }).from(customers).where(eq(customers.sub, sub)).limit(1);
      if (!rows[0]) throw new AppError(403, customerMessages.notACustomer);
      known.set(sub, true);
    },
  };
}
