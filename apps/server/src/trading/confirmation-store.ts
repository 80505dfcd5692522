import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { tradingConfirmations } from './tables.ts';

export type ConfirmationKind = 'lowtrading' | 'otc';

export function confirmationStore(db: Db) {
  return {
    async of(sub: string): Promise<Set<ConfirmationKind>> {
      const rows = await db.select({ kind: tradingConfirmations.kind }).from(tradingConfirmations).where(eq(tradingConfirmations.sub, sub));
      return new Set(rows.map((r) => r.kind as ConfirmationKind));
    },
    /** Confirming twice keeps the first date. */
    async confirm(sub: string, kind: ConfirmationKind, at: Date): Promise<void> {
      await db.insert(tradingConfirmations).values({ sub, kind, confirmedAt: at }).onConflictDoNothing();
    },
  };
}
export type ConfirmationStore = ReturnType<typeof confirmationStore>;
