import Decimal from 'decimal.js';
import { fixedQuery, pgCode, type Db } from '../platform/db.ts';
import { type StoredAnswer, storedAnswers } from '../platform/idempotency.ts';
import type { idempotencyKeys } from '../platform/tables.ts';
import { accounts, balanceDeltas, balanceMoves, entryRows, type Posting } from '../bookings/ledger.ts';
import type { OrderRow } from './order-store.ts';

/** Aborts a batch so that it runs again job by job, each in its own savepoint. */
export class RetryJobByJob extends Error {}

/**
 * Rows as the batch's JSON parameters carry them: times as ISO text, worked out once per order
 * (JSON.stringify turns each Date into text again, at several times the cost).
 */
type JsonTimes<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
export type StoredKey = JsonTimes<typeof idempotencyKeys.$inferInsert, 'createdAt' | 'response'>;
export type OrderJson = JsonTimes<OrderRow, 'createdAt' | 'updatedAt'>;

const CASH_OF = 'select account, balance::text as balance from ledger_balances where account in (select jsonb_array_elements_text($1::jsonb))';

/** The gathered writes of a batch: keys ($1), orders ($2), and postings ($3) with their balance moves ($4) when there are any. */
const CLAIM_AND_PLACE = `claimed as (insert into idempotency_keys (sub, key, fingerprint, status_code, response, created_at)
    select k.sub, k.key, k.fingerprint, k."statusCode", k.response, k."createdAt"
    from jsonb_to_recordset($1::jsonb) as k(sub uuid, key text, fingerprint text, "statusCode" integer, response jsonb, "createdAt" timestamptz)
    returning key),
  placed as (insert into orders (id, sub, isin, side, kind, status, cancel_status, open, state, costs, reserved, blocked, created_at, updated_at)
    select o.id, o.sub, o.isin, o.side, o.kind, o.status, o."cancelStatus", o.open, o.state, o.costs, o.reserved, o.blocked, o."createdAt", o."updatedAt"
    from jsonb_to_recordset($2::jsonb) as o(id uuid, sub uuid, isin text, side text, kind text, status text, "cancelStatus" text, open boolean, state jsonb, costs jsonb, reserved numeric, blocked numeric, "createdAt" timestamptz, "updatedAt" timestamptz))`;
const PLACE_ONLY = `with ${CLAIM_AND_PLACE} select count(*) from claimed`;
const PLACE_WITH_POSTINGS = `with ${CLAIM_AND_PLACE},
  posted as (insert into ledger_postings (tx_id, account, amount, kind, ref, created_at)
    select p."txId", p.account, p.amount, p.kind, p.ref, p."createdAt"
    from jsonb_to_recordset($3::jsonb) as p("txId" uuid, account text, amount numeric, kind text, ref text, "createdAt" timestamptz)),
  ${balanceMoves(4)}
  select count(*) from claimed`;

/**
 * The writes of the resting orders of one batch, sent together in one statement before anything
 * else in the batch reads the database, and the free cash of the batch's customers as these
 * orders leave it.
 */
export class BatchWrites {
  readonly #tx: Db;
  readonly #requests: readonly { sub: string; key: string }[];
  readonly #subs: ReadonlySet<string>;
  /** Free cash per customer as it is once everything sent is written (the service's, for pipelined batches). */
  readonly #cash: Map<string, Decimal>;
  /** Lands the batch still in flight before this one writes on its own; true if that batch failed. */
  readonly #landPrevious: () => Promise<boolean>;
  #answers: Promise<Map<string, StoredAnswer>> | undefined;
  /** The keys with their answers as JSON text, made once for the reply and the stored answer. */
  #keys: StoredKey[] = [];
  #postings: ReturnType<typeof entryRows<string>>['rows'] = [];
  #deltas = new Map<string, Decimal>();
  #orders: OrderJson[] = [];

  constructor(tx: Db, requests: readonly { sub: string; key: string }[], cash = new Map<string, Decimal>(), landPrevious = async () => false) {
    this.#tx = tx;
    this.#requests = requests;
    this.#subs = new Set(requests.map((r) => r.sub));
    this.#cash = cash;
    this.#landPrevious = landPrevious;
  }

  /**
   * The stored answer to an earlier request with this key (one read for all requests of the
   * batch). Keys are claimed only by requests committed before the batch: one request per key is
   * under way at a time, and a key taken within the batch fails the flush.
   */
  async earlier(sub: string, key: string): Promise<StoredAnswer | undefined> {
    return (await this.#first()).get(`${sub} ${key}`);
  }

  /** Free cash of the customer, less what this batch has reserved so far (one read for all customers of the batch). */
  async available(sub: string): Promise<Decimal> {
    await this.#first();
    const known = this.#cash.get(sub);
    if (known) return known;
    await this.#readCash([...new Set([sub, ...this.#subs])].filter((s) => !this.#cash.has(s)));
    return this.#cash.get(sub)!;
  }

  /** The batch's first reads, the keys' answers and its customers' cash, sent at once: outside a transaction they run side by side. */
  #first(): Promise<Map<string, StoredAnswer>> {
    if (!this.#answers) {
      // Customers whose cash the service knows already need no read.
      const unknown = [...this.#subs].filter((s) => !this.#cash.has(s));
      this.#answers = Promise.all([storedAnswers(this.#tx, this.#requests), unknown.length > 0 ? this.#readCash(unknown) : undefined]).then(([answers]) => answers);
    }
    return this.#answers;
  }

  async #readCash(subs: string[]): Promise<void> {
    // One statement text for every batch: the accounts travel as one JSON parameter.
    const rows = await fixedQuery<{ account: string; balance: string }>(this.#tx, CASH_OF, [JSON.stringify(subs.map((s) => accounts.cash(s)))]);
    const balance = new Map(rows.map((r) => [r.account, r.balance]));
    for (const s of subs) this.#cash.set(s, new Decimal(balance.get(accounts.cash(s)) ?? '0'));
  }

  add(w: { sub: string; reserved: Decimal; entry: { postings: readonly Posting[]; ref: string; at: string }; order: OrderJson; key: StoredKey }): void {
    const { rows, deltas } = entryRows(w.entry);
    this.#postings.push(...rows);
    for (const [account, delta] of deltas) this.#deltas.set(account, (this.#deltas.get(account) ?? new Decimal(0)).plus(delta));
    this.#orders.push(w.order);
    this.#keys.push(w.key);
    this.#cash.set(w.sub, (this.#cash.get(w.sub) ?? new Decimal(0)).minus(w.reserved));
  }

  /**
   * Writes what was gathered before a job of the batch writes on its own: after the batch in
   * flight has landed. Cash is read afresh afterwards: that job may move it.
   */
  async flush(): Promise<void> {
    if (await this.#landPrevious()) throw new RetryJobByJob('the batch before failed');
    await this.send();
    this.#cash.clear();
  }

  /**
   * Sends what was gathered, as one statement whose rows travel as JSON parameters (building a
   * statement with a parameter per value costs more than the database takes to run it).
   */
  async send(): Promise<void> {
    if (this.#keys.length === 0) return;
    const keys = `[${this.#keys.map(({ response, ...k }) => `${JSON.stringify(k).slice(0, -1)},"response":${response}}`).join(',')}]`;
    const params = [keys, JSON.stringify(this.#orders)];
    if (this.#postings.length > 0) params.push(JSON.stringify(this.#postings), balanceDeltas(this.#deltas));
    this.#keys = [];
    this.#postings = [];
    this.#deltas = new Map();
    this.#orders = [];
    try {
      await (params.length > 2 ? fixedQuery(this.#tx, PLACE_WITH_POSTINGS, params, 'place_with_postings') : fixedQuery(this.#tx, PLACE_ONLY, params, 'place_only'));
    } catch (error) {
      // The statement wrote nothing (it fails as a whole, even outside a transaction), so the
      // orders gathered so far must not be answered as written, whatever job of the batch sent it:
      // the batch runs again job by job. A key another request took meanwhile is answered there as
      // a repeat.
      if (pgCode(error) === '23505') throw new RetryJobByJob('Idempotency-Key taken meanwhile');
      throw new RetryJobByJob('the batch’s gathered writes failed', { cause: error });
    }
  }
}
