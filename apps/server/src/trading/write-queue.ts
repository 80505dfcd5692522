import type Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, pgCode } from '../platform/db.ts';
import { BatchWrites, RetryJobByJob } from './batch-writes.ts';
import type { EngineHost } from './engine-host.ts';
import type { OrderMessages } from './order-messages.ts';

/**
 * The one queue through which every engine call and the database writes it causes happen:
 * requests and quote ticks wait their turn, and all that waited together are written in one
 * transaction (group commit), each request in its own savepoint so that one refusal does not fail
 * the others. Should writing ever fail after the engine moved, the engine is rebuilt from the
 * database, which stays the truth.
 *
 * A buy order that only comes to rest (the common case) needs no savepoint: it is checked against
 * the cash the batch has left the customer, and what it writes (order, reservation, balances,
 * Idempotency-Key) is gathered and sent with the other orders of the batch in one statement
 * (`BatchWrites`), while the next batch is worked out (pipelining). Should that statement fail,
 * the batch runs again, each job in its own savepoint as above
 * (docs/decisions/005-grouped-order-writes.md).
 */

const BATCH_MAX = 256;
/** deadlock_detected, serialization_failure: the database undid the transaction and a second run may pass. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * `run` gets the batch's gathered writes when it may use them (jobs with a `sub`, outside a retry),
 * else null: then it runs in its own savepoint and writes directly.
 */
export type Job = {
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

export type QueueHost = { db: Db; log: FastifyBaseLogger; engine: EngineHost; messages: OrderMessages };

export class WriteQueue {
  readonly #h: QueueHost;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;

  constructor(host: QueueHost) {
    this.#h = host;
  }

  /** Resolves when everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  enqueue<T>(touchesEngine: boolean, run: (tx: Db, writes: BatchWrites | null) => Promise<T>, grouped?: { sub: string; key: string }, pipelines?: boolean): Promise<T> {
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
    this.#h.messages.discard();
    this.#cash.clear();
    if (!(error instanceof RetryJobByJob) || error.cause) this.#h.log.warn({ err: error }, 'grouped trading batch failed; running it job by job');
    await this.#h.engine.rebuild();
    await this.#runBatch(batch, true);
  }

  async #runPipelined(batch: Job[]): Promise<void> {
    const writes = new BatchWrites(
      this.#h.db,
      requestsOf(batch),
      this.#cash,
      () => this.#landPipelined(),
    );
    const results: JobResult[] = [];
    let dirty: boolean;
    try {
      dirty = await this.#runJobs(batch, (job) => job.run(this.#h.db, writes), results);
      // Sent only once the batch before is written: had that failed, this one was worked out on top of it.
      if (await this.#landPipelined()) throw new RetryJobByJob('the batch before failed');
    } catch (error) {
      await this.#landPipelined();
      return this.#again(batch, error);
    }
    const messages = this.#h.messages.take();
    const answer = () => {
      this.#h.messages.publish(messages);
      settle(batch, results);
    };
    // Resolves with the error if the statement failed (never rejects: nobody may be waiting yet).
    const done = writes.send().then(
      () => undefined,
      (error: unknown) => error ?? new Error('batch failed'),
    );
    if (!dirty && !this.#h.engine.rebuildAfterBatch) {
      this.#pipelined = { batch, done: done.then((failure) => (failure === undefined ? answer() : failure)) };
      return;
    }
    const failure = await done;
    if (failure !== undefined) return this.#again(batch, failure);
    await this.#h.engine.rebuild();
    answer();
  }

  /** Runs a batch in one transaction, each job in its own savepoint (buys joining the gathered writes unless `jobByJob`). */
  async #runBatch(batch: Job[], jobByJob = false, attempt = 1): Promise<void> {
    const results: JobResult[] = [];
    let dirty = false;
    const grouped = !jobByJob && batch.some((job) => job.grouped !== undefined);
    try {
      await this.#h.db.transaction(async (t) => {
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
      // PostgreSQL ended the transaction to break a deadlock (or a conflict): nothing of it was
      // written, so the batch runs again on an engine rebuilt from the database, as a client's retry would.
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has(pgCode(error) ?? '')) {
        this.#h.messages.discard();
        this.#cash.clear();
        this.#h.log.warn({ err: error, attempt }, 'trading batch ended by the database; running it again');
        await this.#h.engine.rebuild();
        return this.#runBatch(batch, true, attempt + 1);
      }
      this.#h.messages.discard();
      this.#h.log.error({ err: error }, 'trading batch failed');
      for (const job of batch) job.reject(error);
      await this.#h.engine.rebuild();
      return;
    } finally {
      // Money may have moved in ways the service did not count.
      this.#cash.clear();
    }
    const messages = this.#h.messages.take();
    this.#h.messages.publish(messages);
    if (dirty || this.#h.engine.rebuildAfterBatch) await this.#h.engine.rebuild();
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
      const version = this.#h.engine.version;
      const told = this.#h.messages.mark();
      try {
        results.push({ ok: true, value: await run(job) });
      } catch (error) {
        if (error instanceof RetryJobByJob) throw error;
        this.#h.messages.takeBackTo(told);
        if (job.touchesEngine && version !== this.#h.engine.version) dirty = true;
        results.push({ ok: false, value: error });
      }
    }
    return dirty;
  }
}
