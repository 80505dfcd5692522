import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import { combinedOrderStatus, orderStatusLabel } from '@kontor/domain/labels';
import { type ExAnteCosts, exAnteCosts } from '@kontor/domain/order-costs';
import { accountCheckErrors, type OrderFieldErrors, orderTicketErrors } from '@kontor/domain/order-rules';
import { EUR_USD_ISIN, eurPerUnit, toEur } from '@kontor/domain/fx';
import { midPrice, type Quote } from '@kontor/domain/quote';
import { sellFifo } from '@kontor/domain/lots';
import { formatQuantity } from '@kontor/domain/money';
import type { Depot, Execution, OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import type { Clock } from '../platform/clock.ts';
import { fixedQuery, type Db } from '../platform/db.ts';
import { AppError, badRequest, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { fingerprintOf, idempotent, replay, replayOf, type StoredAnswer, storedAnswers } from '../platform/idempotency.ts';
import type { QuoteSource } from '../market/feed.ts';
import { OrderEngine } from './engine/engine.ts';
import { isFinal } from '@kontor/domain/order-kinds';
import type { EngineEvent, ExecutionEvent, OrderState, PlaceOrder } from './engine/types.ts';
import { accounts, balanceDeltas, balanceMoves, cashOf, entryRows, insufficientFunds, pgCode, post, type Posting } from './ledger.ts';
import { type ConfirmationKind, type ConfirmationStore, type DocumentStore, type LotStore } from './store.ts';
import { executions, orders } from './tables.ts';
import { idempotencyKeys } from '../platform/tables.ts';

/**
 * The trading service around the pure order engine. Every engine call and the database writes
 * it causes happen in one queue: requests and quote ticks wait their turn, and all that waited
 * together are written in one transaction (group commit), each request in its own savepoint so
 * that one refusal does not fail the others. Should writing ever fail after the engine moved, the
 * engine is rebuilt from the database, which stays the truth.
 *
 * A buy order that only comes to rest (the common case) needs no savepoint: it is checked against
 * the cash the batch has left the customer, and what it writes (order, reservation, balances,
 * Idempotency-Key) is gathered and sent with the other orders of the batch in one statement
 * (`BatchWrites`). Should that statement fail, the batch is rolled back and run again, each job in
 * its own savepoint as above (docs/decisions/005-grouped-order-writes.md).
 */

/** A buy order that executes at an unknown price holds this much more than its estimate. */
const MARKET_BUFFER = new Decimal('1.10');
const BATCH_MAX = 256;

/**
 * `run` gets the batch's gathered writes when it may use them (jobs with a `sub`, outside a retry),
 * else null: then it runs in its own savepoint and writes directly.
 */
type Job = {
  run: (tx: Db, writes: BatchWrites | null) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  touchesEngine: boolean;
  /** A job that may join the gathered writes: the customer whose cash it checks and its Idempotency-Key. Such a job throws only before it writes. */
  grouped?: { sub: string; key: string };
  /** A job that, given the gathered writes, sends them before it writes in a transaction of its own: it may join a pipelined batch. */
  pipelines?: boolean;
};

type JobResult = { ok: boolean; value: unknown };

/** The customers and Idempotency-Keys of the jobs of a batch that join its gathered writes. */
const requestsOf = (batch: readonly Job[]) => batch.flatMap((job) => (job.grouped ? [job.grouped] : []));

/** Answers each job of a batch with its result. */
const settle = (batch: readonly Job[], results: readonly JobResult[]) =>
  batch.forEach((job, i) => (results[i]!.ok ? job.resolve(results[i]!.value) : job.reject(results[i]!.value)));

/** Aborts a batch so that it runs again job by job, each in its own savepoint. */
class RetryJobByJob extends Error {}

type OrderRow = typeof orders.$inferSelect;
/**
 * Rows as the batch's JSON parameters carry them: times as ISO text, worked out once per order
 * (JSON.stringify turns each Date into text again, at several times the cost).
 */
type JsonTimes<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
type StoredKey = JsonTimes<typeof idempotencyKeys.$inferInsert, 'createdAt' | 'response'>;
type OrderJson = JsonTimes<OrderRow, 'createdAt' | 'updatedAt'>;
/** An order's answer; a resting buy's comes as JSON already (`json`), the same text that is stored for repeats. */
type PlaceResult = { statusCode: number; body: TradingOrder; replayed: boolean; json?: string };

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
class BatchWrites {
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

export type TradingDeps = {
  db: Db;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  lots: LotStore;
  confirmations: ConfirmationStore;
  documents: DocumentStore;
  log: FastifyBaseLogger;
};

type PlaceRequest = {
  sub: string;
  key: string;
  fingerprint: string;
  ticket: OrderTicketRequest;
  c: OrderContext;
};

/** What an order is checked and priced with before it is queued. */
type OrderContext = {
  instrument: Instrument;
  now: Date;
  quote: Quote | null;
  fxRate: string;
  costs: ExAnteCosts | null;
  requirements: { lowTradingConfirmation: boolean; otcConfirmation: boolean; complexWarning: boolean };
  qty: string | null;
};

export function requirementsError(missing: { lowTradingConfirmation: boolean; otcConfirmation: boolean; complexWarning: boolean }) {
  const message = missing.otcConfirmation
    ? 'Bitte bestätigen Sie einmalig den außerbörslichen Handel (OTC), bevor Sie diese Order erteilen.'
    : missing.lowTradingConfirmation
      ? 'Bitte bestätigen Sie einmalig die Hinweise zu Kleinstorders, bevor Sie diese Order erteilen.'
      : 'Bitte bestätigen Sie den Warnhinweis zu komplexen Produkten.';
  return new AppError(409, message, { requirements: missing });
}

/** A message on a customer's live order stream. */
export type OrderMessage = { sub: string; orderId: string; at: string } & (
  | { type: 'tslupdate'; stop: string; previousStop: string | null }
  | { type: 'status'; display: string; label: string }
  | { type: 'execution'; quantity: string; price: string }
);

export class TradingService {
  readonly #d: TradingDeps;
  readonly #instruments = new Map<string, Instrument>();
  readonly #subscribed = new Map<string, () => void>();
  readonly #pendingQuotes = new Map<string, Quote>();
  #engine: OrderEngine;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;
  #quoteJobQueued = false;
  #timer: NodeJS.Timeout | undefined;

  private constructor(deps: TradingDeps) {
    this.#d = deps;
    this.#engine = this.#newEngine([]);
  }

  /** The service with its engine rebuilt from the open orders in the database. */
  static async start(deps: TradingDeps): Promise<TradingService> {
    const service = new TradingService(deps);
    await service.#rebuild();
    return service;
  }

  #newEngine(open: OrderState[]): OrderEngine {
    this.#fed.clear();
    // The market maker takes at most 250.000 in the quote currency per order and quote: bigger orders fill in parts.
    return OrderEngine.rebuild({ instrument: (isin) => this.#instruments.get(isin), maxOrderValuePerQuote: '250000' }, open, this.#d.clock.now());
  }

  /** The quote the engine saw last per instrument (the feed's object), and when. */
  readonly #fed = new Map<string, { quote: Quote; ms: number }>();

  /**
   * Shows the engine a quote: every order placed shows it the current one. The very quote it saw
   * within the last second is not shown again (the engine counts a quote's age from when it saw it,
   * so a quiet market's quote is still shown now and then).
   */
  #feed(quote: Quote, now: Date): EngineEvent[] {
    const ms = now.getTime();
    const fed = this.#fed.get(quote.isin);
    if (fed && fed.quote === quote && ms - fed.ms < 1000) return [];
    this.#fed.set(quote.isin, { quote, ms });
    return this.#engine.onQuote(quote, now);
  }

  async #rebuild(): Promise<void> {
    this.#rebuildAfterBatch = false;
    const rows = await this.#d.db.select({ state: orders.state }).from(orders).where(eq(orders.open, true));
    const open = rows.map((r) => r.state as OrderState);
    for (const isin of new Set(open.map((o) => o.isin))) await this.#ensureInstrument(isin);
    this.#engine = this.#newEngine(open);
    for (const isin of new Set(open.map((o) => o.isin))) {
      this.#subscribe(isin);
      const q = this.#d.quotes.current(isin);
      // Events from this first look at the market are persisted by the next quote job.
      if (q) this.#pendingQuotes.set(isin, q);
    }
    if (this.#pendingQuotes.size > 0) this.#queueQuoteJob();
  }

  async #ensureInstrument(isin: string): Promise<Instrument | undefined> {
    const known = this.#instruments.get(isin);
    if (known) return known;
    const found = await this.#d.instrument(isin);
    if (found) this.#instruments.set(isin, found);
    return found;
  }

  #subscribe(isin: string): void {
    if (this.#subscribed.has(isin)) return;
    const off = this.#d.quotes.subscribe(new Set([isin]), (updates) => {
      for (const u of updates) this.#pendingQuotes.set(u.quote.isin, u.quote);
      this.#queueQuoteJob();
    });
    this.#subscribed.set(isin, off);
  }

  /** Runs the engine's clock once a second (expiry, window opening, RFQ timeouts). */
  startTimer(intervalMs = 1000): void {
    this.stopTimer();
    this.#timer = setInterval(() => void this.tick().catch((e: unknown) => this.#d.log.error({ err: e }, 'trading tick failed')), intervalMs);
    this.#timer.unref();
  }

  stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async close(): Promise<void> {
    this.stopTimer();
    for (const off of this.#subscribed.values()) off();
    this.#subscribed.clear();
    await this.idle();
  }

  /** Lets the engine see the time: expiries and window openings are persisted. */
  tick(): Promise<unknown> {
    return this.#engineStep(() => this.#engine.advanceTime(this.#d.clock.now()));
  }

  /**
   * A step of the engine that no customer asked for (the time, new quotes), queued like any job.
   * Most steps move nothing, and then nothing is written: such a step needs no transaction and
   * does not hold up the batch in flight. Else its events are written in a transaction of their
   * own, after the gathered writes of the batch so far.
   */
  #engineStep(step: () => EngineEvent[]): Promise<unknown> {
    return this.#enqueue(
      true,
      async (tx, writes) => {
        const events = step();
        if (events.length === 0) return;
        this.#engineVersion++;
        if (!writes) return this.#persist(tx, events);
        await writes.flush();
        await tx.transaction((t) => this.#persist(t as unknown as Db, events));
      },
      undefined,
      true,
    );
  }

  /** Resolves when everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  #queueQuoteJob(): void {
    if (this.#quoteJobQueued) return;
    this.#quoteJobQueued = true;
    void this.#engineStep(() => {
      this.#quoteJobQueued = false;
      const quotes = [...this.#pendingQuotes.values()];
      this.#pendingQuotes.clear();
      const now = this.#d.clock.now();
      const events: EngineEvent[] = [];
      for (const q of quotes) events.push(...this.#feed(q, now));
      return events;
    }).catch((e: unknown) => this.#d.log.error({ err: e }, 'applying quotes failed'));
  }

  #enqueue<T>(touchesEngine: boolean, run: (tx: Db, writes: BatchWrites | null) => Promise<T>, grouped?: { sub: string; key: string }, pipelines?: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, resolve: resolve as (v: unknown) => void, reject, touchesEngine, grouped, pipelines });
      if (!this.#draining) {
        this.#draining = new Promise<void>((done) => setImmediate(() => void this.#drain().finally(done)));
      } else {
        this.#arrived?.();
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        if (this.#queue.length === 0) {
          const inFlight = this.#pipelined;
          if (!inFlight) break;
          // The batch in flight lands, unless new work comes first: that is worked out meanwhile.
          await Promise.race([inFlight.done, new Promise<void>((arrived) => (this.#arrived = arrived))]);
          this.#arrived = null;
          if (this.#queue.length === 0) await this.#landPipelined();
          continue;
        }
        const batch = this.#queue.splice(0, BATCH_MAX);
        if (batch.every((job) => job.grouped !== undefined || job.pipelines)) {
          await this.#runPipelined(batch);
        } else {
          await this.#landPipelined();
          await this.#runBatch(batch);
        }
      }
    } finally {
      this.#draining = null;
    }
  }

  /** Wakes the drain loop while it waits for the batch in flight. */
  #arrived: (() => void) | null = null;

  /**
   * A batch of buys alone (the common case) is written while the next one is worked out: its
   * statement is sent and the queue goes on; its customers are answered once it is written. The
   * next batch checks against the cash the service keeps for its customers (`#cash`), which counts
   * what the batch in flight reserves, and is sent only after that batch has landed. At most one
   * batch is in flight; everything else waits for it to land first.
   *
   * Such a batch needs no transaction around it: the gathered writes are one statement, atomic by
   * itself, and a buy that executes at once gets a transaction of its own. Should a statement fail
   * after an earlier one was written, every job has its Idempotency-Key: run again job by job, a
   * written one answers as a repeat.
   */
  #pipelined: { batch: Job[]; done: Promise<unknown> } | null = null;

  /**
   * Free cash per customer as it is once the batches sent are written. Only pipelined batches of
   * buys use it; it is forgotten whenever anything else may have moved money.
   */
  readonly #cash = new Map<string, Decimal>();

  /** Waits for the batch in flight; if its statement failed, the batch runs again job by job. True then. */
  async #landPipelined(): Promise<boolean> {
    const inFlight = this.#pipelined;
    if (!inFlight) return false;
    this.#pipelined = null;
    const failure = await inFlight.done;
    if (failure === undefined) return false;
    await this.#again(inFlight.batch, failure);
    return true;
  }

  /** Nothing of the batch was written, but the engine moved: rebuilt, the batch runs again job by job. */
  async #again(batch: Job[], error: unknown): Promise<void> {
    this.#outgoing = [];
    this.#cash.clear();
    if (!(error instanceof RetryJobByJob) || error.cause) this.#d.log.warn({ err: error }, 'grouped trading batch failed; running it job by job');
    await this.#rebuild();
    await this.#runBatch(batch, true);
  }

  async #runPipelined(batch: Job[]): Promise<void> {
    const writes = new BatchWrites(
      this.#d.db,
      requestsOf(batch),
      this.#cash,
      () => this.#landPipelined(),
    );
    const results: JobResult[] = [];
    let dirty: boolean;
    try {
      dirty = await this.#runJobs(batch, (job) => job.run(this.#d.db, writes), results);
      // Sent only once the batch before is written: had that failed, this one was worked out on top of it.
      if (await this.#landPipelined()) throw new RetryJobByJob('the batch before failed');
    } catch (error) {
      await this.#landPipelined();
      return this.#again(batch, error);
    }
    const messages = this.#outgoing;
    this.#outgoing = [];
    const answer = () => {
      this.#publish(messages);
      settle(batch, results);
    };
    // Resolves with the error if the statement failed (never rejects: nobody may be waiting yet).
    const done = writes.send().then(
      () => undefined,
      (error: unknown) => error ?? new Error('batch failed'),
    );
    if (!dirty && !this.#rebuildAfterBatch) {
      this.#pipelined = { batch, done: done.then((failure) => (failure === undefined ? answer() : failure)) };
      return;
    }
    const failure = await done;
    if (failure !== undefined) return this.#again(batch, failure);
    await this.#rebuild();
    answer();
  }

  /** Runs a batch in one transaction, each job in its own savepoint (buys joining the gathered writes unless `jobByJob`). */
  async #runBatch(batch: Job[], jobByJob = false): Promise<void> {
    const results: JobResult[] = [];
    let dirty = false;
    const grouped = !jobByJob && batch.some((job) => job.grouped !== undefined);
    try {
      await this.#d.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const writes = grouped ? new BatchWrites(tx, requestsOf(batch)) : null;
        dirty = await this.#runJobs(batch, async (job) => {
          if (writes && job.grouped) return job.run(tx, writes);
          // Fails the batch, not this job, should it fail (RetryJobByJob).
          await writes?.flush();
          // Each in its own savepoint: a failed job's writes are gone with it.
          return tx.transaction((sp) => job.run(sp as unknown as Db, null));
        }, results);
        await writes?.flush();
      });
    } catch (error) {
      if (grouped) return this.#again(batch, error);
      this.#outgoing = [];
      this.#d.log.error({ err: error }, 'trading batch failed');
      for (const job of batch) job.reject(error);
      await this.#rebuild();
      return;
    } finally {
      // Money may have moved in ways the service did not count.
      this.#cash.clear();
    }
    const messages = this.#outgoing;
    this.#outgoing = [];
    this.#publish(messages);
    if (dirty || this.#rebuildAfterBatch) await this.#rebuild();
    settle(batch, results);
  }

  /**
   * Runs the jobs of a batch one after another and keeps each one's result. A job that fails takes
   * back what it would have told the customers; RetryJobByJob fails the whole batch. True if a job
   * failed after the engine moved: the engine no longer matches the database.
   */
  async #runJobs(batch: Job[], run: (job: Job) => Promise<unknown>, results: JobResult[]): Promise<boolean> {
    let dirty = false;
    for (const job of batch) {
      const version = this.#engineVersion;
      const told = this.#outgoing.length;
      try {
        results.push({ ok: true, value: await run(job) });
      } catch (error) {
        if (error instanceof RetryJobByJob) throw error;
        this.#outgoing.length = told;
        if (job.touchesEngine && version !== this.#engineVersion) dirty = true;
        results.push({ ok: false, value: error });
      }
    }
    return dirty;
  }

  /** What the customers are told once the batch that caused it is committed. */
  #outgoing: OrderMessage[] = [];
  readonly #listeners = new Map<string, Set<(m: OrderMessage) => void>>();

  /** Live order messages of one customer (status changes, executions, `tslupdate`s). */
  onOrderMessage(sub: string, listener: (m: OrderMessage) => void): () => void {
    let set = this.#listeners.get(sub);
    if (!set) this.#listeners.set(sub, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(sub);
    };
  }

  #publish(messages: readonly OrderMessage[]): void {
    for (const m of messages) for (const l of this.#listeners.get(m.sub) ?? []) l(m);
  }

  // Counts engine calls that produced events, so a failed job knows whether the engine moved.
  #engineVersion = 0;
  /** Set when the batch ended orders the engine still thinks alive (see #persist). */
  #rebuildAfterBatch = false;

  // ——— queries ———

  async depot(sub: string): Promise<Depot> {
    const [held, cash, blockedRows, realisedRows] = await Promise.all([
      this.#d.lots.positions(sub),
      cashOf(this.#d.db, sub),
      this.#d.db
        .select({ isin: orders.isin, blocked: sql<string>`sum(${orders.blocked})::text` })
        .from(orders)
        .where(and(eq(orders.sub, sub), eq(orders.open, true), eq(orders.side, 'sell')))
        .groupBy(orders.isin),
      this.#d.db
        .select({ isin: executions.isin, pnl: sql<string>`coalesce(sum(${executions.realisedPnl}), 0)::text` })
        .from(executions)
        .where(eq(executions.sub, sub))
        .groupBy(executions.isin),
    ]);
    const blocked = new Map(blockedRows.map((r) => [r.isin, r.blocked]));
    const realised = new Map(realisedRows.map((r) => [r.isin, r.pnl]));
    const positions = [];
    for (const p of held) {
      const instrument = await this.#ensureInstrument(p.isin);
      const b = new Decimal(blocked.get(p.isin) ?? '0');
      positions.push({
        isin: p.isin,
        name: instrument?.name ?? p.isin,
        instrumentType: instrument?.instrumentType ?? 'AKTIE',
        currency: instrument?.quoteCurrencyCode ?? 'EUR',
        quantity: new Decimal(p.quantity).toFixed(),
        blocked: b.toFixed(),
        available: Decimal.max(0, new Decimal(p.quantity).minus(b)).toFixed(),
        cost: new Decimal(p.cost).toFixed(2),
        averagePrice: new Decimal(p.cost).div(p.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
        firstPurchase: p.firstPurchase,
        realisedPnl: new Decimal(realised.get(p.isin) ?? '0').toFixed(2),
      });
    }
    return { positions, cash };
  }

  async orders(sub: string, state: 'open' | 'done' | 'all'): Promise<TradingOrder[]> {
    const where =
      state === 'all' ? eq(orders.sub, sub) : and(eq(orders.sub, sub), eq(orders.open, state === 'open'));
    const rows = await this.#d.db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(500);
    const views = [];
    for (const r of rows) views.push(await this.#view(r));
    return views;
  }

  async order(sub: string, id: string): Promise<TradingOrder> {
    if (!isUuid(id)) throw notFound('Diese Order gibt es nicht.');
    const [row] = await this.#d.db.select().from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    if (!row) throw notFound('Diese Order gibt es nicht.');
    const execs = await this.#d.db.select().from(executions).where(eq(executions.orderId, id)).orderBy(executions.executedAt);
    const docs = await this.#d.documents.list(sub);
    const docOf = new Map(docs.filter((d) => d.kind === 'contract_note').map((d) => [d.ref, d.id]));
    const view = await this.#view(row);
    view.executions = execs.map(
      (e): Execution => ({
        id: e.id,
        quantity: new Decimal(e.quantity).toFixed(),
        price: new Decimal(e.price).toFixed(),
        currency: e.currency,
        fxRate: new Decimal(e.fxRate).toFixed(),
        value: new Decimal(e.value).toFixed(2),
        fee: new Decimal(e.fee).toFixed(2),
        realisedPnl: e.realisedPnl === null ? null : new Decimal(e.realisedPnl).toFixed(2),
        executedAt: e.executedAt.toISOString(),
        documentId: docOf.get(e.id) ?? null,
      }),
    );
    return view;
  }

  async #view(row: typeof orders.$inferSelect): Promise<TradingOrder> {
    const s = row.state as OrderState;
    const instrument = await this.#ensureInstrument(s.isin);
    const display = combinedOrderStatus(s.status, s.cancelStatus);
    const filled = new Decimal(s.filledQuantity);
    return {
      id: s.id,
      isin: s.isin,
      name: instrument?.name ?? s.isin,
      side: s.side,
      kind: s.kind,
      status: s.status,
      cancelStatus: s.cancelStatus,
      display,
      label: orderStatusLabel(display),
      quantity: s.quantity,
      amount: s.amount,
      limit: s.limit,
      stop: s.stop,
      trailingDistance: s.trailingDistance,
      trailingUnit: s.trailingUnit,
      validity: s.validity,
      expiresAt: s.expiresAt,
      filledQuantity: filled.toFixed(),
      averagePrice: filled.isZero() ? null : new Decimal(s.filledValue).div(filled).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
      currency: instrument?.quoteCurrencyCode ?? 'EUR',
      quotedPrice: s.quotedPrice,
      reason: s.reason,
      costs: (row.costs as ExAnteCosts | null) ?? null,
      reserved: new Decimal(row.reserved).toFixed(2),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ——— pre-trade ———

  #fxRate(instrument: Instrument): string | null {
    // Only a dollar instrument needs the EUR/USD mid (worked out with Decimal on every order otherwise).
    const eurUsd = instrument.quoteCurrencyCode === 'USD' ? this.#d.quotes.current(EUR_USD_ISIN) : undefined;
    return eurPerUnit(instrument.quoteCurrencyCode, eurUsd ? midPrice(eurUsd) : null);
  }

  async #context(sub: string, ticket: OrderTicketRequest): Promise<OrderContext> {
    const instrument = await this.#ensureInstrument(ticket.isin);
    if (!instrument) throw notFound('Dieses Wertpapier gibt es nicht.');
    const now = this.#d.clock.now();
    const quote = this.#d.quotes.current(ticket.isin) ?? null;
    const fxRate = this.#fxRate(instrument);
    if (!fxRate) throw new AppError(422, 'Für die Handelswährung dieses Wertpapiers liegt derzeit kein Devisenkurs vor.');
    const errors: OrderFieldErrors = orderTicketErrors(ticket, instrument, { now, quote, fxRate });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const qty = this.#estimatedQuantity(ticket, quote);
    const price = this.#referencePrice(ticket, quote);
    const costs =
      qty && price
        ? exAnteCosts({ side: ticket.side, quantity: qty, price, quote, fxRate }, instrument)
        : null;
    // The costs already say it: the order that pays the surcharge is the one that needs the confirmation.
    const small = costs?.smallOrder ?? false;
    const needed: ConfirmationKind[] = [...(small ? (['lowtrading'] as const) : []), ...(instrument.isOTC ? (['otc'] as const) : [])];
    const confirmed = needed.length > 0 ? await this.#confirmations(sub, needed) : new Set<ConfirmationKind>();
    const requirements = {
      lowTradingConfirmation: small && !confirmed.has('lowtrading'),
      otcConfirmation: instrument.isOTC && !confirmed.has('otc'),
      complexWarning: instrument.complex,
    };
    return { instrument, now, quote, fxRate, costs, requirements, qty };
  }

  /**
   * The customer's one-time confirmations. They are never withdrawn, so what was seen once is
   * remembered; only a confirmation not seen yet is looked up again.
   */
  async #confirmations(sub: string, needed: readonly ConfirmationKind[]): Promise<ReadonlySet<ConfirmationKind>> {
    const known = this.#confirmed.get(sub);
    if (known && needed.every((k) => known.has(k))) return known;
    const found = await this.#d.confirmations.of(sub);
    if (this.#confirmed.size >= 100_000) this.#confirmed.clear();
    if (found.size > 0) this.#confirmed.set(sub, found);
    return found;
  }

  readonly #confirmed = new Map<string, ReadonlySet<ConfirmationKind>>();

  #referencePrice(ticket: OrderTicketRequest, quote: Quote | null): string | null {
    if (ticket.kind === 'limit' || ticket.kind === 'stoplimit') return ticket.limit ?? null;
    if (ticket.kind === 'stop') return ticket.stop ?? null;
    if (ticket.kind === 'oco') return ticket.side === 'buy' ? (ticket.stop ?? null) : (ticket.limit ?? null);
    if (!quote) return null;
    return ticket.side === 'buy' ? quote.ask : quote.bid;
  }

  #estimatedQuantity(ticket: OrderTicketRequest, quote: Quote | null): string | null {
    if (ticket.kind !== 'fraction') return ticket.quantity ?? null;
    if (!quote || !ticket.amount) return null;
    const price = ticket.side === 'buy' ? quote.ask : quote.bid;
    return new Decimal(ticket.amount).div(price).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
  }

  async #availableQuantity(tx: Db, sub: string, isin: string): Promise<string> {
    const held = await this.#d.lots.openLots(tx, sub, isin);
    const total = held.reduce((s, l) => s.plus(l.remaining), new Decimal(0));
    const [row] = await tx
      .select({ blocked: sql<string>`coalesce(sum(${orders.blocked}), 0)::text` })
      .from(orders)
      .where(and(eq(orders.sub, sub), eq(orders.isin, isin), eq(orders.open, true), eq(orders.side, 'sell')));
    return Decimal.max(0, total.minus(row?.blocked ?? '0')).toFixed();
  }

  /** The "Order prüfen" step: costs, what must be confirmed, and what stays available. */
  async preview(sub: string, ticket: OrderTicketRequest): Promise<OrderPreview> {
    const c = await this.#context(sub, ticket);
    if (!c.costs) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
    const cash = await cashOf(this.#d.db, sub);
    const availableAfter =
      ticket.side === 'buy'
        ? new Decimal(cash.available).minus(c.costs.orderValue).minus(c.costs.orderFee).minus(c.costs.smallOrderSurcharge).toFixed(2)
        : new Decimal(await this.#availableQuantity(this.#d.db, sub, ticket.isin)).minus(c.qty ?? '0').toFixed();
    return {
      costs: c.costs,
      fxRate: c.fxRate,
      currency: c.instrument.quoteCurrencyCode,
      bid: c.quote?.bid ?? null,
      ask: c.quote?.ask ?? null,
      requirements: c.requirements,
      availableAfter,
    };
  }

  // ——— commands ———

  async place(sub: string, ticket: OrderTicketRequest, key: string): Promise<PlaceResult> {
    return this.#oncePerKey(sub, key, async () => {
      const fingerprint = fingerprintOf('POST /api/trading', ticket);
      // A buy is checked against cash alone and joins the batch's gathered writes, which also look
      // up earlier answers for all keys of the batch at once; a sell reads lots and open sells.
      const grouped = ticket.side === 'buy';
      // A repeat gets the first answer even when the checks would now say otherwise.
      const earlier = grouped ? undefined : await replay<TradingOrder>(this.#d.db, { sub, key, fingerprint });
      if (earlier) return earlier;
      let c: OrderContext;
      try {
        c = await this.#context(sub, ticket);
        const missing = { ...c.requirements, complexWarning: c.requirements.complexWarning && !ticket.acknowledgedComplexRisk };
        if (missing.lowTradingConfirmation || missing.otcConfirmation || missing.complexWarning) throw requirementsError(missing);
      } catch (error) {
        const first = grouped ? await replay<TradingOrder>(this.#d.db, { sub, key, fingerprint }) : undefined;
        if (first) return first;
        throw error;
      }
      this.#subscribe(ticket.isin);
      const p = { sub, key, fingerprint, ticket, c };
      return this.#enqueue(
        true,
        (tx, writes) => (writes ? this.#placeGrouped(tx, writes, p) : idempotent(tx, { sub, key, fingerprint, at: c.now }, (itx) => this.#placeAlone(itx, p))),
        grouped ? { sub, key } : undefined,
      );
    });
  }

  /**
   * One request per customer and Idempotency-Key at a time in this process: a concurrent repeat
   * waits for the first and then finds its answer (or, if it failed, runs afresh).
   */
  async #oncePerKey<T>(sub: string, key: string, run: () => Promise<T>): Promise<T> {
    const id = `${sub} ${key}`;
    for (let prior = this.#inFlight.get(id); prior; prior = this.#inFlight.get(id)) await prior.catch(() => undefined);
    const running = run();
    this.#inFlight.set(id, running);
    try {
      return await running;
    } finally {
      if (this.#inFlight.get(id) === running) this.#inFlight.delete(id);
    }
  }

  readonly #inFlight = new Map<string, Promise<unknown>>();

  /** The euros a buy holds, after the account checks (before anything is written or the engine moves). */
  #checkBuy(p: PlaceRequest, availableCash: string): Decimal {
    const { ticket, c } = p;
    const fees = c.costs ? new Decimal(c.costs.orderFee).plus(c.costs.smallOrderSurcharge) : new Decimal(0);
    const reserved = this.#reservation(ticket, c.quote, c.fxRate).plus(fees).toDecimalPlaces(2, Decimal.ROUND_UP);
    if (reserved.gt(availableCash)) {
      // The reservation is never below the estimated value plus fees: whatever the account check
      // refuses is refused here too, and it says which field and how much is available.
      const errors = accountCheckErrors(ticket, { availableCash, availableQuantity: '0' }, { quote: c.quote, costs: fees.toFixed(2), fxRate: c.fxRate });
      if (Object.keys(errors).length > 0) throw new AppError(422, Object.values(errors)[0]!, errors);
      throw insufficientFunds();
    }
    return reserved;
  }

  #newOrderRow(p: PlaceRequest, id: string, reserved: Decimal, blocked: Decimal): OrderRow {
    return {
      id,
      sub: p.sub,
      isin: p.ticket.isin,
      side: p.ticket.side,
      kind: p.ticket.kind,
      status: 'Created',
      cancelStatus: null,
      open: true,
      state: {},
      costs: p.c.costs,
      reserved: reserved.toFixed(2),
      blocked: blocked.toFixed(),
      createdAt: p.c.now,
      updatedAt: p.c.now,
    };
  }

  #reservationEntry(sub: string, id: string, reserved: Decimal, at: Date) {
    return {
      postings: [
        { account: accounts.cash(sub), amount: reserved.neg().toFixed(2), kind: 'reserve' },
        { account: accounts.reserved(sub), amount: reserved.toFixed(2), kind: 'reserve' },
      ],
      ref: id,
      at,
    };
  }

  #enginePlace(p: PlaceRequest, id: string): EngineEvent[] {
    const quote = this.#d.quotes.current(p.ticket.isin);
    const now = this.#d.clock.now();
    const fed = quote ? this.#feed(quote, now) : [];
    const placed = this.#engine.place(engineOrder(p.ticket, id, p.sub), now, { checked: true });
    this.#engineVersion++;
    return fed.length === 0 ? placed : [...fed, ...placed];
  }

  /** Each step written as it happens: sells, and every order of a batch run job by job. */
  async #placeAlone(itx: Db, p: PlaceRequest): Promise<{ statusCode: number; body: TradingOrder }> {
    const { sub, ticket, c } = p;
    const id = randomUUID();
    let reserved = new Decimal(0);
    let blocked = new Decimal(0);
    if (ticket.side === 'buy') {
      const cash = await cashOf(itx, sub);
      reserved = this.#checkBuy(p, cash.available);
      await post(itx, this.#reservationEntry(sub, id, reserved, c.now));
    } else {
      const available = await this.#availableQuantity(itx, sub, ticket.isin);
      const errors = accountCheckErrors(ticket, { availableCash: '0', availableQuantity: available }, { quote: c.quote, fxRate: c.fxRate });
      if (Object.keys(errors).length > 0) throw new AppError(422, Object.values(errors)[0]!, errors);
      blocked = ticket.kind === 'fraction' ? new Decimal(available) : new Decimal(ticket.quantity!);
    }
    await itx.insert(orders).values(this.#newOrderRow(p, id, reserved, blocked));
    await this.#persist(itx, this.#enginePlace(p, id));
    const [row] = await itx.select().from(orders).where(eq(orders.id, id));
    return { statusCode: 201, body: await this.#view(row!) };
  }

  /**
   * A buy in a batch: checked against the cash the batch leaves the customer. If the engine only
   * puts it into the book, its writes join the batch's gathered writes and its answer is made
   * from what is written, without reading it back; else it is written at once in a savepoint.
   */
  async #placeGrouped(tx: Db, writes: BatchWrites, p: PlaceRequest): Promise<PlaceResult> {
    const { sub, key, fingerprint, c } = p;
    const earlier = await writes.earlier(sub, key);
    if (earlier && earlier.statusCode === 0) throw new RetryJobByJob('Idempotency-Key claimed but not answered');
    if (earlier) return replayOf<TradingOrder>(earlier, fingerprint);
    const id = randomUUID();
    const reserved = this.#checkBuy(p, (await writes.available(sub)).toFixed(2));
    const entry = this.#reservationEntry(sub, id, reserved, c.now);
    const inserted = this.#newOrderRow(p, id, reserved, new Decimal(0));
    const events = this.#enginePlace(p, id);
    const rests = events.every((e) => e.type === 'status' && e.orderId === id && !isFinal(e.order));
    const last = events.at(-1);
    if (rests && last && last.type === 'status') {
      const now = this.#d.clock.now();
      // As the database gives it back. The event's order is the engine's snapshot, plain JSON values only.
      const row: OrderRow = { ...inserted, status: last.order.status, cancelStatus: last.order.cancelStatus, state: last.order, updatedAt: now };
      const body = await this.#view(row);
      const json = JSON.stringify(body);
      // The view's times are the row's, as text already.
      const { createdAt, updatedAt } = body;
      writes.add({
        sub,
        reserved,
        entry: { ...entry, at: createdAt },
        order: { ...row, blocked: '0', createdAt, updatedAt },
        key: { sub, key, fingerprint, statusCode: 201, response: json, createdAt },
      });
      // Told with the batch's commit, like every other order message (a failed batch discards them).
      for (const e of events) if (e.type === 'status') this.#outgoing.push({ type: 'status', sub, orderId: id, at: e.at, display: e.display, label: e.label });
      return { statusCode: 201, body, replayed: false, json };
    }
    await writes.flush();
    return tx.transaction(async (sp) => {
      const stx = sp as unknown as Db;
      await post(stx, entry);
      await stx.insert(orders).values(inserted);
      await this.#persist(stx, events);
      const [row] = await stx.select().from(orders).where(eq(orders.id, id));
      const body = await this.#view(row!);
      const claimed = await stx
        .insert(idempotencyKeys)
        .values({ sub, key, fingerprint, statusCode: 201, response: body, createdAt: c.now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new RetryJobByJob('Idempotency-Key taken meanwhile');
      return { statusCode: 201, body, replayed: false };
    });
  }

  #reservation(ticket: OrderTicketRequest, quote: Quote | null, fxRate: string): Decimal {
    if (ticket.kind === 'fraction') return new Decimal(ticket.amount!);
    const qty = new Decimal(ticket.quantity!);
    const limit = ticket.limit ? new Decimal(ticket.limit) : null;
    const stop = ticket.stop ? new Decimal(ticket.stop) : null;
    const ask = quote ? new Decimal(quote.ask) : null;
    let price: Decimal;
    switch (ticket.kind) {
      case 'limit':
      case 'stoplimit':
        price = limit!;
        break;
      case 'oco':
        price = Decimal.max(limit!, stop!.mul(MARKET_BUFFER));
        break;
      case 'stop':
        price = stop!.mul(MARKET_BUFFER);
        break;
      default:
        if (!ask) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
        price = ask.mul(MARKET_BUFFER);
    }
    return qty.mul(price).mul(fxRate);
  }

  async requestQuote(sub: string, request: { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean }, key: string) {
    return this.#oncePerKey(sub, key, () => this.#requestQuote(sub, request, key));
  }

  async #requestQuote(sub: string, request: { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean }, key: string) {
    const fingerprint = fingerprintOf('POST /api/trading/rfq', request);
    const earlier = await replay<TradingOrder>(this.#d.db, { sub, key, fingerprint });
    if (earlier) return earlier;
    const ticket: OrderTicketRequest = { ...request, kind: 'market', validity: { type: 'day' } };
    const c = await this.#context(sub, ticket);
    if (c.requirements.otcConfirmation || c.requirements.lowTradingConfirmation || (c.requirements.complexWarning && !request.acknowledgedComplexRisk)) {
      throw requirementsError({ ...c.requirements, complexWarning: c.requirements.complexWarning && !request.acknowledgedComplexRisk });
    }
    this.#subscribe(request.isin);
    return this.#enqueue(true, (tx) =>
      idempotent(tx, { sub, key, fingerprint, at: c.now }, async (itx) => {
        const id = randomUUID();
        await itx.insert(orders).values({
          id, sub, isin: request.isin, side: request.side, kind: 'previously_quoted', status: 'Created', cancelStatus: null, open: true,
          state: {}, costs: c.costs, reserved: '0', blocked: '0', createdAt: c.now, updatedAt: c.now,
        });
        const quote = this.#d.quotes.current(request.isin);
        const now = this.#d.clock.now();
        const events = [...(quote ? this.#feed(quote, now) : []), ...this.#engine.requestQuote({ id, accountId: sub, isin: request.isin, side: request.side, quantity: request.quantity }, now)];
        this.#engineVersion++;
        await this.#persist(itx, events);
        const [row] = await itx.select().from(orders).where(eq(orders.id, id));
        return { statusCode: 201, body: await this.#view(row!) };
      }),
    );
  }

  async acceptQuote(sub: string, id: string): Promise<TradingOrder> {
    await this.#owned(sub, id);
    return this.#enqueue(true, async (tx) => {
      const open = this.#engine.order(id);
      if (!open) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      // A binding quote is accepted only with the money or pieces for it.
      const price = new Decimal(open.quotedPrice ?? '0');
      const instrument = this.#instruments.get(open.isin)!;
      const fx = this.#fxRate(instrument) ?? '1';
      // The same fee and surcharge the settlement will charge: the costs stored with the order.
      const [stored] = await tx.select({ costs: orders.costs }).from(orders).where(eq(orders.id, id));
      const costs = stored?.costs as ExAnteCosts | null | undefined;
      const fee = costs ? new Decimal(costs.orderFee).plus(costs.smallOrderSurcharge) : new Decimal(instrument.tradingFees ?? '1.00');
      if (open.side === 'buy') {
        const need = price.mul(open.quantity!).mul(fx).plus(fee).toDecimalPlaces(2, Decimal.ROUND_UP);
        const cash = await cashOf(tx, sub);
        if (need.gt(cash.available)) throw insufficientFunds();
        await post(tx, {
          postings: [
            { account: accounts.cash(sub), amount: need.neg().toFixed(2), kind: 'reserve' },
            { account: accounts.reserved(sub), amount: need.toFixed(2), kind: 'reserve' },
          ],
          ref: id,
          at: this.#d.clock.now(),
        });
        await tx.update(orders).set({ reserved: need.toFixed(2) }).where(eq(orders.id, id));
      } else {
        const available = await this.#availableQuantity(tx, sub, open.isin);
        if (new Decimal(available).lt(open.quantity!)) throw new AppError(422, `Sie können höchstens ${formatQuantity(available)} Stück verkaufen.`);
        await tx.update(orders).set({ blocked: open.quantity! }).where(eq(orders.id, id));
      }
      const events = this.#engine.acceptQuote(id, this.#d.clock.now());
      this.#engineVersion++;
      await this.#persist(tx, events);
      const refused = events.find((e) => e.type === 'refused');
      if (refused) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return this.#view(row!);
    });
  }

  async cancel(sub: string, id: string): Promise<TradingOrder> {
    await this.#owned(sub, id);
    return this.#enqueue(true, async (tx) => {
      const events = this.#engine.cancel(id, this.#d.clock.now());
      this.#engineVersion++;
      const refused = events.find((e) => e.type === 'refused');
      if (refused && refused.type === 'refused') {
        throw new AppError(409, refused.reason === 'alreadyCancelling' ? 'Diese Order wird bereits gestrichen.' : 'Diese Order kann nicht mehr gestrichen werden.');
      }
      await this.#persist(tx, events);
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return this.#view(row!);
    });
  }

  async #owned(sub: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Diese Order gibt es nicht.');
    const [row] = await this.#d.db.select({ id: orders.id }).from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    if (!row) throw notFound('Diese Order gibt es nicht.');
  }

  async confirm(sub: string, kind: 'lowtrading' | 'otc'): Promise<void> {
    await this.#d.confirmations.confirm(sub, kind, this.#d.clock.now());
  }

  /** Development only: money arrives from the customer's reference account. */
  async deposit(sub: string, amount: string): Promise<Depot['cash']> {
    // Through the queue, like every movement of money: the cash the service keeps for its batches stays true.
    await this.#enqueue(false, (tx) =>
      post(tx, {
        postings: [
          { account: accounts.cash(sub), amount, kind: 'deposit' },
          { account: accounts.bank, amount: new Decimal(amount).neg().toFixed(2), kind: 'deposit' },
        ],
        ref: null,
        at: this.#d.clock.now(),
      }),
    );
    return cashOf(this.#d.db, sub);
  }

  // ——— persistence of engine events ———

  async #persist(tx: Db, events: readonly EngineEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = this.#d.clock.now();
    const last = new Map<string, OrderState>();
    // Buys whose execution the customer's money no longer covers: they end here, and the engine,
    // which saw them execute, is rebuilt once the batch is written.
    const uncovered = new Set<string>();
    for (const e of events) {
      if (uncovered.has(e.orderId)) continue;
      if (e.type === 'execution' && !(await this.#settle(tx, e))) {
        uncovered.add(e.orderId);
        const ended = uncoveredState(e);
        last.set(e.orderId, ended);
        const display = combinedOrderStatus(ended.status, null);
        this.#outgoing.push({ type: 'status', sub: ended.accountId, orderId: e.orderId, at: e.at, display, label: orderStatusLabel(display) });
        this.#rebuildAfterBatch = true;
        continue;
      }
      if ('order' in e) last.set(e.orderId, e.order);
      if (e.type === 'tslupdate') {
        this.#outgoing.push({ type: 'tslupdate', sub: e.order.accountId, orderId: e.orderId, at: e.at, stop: e.stop, previousStop: e.previousStop });
      } else if (e.type === 'status') {
        this.#outgoing.push({ type: 'status', sub: e.order.accountId, orderId: e.orderId, at: e.at, display: e.display, label: e.label });
      } else if (e.type === 'execution') {
        this.#outgoing.push({ type: 'execution', sub: e.order.accountId, orderId: e.orderId, at: e.at, quantity: e.quantity, price: e.price });
      }
    }
    if (last.size === 0) return;
    const rows = await tx.select({ id: orders.id, sub: orders.sub, reserved: orders.reserved }).from(orders).where(inArray(orders.id, [...last.keys()]));
    const known = new Map(rows.map((r) => [r.id, r]));
    for (const [id, s] of last) {
      const row = known.get(id);
      if (!row) continue; // rejected before it was stored: nothing to keep
      const final = isFinal(s);
      const update: Partial<typeof orders.$inferInsert> = { status: s.status, cancelStatus: s.cancelStatus, open: !final, state: s, updatedAt: now };
      if (final) {
        // What an order no longer needs goes back: held money to the cash account, pieces unblocked.
        const left = new Decimal(row.reserved);
        if (left.gt(0)) {
          await post(tx, {
            postings: [
              { account: accounts.reserved(row.sub), amount: left.neg().toFixed(2), kind: 'release' },
              { account: accounts.cash(row.sub), amount: left.toFixed(2), kind: 'release' },
            ],
            ref: id,
            at: now,
          });
        }
        update.reserved = '0';
        update.blocked = '0';
      }
      await tx.update(orders).set(update).where(eq(orders.id, id));
    }
  }

  /**
   * Books an execution: money, fee, lots, the execution and its contract note. False, and nothing
   * written, for a buy that the money held for it and the free cash no longer cover (a stop the
   * market jumped far beyond).
   */
  async #settle(tx: Db, e: ExecutionEvent): Promise<boolean> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, e.orderId));
    if (!row) return true;
    const sub = row.sub;
    const instrument = this.#instruments.get(e.isin);
    const currency = instrument?.quoteCurrencyCode ?? 'EUR';
    const fx = (instrument && this.#fxRate(instrument)) ?? '1';
    const value = new Decimal(toEur(e.value, fx));
    const costs = row.costs as ExAnteCosts | null;
    // The order fee is charged once, with the first execution.
    const first = e.order.executions === 1;
    const fee = first
      ? new Decimal(costs?.orderFee ?? instrument?.tradingFees ?? '1.00').plus(costs?.smallOrderSurcharge ?? '0')
      : new Decimal(0);
    const now = new Date(e.at);
    let realised: string | null = null;
    const postings: Posting[] = [];
    if (e.side === 'buy') {
      const need = value.plus(fee);
      const fromReserved = Decimal.min(need, row.reserved);
      if (need.gt(fromReserved) && need.minus(fromReserved).gt((await cashOf(tx, sub)).available)) return false;
      postings.push(
        { account: accounts.reserved(sub), amount: fromReserved.neg().toFixed(2), kind: 'buy' },
        { account: accounts.cash(sub), amount: need.minus(fromReserved).neg().toFixed(2), kind: 'buy' },
        { account: accounts.market, amount: value.toFixed(2), kind: 'buy' },
        { account: accounts.fees, amount: fee.toFixed(2), kind: 'fee' },
      );
      await tx.update(orders).set({ reserved: new Decimal(row.reserved).minus(fromReserved).toFixed(2) }).where(eq(orders.id, row.id));
      await this.#d.lots.addLot(tx, { sub, isin: e.isin, quantity: e.quantity, cost: need.toFixed(2), openedAt: now, executionId: e.executionId });
    } else {
      const proceeds = value.minus(fee);
      const lotsHeld = await this.#d.lots.openLots(tx, sub, e.isin);
      const sale = sellFifo(lotsHeld, e.quantity, proceeds.toFixed(2));
      await this.#d.lots.consume(tx, sale.consumed);
      realised = sale.realisedPnl;
      postings.push(
        { account: accounts.market, amount: value.neg().toFixed(2), kind: 'sell' },
        { account: accounts.fees, amount: fee.toFixed(2), kind: 'fee' },
        { account: accounts.cash(sub), amount: proceeds.toFixed(2), kind: 'sell' },
      );
      const blocked = Decimal.max(0, new Decimal(row.blocked).minus(e.quantity));
      await tx.update(orders).set({ blocked: blocked.toFixed() }).where(eq(orders.id, row.id));
    }
    await post(tx, { postings, ref: e.executionId, at: now });
    await tx.insert(executions).values({
      id: e.executionId,
      orderId: e.orderId,
      sub,
      isin: e.isin,
      side: e.side,
      quantity: e.quantity,
      price: e.price,
      currency,
      fxRate: fx,
      value: value.toFixed(2),
      fee: fee.toFixed(2),
      realisedPnl: realised,
      executedAt: now,
    });
    await this.#d.documents.add(tx, {
      sub,
      kind: 'contract_note',
      pdfTitle: `Wertpapierabrechnung ${e.side === 'buy' ? 'Kauf' : 'Verkauf'} ${instrument?.name ?? e.isin}`,
      pdfIsin: e.isin,
      ref: e.executionId,
      createdAt: now,
    });
    return true;
  }
}

/**
 * How an order ends whose buy the money no longer covers: as before this execution, Rejected (or
 * Canceled, when earlier parts were bought), with the reason for the customer.
 */
function uncoveredState(e: ExecutionEvent): OrderState {
  const o = e.order;
  const executions = o.executions - 1;
  return {
    ...o,
    status: executions > 0 ? 'Canceled' : 'Rejected',
    cancelStatus: null,
    filledQuantity: new Decimal(o.filledQuantity).minus(e.quantity).toFixed(),
    filledValue: new Decimal(o.filledValue).minus(e.value).toFixed(),
    executions,
    reason: 'Nicht ausgeführt: Ihr Guthaben deckt den Kauf zum aktuellen Kurs nicht.',
  };
}

/** The order as the engine is given it: the request without what only the service reads. */
function engineOrder(t: OrderTicketRequest, id: string, accountId: string): PlaceOrder {
  return {
    id,
    accountId,
    isin: t.isin,
    side: t.side,
    kind: t.kind,
    quantity: t.quantity ?? null,
    amount: t.amount ?? null,
    limit: t.limit ?? null,
    stop: t.stop ?? null,
    trailingDistance: t.trailingDistance ?? null,
    trailingUnit: t.trailingUnit ?? null,
    validity: t.validity,
  };
}
