import { hash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@kontor/domain/endpoint';
import { fixedQuery, type Db } from './db.ts';
import { AppError } from './errors.ts';
import { idempotencyKeys } from './tables.ts';

export type IdempotentResult<T> = { statusCode: number; body: T; replayed: boolean };

/** The Idempotency-Key of a request: 1–200 visible characters, or a 400 in German. */
export function idempotencyKeyOf(req: FastifyRequest, required = true): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') {
    if (!required) return undefined;
    throw new AppError(400, 'Ihr Auftrag konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.');
  }
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw new AppError(400, 'Ihr Auftrag konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.');
  return key;
}

/** What identifies a request beyond its key: the route and the body, hashed. */
export function fingerprintOf(route: string, body: unknown): string {
  // One-shot hash: cheaper than a Hash object, and every order asks.
  return `${route}:${hash('sha256', JSON.stringify(body ?? null), 'base64url')}`;
}

export type StoredAnswer = { fingerprint: string; statusCode: number; response: unknown };

/** The stored answer as the repeat's answer, or a 422 when the key was used for another request. */
export function replayOf<T>(first: StoredAnswer, fingerprint: string): IdempotentResult<T> {
  if (first.fingerprint !== fingerprint) {
    throw new AppError(422, 'Dieser Auftrag wurde bereits mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und geben Sie ihn erneut ein.');
  }
  return { statusCode: first.statusCode, body: first.response as T, replayed: true };
}

/** The stored answer to an earlier request with this key, if there is one (and it was this request). */
export async function replay<T>(db: Db, opts: { sub: string; key: string; fingerprint: string }): Promise<IdempotentResult<T> | undefined> {
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.sub, opts.sub), eq(idempotencyKeys.key, opts.key)));
  if (!first || first.statusCode === 0) return undefined;
  return replayOf<T>(first, opts.fingerprint);
}

/** One statement text for any number of keys (they travel as one JSON parameter). */
const STORED_ANSWERS = `select sub, key, fingerprint, status_code as "statusCode", response from idempotency_keys
  where (sub, key) in (select (w->>0)::uuid, w->>1 from jsonb_array_elements($1::jsonb) w)`;

/** The stored answers for many (customer, key) pairs in one query, by `${sub} ${key}`. */
export async function storedAnswers(db: Db, pairs: readonly { sub: string; key: string }[]): Promise<Map<string, StoredAnswer>> {
  if (pairs.length === 0) return new Map();
  const rows = await fixedQuery<StoredAnswer & { sub: string; key: string }>(db, STORED_ANSWERS, [JSON.stringify(pairs.map((p) => [p.sub, p.key]))]);
  return new Map(rows.map((r) => [`${r.sub} ${r.key}`, r]));
}

/**
 * Runs `operation` once per (customer, key). The key is claimed at the start of the same
 * transaction that does the work, so a concurrent repeat waits for the first and then replays its
 * response; if the work fails, the claim is rolled back with it and a retry runs afresh.
 * A key reused for a different request is refused.
 */
export async function idempotent<T>(
  db: Db,
  opts: { sub: string; key: string; fingerprint: string; at: Date },
  operation: (tx: Db) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ sub: opts.sub, key: opts.key, fingerprint: opts.fingerprint, statusCode: 0, response: sql`'null'::jsonb`, createdAt: opts.at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.sub, opts.sub), eq(idempotencyKeys.key, opts.key)));
      if (!first) throw new Error('idempotency key vanished');
      return replayOf<T>(first, opts.fingerprint);
    }
    const result = await operation(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.statusCode, response: sql`${JSON.stringify(result.body)}::jsonb` })
      .where(and(eq(idempotencyKeys.sub, opts.sub), eq(idempotencyKeys.key, opts.key)));
    return { ...result, replayed: false };
  });
}

/**
 * Claims a key with its answer at once, inside the caller's transaction: false when another
 * request has taken the key meanwhile (then the caller's transaction must not commit its work).
 */
export async function claimAnswered(tx: Db, a: { sub: string; key: string; fingerprint: string; statusCode: number; body: unknown; at: Date }): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ sub: a.sub, key: a.key, fingerprint: a.fingerprint, statusCode: a.statusCode, response: a.body, createdAt: a.at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}
