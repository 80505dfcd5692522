import { MONEY_IDLE_LIMIT_MS, SESSION_IDLE_CODE } from '@kontor/domain/auth-contracts';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Customer } from './auth.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { sessionActivity as activityTable } from './tables.ts';

export const sessionActivityMessages = {
  idle: 'Sie waren länger als 5 Minuten nicht aktiv. Bitte bestätigen Sie zu Ihrer Sicherheit erneut, dass Sie es sind.',
} as const;

/** Activity is written at most this often per session: the money calls read it, the web app reports it once a minute. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money or authorisation call: refused with SESSION_IDLE after MONEY_IDLE_LIMIT_MS without activity, and counts as activity. */
    activeSession?: boolean;
  }
}

export function sessionActivityStore(db: Db) {
  return {
    async lastActiveAt(sub: string, session: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: activityTable.lastActiveAt })
        .from(activityTable)
        .where(and(eq(activityTable.session, session), eq(activityTable.sub, sub)))
        .limit(1);
      return row?.at;
    },
    /** Moves the session's last activity to `at` unless it is already there or later than `at - minGapMs`. */
    async touch(sub: string, session: string, at: Date, minGapMs: number): Promise<void> {
      await db
        .insert(activityTable)
        .values({ session, sub, lastActiveAt: at })
        .onConflictDoUpdate({
          target: activityTable.session,
          set: { lastActiveAt: at },
          where: and(eq(activityTable.sub, sub), sql`${activityTable.lastActiveAt} <= ${new Date(at.getTime() - minGapMs)}`),
        });
    },
  };
}
export type SessionActivityStore = ReturnType<typeof sessionActivityStore>;

/**
 * Inactivity enforced by the server (PSD2 RTS Art. 4(3)(d)): a money or authorisation call of a
 * session without activity for MONEY_IDLE_LIMIT_MS is refused with a 403 and SESSION_IDLE until
 * the customer confirms again (step-up). Activity is what the customer does: the sign-in (the
 * token's auth_time), input the web app reports, the guarded calls themselves and the step-up;
 * never a background read. Kept in the database, so every server process sees it; on the app's
 * clock (sign-in time), not the simulated market's.
 */
export function sessionActivityService(deps: { store: SessionActivityStore; clock: Clock; idleLimitMs?: number }) {
  const { store, clock } = deps;
  const limit = deps.idleLimitMs ?? MONEY_IDLE_LIMIT_MS;
  /** What this process last wrote per session: a repeat within the interval costs no query. */
  const written = new LRUCache<string, number>({ max: 50_000 });

  async function lastActivity(customer: Customer): Promise<number> {
    const signedIn = customer.signedInAt?.getTime() ?? 0;
    if (!customer.session) return signedIn;
    const stored = (await store.lastActiveAt(customer.sub, customer.session))?.getTime() ?? 0;
    return Math.max(signedIn, stored, written.get(customer.session) ?? 0);
  }

  return {
    /** Throws the 403 SESSION_IDLE when the session was idle for longer than the limit. */
    async requireActive(customer: Customer): Promise<void> {
      if (customer.grantId) return;
      if (clock.now().getTime() - (await lastActivity(customer)) > limit) {
        throw new AppError(403, sessionActivityMessages.idle, undefined, SESSION_IDLE_CODE);
      }
    },
    /**
     * The customer was active now. Written at most once per ACTIVITY_WRITE_INTERVAL_MS per session
     * (so the stored time may lag by that much: the check errs on the strict side); `renew` (the
     * step-up) always writes.
     */
    async record(customer: Customer, opts: { renew?: boolean } = {}): Promise<void> {
      const { session } = customer;
      if (!session || customer.grantId) return;
      const now = clock.now().getTime();
      const gap = opts.renew ? 0 : ACTIVITY_WRITE_INTERVAL_MS;
      if (!opts.renew && now - (written.get(session) ?? 0) < gap) return;
      await store.touch(customer.sub, session, new Date(now), gap);
      written.set(session, now);
    },
  };
}
export type SessionActivity = ReturnType<typeof sessionActivityService>;
