import type { FastifyBaseLogger } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Booking } from '../bookings/booking.ts';
import type { LotStore } from '../bookings/lot-store.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { ConfirmationKind, ConfirmationStore } from './confirmation-store.ts';
import { EngineHost } from './engine-host.ts';
import type { EngineEvent } from './engine/types.ts';
import { OrderMessages, type OrderMessage } from './order-messages.ts';
import { orderEntry, type OrderEntry } from './order-entry.ts';
import { orderStore } from './order-store.ts';
import { insufficientFunds } from '../bookings/ledger.ts';
import { type PastFill, pastMarketOrder } from './past-orders.ts';
import { orderViews, type OrderViews } from './order-views.ts';
import { preTrade, type PreTrade } from './pre-trade.ts';
import { settlement, type AfterBuy, type Settlement } from './settlement.ts';
import { WriteQueue } from './write-queue.ts';
import { leaderChanging } from '../cluster/hand-over.ts';

export type { OrderMessage } from './order-messages.ts';

export type TradingDeps = {
  db: Db;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  lots: (db: Db) => LotStore;
  confirmations: ConfirmationStore;
  documents: DocumentStore;
  book: BookingWriter;
  /** Tax is computed on sales (the `taxDisabled` feature flag off). */
  taxEnabled: boolean;
  log: FastifyBaseLogger;
  /** False in a process that does not lead: its engine stays empty until `activate` (cluster/). */
  leading?: boolean;
  /** Order messages for the other processes' streams. */
  relayOrderMessages?: (messages: readonly OrderMessage[]) => void;
};

/**
 * Trading, put together: the engine in its surroundings (`engine-host.ts`), the one write queue
 * (`write-queue.ts`), order entry (`order-entry.ts`, with `pre-trade.ts`), what the engine decided
 * written as bookings (`settlement.ts`) and the orders as the customer sees them
 * (`order-views.ts`). A market buy goes route → `place` → pre-trade → queue → engine → settlement
 * → bookings.
 */
export class TradingService {
  readonly #d: TradingDeps;
  readonly #engine: EngineHost;
  readonly #messages = new OrderMessages();
  readonly #queue: WriteQueue;
  readonly #settlement: Settlement;
  readonly #views: OrderViews;
  readonly #preTrade: PreTrade;
  readonly #entry: OrderEntry;
  readonly #afterBuy: { run: AfterBuy | null } = { run: null };
  #quoteJobQueued = false;
  #timer: NodeJS.Timeout | undefined;
  #leading = false;

  private constructor(d: TradingDeps) {
    this.#d = d;
    const orders = orderStore;
    this.#engine = new EngineHost({ db: d.db, clock: d.clock, quotes: d.quotes, instrument: d.instrument, orders });
    this.#engine.onQuotes = () => this.#queueQuoteJob();
    this.#messages.relay = d.relayOrderMessages ?? null;
    this.#queue = new WriteQueue({ db: d.db, log: d.log, engine: this.#engine, messages: this.#messages });
    this.#settlement = settlement({ engine: this.#engine, messages: this.#messages, orders, lots: d.lots, book: d.book, clock: d.clock, taxEnabled: d.taxEnabled, afterBuy: this.#afterBuy });
    this.#views = orderViews({ db: d.db, orders, documents: d.documents, taxEnabled: d.taxEnabled, instrument: (isin) => this.#engine.ensureInstrument(isin) });
    this.#preTrade = preTrade({ db: d.db, clock: d.clock, quotes: d.quotes, engine: this.#engine, orders, lots: d.lots, confirmations: d.confirmations, taxEnabled: d.taxEnabled });
    this.#entry = orderEntry({
      db: d.db,
      clock: d.clock,
      engine: this.#engine,
      queue: this.#queue,
      messages: this.#messages,
      orders,
      views: this.#views,
      preTrade: this.#preTrade,
      settlement: this.#settlement,
    });
  }

  /** The service with its engine rebuilt from the open orders in the database. */
  static async start(deps: TradingDeps): Promise<TradingService> {
    const service = new TradingService(deps);
    if (deps.leading !== false) await service.activate();
    return service;
  }

  /**
   * This process leads from now on: the engine is rebuilt from the open orders in the database
   * (which the last leader left there) and follows the quotes.
   */
  async activate(): Promise<void> {
    await this.idle();
    await this.#engine.rebuild();
    // Until now orders were refused (503, tried again by the client), not taken by a half-built engine.
    this.#leading = true;
    if (this.#engine.pendingQuotes.size > 0) this.#queueQuoteJob();
  }

  /** Another process leads now: this engine stops following the market and takes no orders. */
  async deactivate(): Promise<void> {
    this.#leading = false;
    this.stopTimer();
    this.#engine.unsubscribeAll();
    await this.idle();
  }

  /** Order messages the leading process relayed, for the streams open here. */
  relayedOrderMessages(messages: readonly OrderMessage[]): void {
    this.#messages.deliver(messages);
  }

  /** Orders and cash move only in the leading process; the hand-over sends them there (cluster/hand-over.ts). */
  #lead(): void {
    if (!this.#leading) throw leaderChanging();
  }

  place(sub: string, ticket: OrderTicketRequest, key: string) {
    this.#lead();
    return this.#entry.place(sub, ticket, key);
  }

  /** The "Order prüfen" step: costs, what must be confirmed, and what stays available. */
  preview(sub: string, ticket: OrderTicketRequest): Promise<OrderPreview> {
    return this.#preTrade.preview(sub, ticket);
  }

  requestQuote(sub: string, request: { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean }, key: string) {
    this.#lead();
    return this.#entry.requestQuote(sub, request, key);
  }

  acceptQuote(sub: string, id: string): Promise<TradingOrder> {
    this.#lead();
    return this.#entry.acceptQuote(sub, id);
  }

  cancel(sub: string, id: string): Promise<TradingOrder> {
    this.#lead();
    return this.#entry.cancel(sub, id);
  }

  /**
   * Deletes every open order on `isin`, of every customer, through the engine and the write queue
   * as a cancellation goes: holds are released, the book stays consistent, and each customer gets a
   * message and a notification saying why (`reason(order)`). Returns how many were deleted.
   */
  deleteOrders(isin: string, reason: (o: { side: 'buy' | 'sell'; name: string }) => string): Promise<number> {
    this.#lead();
    return this.#queue.enqueue(true, async (tx) => {
      const now = this.#d.clock.now();
      const open = this.#engine.engine.openOrders().filter((o) => o.isin === isin);
      if (open.length === 0) return 0;
      const name = (await this.#engine.ensureInstrument(isin))?.name ?? isin;
      const events = open.flatMap((o) => this.#engine.engine.expire(o.id, now, reason({ side: o.side, name })));
      this.#engine.version++;
      await this.#settlement.persist(tx, events);
      return open.length;
    });
  }

  /** The open orders the engine holds, after the queued writes (a crash test compares them with the database). */
  async engineOpenOrders(): Promise<{ id: string; status: string }[]> {
    await this.idle();
    return this.#engine.engine.openOrders().map((o) => ({ id: o.id, status: o.status }));
  }

  confirm(sub: string, kind: ConfirmationKind): Promise<void> {
    return this.#preTrade.confirm(sub, kind);
  }

  orders(sub: string, state: 'open' | 'done' | 'all'): Promise<TradingOrder[]> {
    return this.#views.list(sub, state);
  }

  order(sub: string, id: string): Promise<TradingOrder> {
    return this.#views.detail(sub, id);
  }

  /**
   * Writes a booking that is not an execution (a deposit, …) through the write queue, like every
   * movement of money, so that the cash the queue keeps for its batches stays true. False when its
   * key was booked before.
   */
  book(booking: Booking): Promise<boolean> {
    this.#lead();
    return this.#queue.enqueue(false, (tx) => this.#d.book(tx, booking));
  }

  /**
   * Runs another area's transaction that moves a customer's free cash (a payout, a returned direct
   * debit) through the write queue, for the same reason as `book`. It runs in a savepoint of the
   * queue's batch: if it throws, nothing of it is written and only its caller sees the error.
   */
  write<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    this.#lead();
    return this.#queue.enqueue(false, (tx) => run(tx));
  }

  /**
   * Records a market order filled before Kontor's records begin, with its booking and contract
   * note, exactly as a fill today is booked (the demo customer's history). `fxRate`: euros per
   * unit of the quote currency then. Fails, writing nothing, if the customer's cash did not cover it.
   */
  async recordPastFill(fill: PastFill & { fxRate: string }): Promise<void> {
    const instrument = await this.#engine.ensureInstrument(fill.isin);
    const { row, fill: f } = pastMarketOrder(fill);
    await this.#queue.enqueue(false, async (tx) => {
      await orderStore(tx).insert(row);
      const context = { sub: fill.sub, reserved: '0', blocked: '0', costs: null, instrument, fxRate: fill.fxRate };
      if (!(await this.#settlement.bookExecution(tx, { ...f, orderId: row.id }, context))) throw insufficientFunds();
    });
  }

  /** Runs `run` in the transaction of every buy booked from now on. */
  afterBuy(run: AfterBuy): void {
    this.#afterBuy.run = run;
  }

  /** Live order messages of one customer (status changes, executions, `tslupdate`s). */
  onOrderMessage(sub: string, listener: (m: OrderMessage) => void): () => void {
    return this.#messages.listen(sub, listener);
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
    this.#engine.unsubscribeAll();
    await this.idle();
  }

  /** Lets the engine see the time: expiries and window openings are persisted. */
  tick(): Promise<unknown> {
    return this.#engineStep(() => this.#engine.engine.advanceTime(this.#d.clock.now()));
  }

  /** Resolves when everything queued so far is written. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  /**
   * A step of the engine that no customer asked for (the time, new quotes), queued like any job.
   * Most steps move nothing, and then nothing is written: such a step needs no transaction and
   * does not hold up the batch in flight. Else its events are written in a transaction of their
   * own, after the gathered writes of the batch so far.
   */
  #engineStep(step: () => EngineEvent[]): Promise<unknown> {
    return this.#queue.enqueue(
      true,
      async (tx, writes) => {
        const events = step();
        if (events.length === 0) return;
        this.#engine.version++;
        if (!writes) return this.#settlement.persist(tx, events);
        await writes.flush();
        await tx.transaction((t) => this.#settlement.persist(t as unknown as Db, events));
      },
      undefined,
      true,
    );
  }

  #queueQuoteJob(): void {
    if (this.#quoteJobQueued || !this.#leading) return;
    this.#quoteJobQueued = true;
    void this.#engineStep(() => {
      this.#quoteJobQueued = false;
      return this.#engine.feedPending();
    }).catch((e: unknown) => this.#d.log.error({ err: e }, 'applying quotes failed'));
  }
}
