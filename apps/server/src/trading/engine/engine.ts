import type { CancelStatus, OrderStatus } from '@kontor/domain/enums';
import { combinedOrderStatus, orderStatusLabel } from '@kontor/domain/labels';
import {
  type OrderFieldErrors,
  type OrderSide,
  RFQ_QUOTE_VALIDITY_MS,
  orderShapeErrors,
  validityEnd,
} from '@kontor/domain/order-rules';
import { isTradingAt, marketLocalTime, nextTradingStart } from '@kontor/domain/trading-window';
import { isFinal } from '@kontor/domain/order-kinds';
import { D, type Dec, floorToStep } from './grid.ts';
import { IndexedHeap } from './heap.ts';
import type {
  EngineEvent,
  EngineInstrument,
  EngineOptions,
  EngineQuote,
  OrderState,
  PlaceOrder,
  RefusalReason,
  RequestQuote,
} from './types.ts';
import { toWireDecimal } from '@kontor/domain/numbers';
import { pushLimit, pushRatchet, pushStop, shelve, unshelve } from './shelves.ts';
import { type Book, IN_FLIGHT, type Live, newBook, newOrderState, QuoteCtx, snapshot, Step, trailingStop, usableQuote } from './book.ts';

/**
 * The order engine: pure and deterministic. It holds the open orders and the last quote of each
 * instrument in memory, takes orders, cancellations, quotes and the time, and answers each call
 * with the events it caused; it reads no clock and does no I/O. See README.md.
 */
export class OrderEngine {
  readonly #instrument: EngineOptions['instrument'];
  readonly #maxValue: Dec | null;
  readonly #maxQuoteAgeMs: number;
  readonly #rfqValidityMs: number;
  readonly #orders = new Map<string, Live>();
  readonly #books = new Map<string, Book>();
  readonly #lastQuotes = new Map<string, { quote: EngineQuote; receivedAt: number }>();
  readonly #expiries = new IndexedHeap<Live>();
  readonly #wakes = new IndexedHeap<Book>();
  #nextSeq = 1;
  #wakeSeq = 0;
  #localMinute = Number.NaN;
  /** Validity ends worked out in the current minute: windows start and stop on whole minutes, so within one the answer stays. */
  readonly #validityEnds = new Map<string, string>();
  #validityMinute = Number.NaN;

  #validityEnd(validity: PlaceOrder['validity'], inst: EngineInstrument, step: Step): string {
    if (step.minute !== this.#validityMinute) {
      this.#validityEnds.clear();
      this.#validityMinute = step.minute;
    }
    const key = `${validity.type} ${validity.type === 'date' ? validity.date : ''} ${inst.tradingHoursStartTime} ${inst.tradingHoursStopTime} ${inst.weekendTrading}`;
    let end = this.#validityEnds.get(key);
    if (end === undefined) {
      end = validityEnd(validity, inst, step.now).toISOString();
      this.#validityEnds.set(key, end);
    }
    return end;
  }
  #localBase = { weekday: 0, seconds: 0 };

  constructor(options: EngineOptions) {
    this.#instrument = options.instrument;
    this.#maxValue = options.maxOrderValuePerQuote ? new D(options.maxOrderValuePerQuote) : null;
    this.#maxQuoteAgeMs = options.maxQuoteAgeMs ?? 10_000;
    this.#rfqValidityMs = options.rfqValidityMs ?? RFQ_QUOTE_VALIDITY_MS;
  }

  /**
   * An engine holding these orders, as persisted (final ones are skipped). Orders that were
   * waiting for the window or for a cancellation continue at the next call at or after it opens.
   * Throws when an order's instrument is unknown.
   */
  static rebuild(options: EngineOptions, orders: readonly OrderState[], now: Date): OrderEngine {
    const engine = new OrderEngine(options);
    const sorted = [...orders].sort((a, b) => a.seq - b.seq);
    for (const stored of sorted) engine.#restore(snapshot(stored), now);
    return engine;
  }

  #restore(s: OrderState, now: Date): void {
    this.#nextSeq = Math.max(this.#nextSeq, s.seq + 1);
    if (isFinal(s)) return;
    const inst = this.#instrument(s.isin);
    if (!inst) throw new Error(`Order ${s.id}: unknown instrument ${s.isin}`);
    const o = this.#admit(s, this.#book(inst));
    if (s.kind === 'previously_quoted') return;
    if (s.status === 'Created' || s.status === 'Sent' || s.status === 'Pending') o.book.pending.add(o);
    if (IN_FLIGHT.has(s.cancelStatus)) o.book.pendingCancels.add(o);
    if (o.book.pending.size > 0 || o.book.pendingCancels.size > 0) this.#scheduleWake(o.book, now);
  }

  /** The order as it stands (a copy), while it is open. */
  order(id: string): OrderState | undefined {
    const o = this.#orders.get(id);
    return o ? snapshot(o.s) : undefined;
  }

  /** All open orders, oldest first (copies): what the service persists and `rebuild` takes. */
  openOrders(): OrderState[] {
    return [...this.#orders.values()].map((o) => snapshot(o.s)).sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.#orders.size;
  }

  /**
   * A new order. It is checked with the domain's shape rules (a broken one is Rejected, not
   * stored), valid until `validityEnd`, Open inside the instrument's window (and executed at
   * once when the last quote is fresh and the order is executable) or Pending outside it.
   * `checked`: the caller has just checked the ticket with the same rules (the trading service
   * checks every ticket before it queues it), so they are not worked out a second time.
   */
  place(request: PlaceOrder, now: Date, opts: { checked?: boolean } = {}): EngineEvent[] {
    const step = this.#begin(now);
    if (this.#orders.has(request.id)) return this.#refuse(step, request.id, 'place', 'duplicate');
    const s = newOrderState(request, step, this.#nextSeq++);
    const inst = this.#instrument(request.isin);
    if (!inst) return this.#rejectNew(s, step, 'Unbekanntes Wertpapier.');
    const errors = opts.checked ? {} : orderShapeErrors(request, inst, now);
    if (request.kind === 'previously_quoted') errors.kind = 'Bitte fordern Sie für diese Orderart ein Angebot an.';
    if (Object.keys(errors).length > 0) return this.#rejectNew(s, step, Object.values(errors)[0] ?? null, errors);

    s.expiresAt = this.#validityEnd(request.validity, inst, step);
    const book = this.#book(inst);
    this.#emitStatus(s, step);
    const o = this.#admit(s, book);
    const open = this.#isOpen(book, step);
    if (open) {
      this.#setStatus(o, 'Sent', null, step);
      this.#setStatus(o, 'Open', null, step);
    } else {
      this.#setStatus(o, 'Pending', null, step);
      book.pending.add(o);
      this.#scheduleWake(book, now);
    }
    const last = this.#lastQuote(s.isin);
    // A trailing stop starts from the last bid the customer saw, even a closed market's.
    if (s.kind === 'tsl' && last) this.#arm(o, new D(last.quote.bid), step);
    if (open && last && step.ms - last.receivedAt <= this.#maxQuoteAgeMs) this.#matchNew(o, this.#ctx(book, last.quote), step);
    return step.events;
  }

  /**
   * RFQ (previously_quoted): a binding quote for side and quantity at the current ask or bid,
   * valid for rfqValidityMs. The order is Pending until accepted, cancelled or expired. Refused
   * (Rejected) outside the window or without a fresh quote.
   */
  requestQuote(request: RequestQuote, now: Date): EngineEvent[] {
    const step = this.#begin(now);
    if (this.#orders.has(request.id)) return this.#refuse(step, request.id, 'place', 'duplicate');
    const ticket = { ...request, kind: 'previously_quoted' as const, validity: { type: 'day' as const } };
    const s = newOrderState(ticket, step, this.#nextSeq++);
    const inst = this.#instrument(request.isin);
    if (!inst) return this.#rejectNew(s, step, 'Unbekanntes Wertpapier.');
    const errors = orderShapeErrors(ticket, inst, now);
    if (Object.keys(errors).length > 0) return this.#rejectNew(s, step, Object.values(errors)[0] ?? null, errors);
    const book = this.#book(inst);
    if (!this.#isOpen(book, step)) return this.#rejectNew(s, step, 'Außerhalb der Handelszeit ist kein Angebot möglich.');
    const last = this.#lastQuote(s.isin);
    if (!last || step.ms - last.receivedAt > this.#maxQuoteAgeMs) {
      return this.#rejectNew(s, step, 'Derzeit ist kein Kurs für ein Angebot verfügbar.');
    }
    s.quotedPrice = request.side === 'buy' ? last.quote.ask : last.quote.bid;
    s.quoteId = last.quote.id ?? null;
    s.expiresAt = new Date(step.ms + this.#rfqValidityMs).toISOString();
    this.#emitStatus(s, step);
    const o = this.#admit(s, book);
    this.#setStatus(o, 'Pending', null, step);
    step.events.push({ type: 'quoted', orderId: s.id, at: step.at, order: snapshot(s), price: s.quotedPrice, validUntil: s.expiresAt });
    return step.events;
  }

  /** Accepts an RFQ quote: executes in full at the quoted price, or expires it when too late. */
  acceptQuote(orderId: string, now: Date): EngineEvent[] {
    const step = this.#begin(now); // expires the quote first when its time is up
    const o = this.#orders.get(orderId);
    if (!o) return this.#refuse(step, orderId, 'accept', 'unknown');
    if (o.s.kind !== 'previously_quoted') return this.#refuse(step, orderId, 'accept', 'notAQuote');
    if (o.s.cancelStatus !== null) return this.#refuse(step, orderId, 'accept', 'alreadyCancelling');
    if (!this.#isOpen(o.book, step)) {
      this.#finish(o, 'Expired', step);
      return step.events;
    }
    this.#setStatus(o, 'Sent', null, step);
    const price = o.s.quotedPrice!;
    this.#fill(o, new D(price), price, null, o.s.quoteId, step);
    return step.events;
  }

  /**
   * Cancels an order: CreatedCancel → SentCancel → Canceled inside the window (the simulated
   * market maker confirms at once), CreatedCancel → PendingCancel outside it, done (SentCancel →
   * Canceled) when the window opens. A partly filled order ends PartiallyFilled_Canceled.
   */
  cancel(orderId: string, now: Date): EngineEvent[] {
    const step = this.#begin(now);
    const o = this.#orders.get(orderId);
    if (!o) return this.#refuse(step, orderId, 'cancel', 'unknown');
    if (o.s.cancelStatus !== null) return this.#refuse(step, orderId, 'cancel', 'alreadyCancelling');
    this.#setStatus(o, o.s.status, 'CreatedCancel', step);
    if (o.s.kind === 'previously_quoted' || this.#isOpen(o.book, step)) {
      this.#setStatus(o, o.s.status, 'SentCancel', step);
      this.#finish(o, 'Canceled', step);
    } else {
      this.#setStatus(o, o.s.status, 'PendingCancel', step);
      o.book.pendingCancels.add(o);
      this.#scheduleWake(o.book, now);
    }
    return step.events;
  }

  /**
   * Deletes an order on the broker's side (a corporate action's ex date): it ends Expired at once,
   * inside or outside the window, with `reason` as its message. Unknown orders are refused.
   */
  expire(orderId: string, now: Date, reason: string): EngineEvent[] {
    const step = this.#begin(now);
    const o = this.#orders.get(orderId);
    if (!o) return this.#refuse(step, orderId, 'cancel', 'unknown');
    this.#finish(o, 'Expired', step, reason);
    return step.events;
  }

  /**
   * A quote: expires what is due, then, inside the instrument's window, ratchets trailing stops
   * (bid), triggers stops (mid), executes limits (ask/bid) and market orders. Quotes with a
   * crossed or non-positive price are ignored. Costs O(log n + orders it affects).
   */
  onQuote(quote: EngineQuote, now: Date): EngineEvent[] {
    const step = this.#begin(now);
    this.#quote(quote, step);
    return step.events;
  }

  /** Several quotes at one instant (one feed tick), in order; the same as one onQuote each. */
  onQuotes(quotes: Iterable<EngineQuote>, now: Date): EngineEvent[] {
    const step = this.#begin(now);
    for (const quote of quotes) this.#quote(quote, step);
    return step.events;
  }

  #quote(quote: EngineQuote, step: Step): void {
    const book = this.#books.get(quote.isin);
    // Quotes of instruments without orders are only kept (for RFQs and new orders), checked on use.
    if (!book) {
      this.#lastQuotes.set(quote.isin, { quote, receivedAt: step.ms });
      return;
    }
    if (!usableQuote(quote)) return;
    this.#lastQuotes.set(quote.isin, { quote, receivedAt: step.ms });
    if (book.unarmed.size > 0) {
      const bid = new D(quote.bid);
      for (const o of book.unarmed) this.#arm(o, bid, step);
    }
    if (!this.#isOpen(book, step)) return;
    this.#processQuote(book, this.#ctx(book, quote), step);
  }

  /** The last usable quote of an instrument, with the time it came. */
  #lastQuote(isin: string): { quote: EngineQuote; receivedAt: number } | undefined {
    const last = this.#lastQuotes.get(isin);
    return last && usableQuote(last.quote) ? last : undefined;
  }

  /** The time moved on: expires due orders and RFQ quotes, opens pending orders at window start. */
  advanceTime(now: Date): EngineEvent[] {
    return this.#begin(now).events;
  }

  // ——— time ———

  #begin(now: Date): Step {
    const ms = now.getTime();
    const minute = Math.floor(ms / 60_000);
    // The Frankfurt wall clock once per minute: windows start and stop on whole minutes.
    if (minute !== this.#localMinute) {
      this.#localBase = marketLocalTime(new Date(minute * 60_000));
      this.#localMinute = minute;
    }
    const local = { weekday: this.#localBase.weekday, seconds: this.#localBase.seconds + Math.floor((ms - minute * 60_000) / 1000) };
    const step = new Step(now, ms, minute, local);
    const due = BigInt(ms);
    for (const entry of this.#expiries.popUpTo(due)) {
      entry.value.expiryEntry = null;
      this.#finish(entry.value, 'Expired', step);
    }
    for (const entry of this.#wakes.popUpTo(due)) {
      entry.value.wake = null;
      this.#openBook(entry.value, step);
    }
    return step;
  }

  #isOpen(book: Book, step: Step): boolean {
    if (book.openMinute !== step.minute) {
      book.openNow = isTradingAt(book.inst, step.local);
      book.openMinute = step.minute;
    }
    return book.openNow;
  }

  #scheduleWake(book: Book, now: Date): void {
    if (book.wake) return;
    const at = nextTradingStart(book.inst, now);
    book.wake = this.#wakes.push(BigInt(at.getTime()), this.#wakeSeq++, book);
  }

  #openBook(book: Book, step: Step): void {
    if (!this.#isOpen(book, step)) {
      if (book.pending.size > 0 || book.pendingCancels.size > 0) this.#scheduleWake(book, step.now);
      return;
    }
    for (const o of book.pendingCancels) {
      this.#setStatus(o, o.s.status, 'SentCancel', step);
      this.#finish(o, 'Canceled', step);
    }
    for (const o of book.pending) {
      this.#setStatus(o, 'Sent', o.s.cancelStatus, step);
      this.#setStatus(o, 'Open', o.s.cancelStatus, step);
    }
    book.pending.clear();
  }

  // ——— orders in and out ———

  #book(inst: EngineInstrument): Book {
    let book = this.#books.get(inst.isin);
    if (!book) {
      book = newBook(inst);
      this.#books.set(inst.isin, book);
    }
    return book;
  }

  /** Stores an order and puts it into the indexes its kind and state call for. */
  #admit(s: OrderState, book: Book): Live {
    const o: Live = { s, book, limitEntry: null, stopEntry: null, ratchetEntry: null, expiryEntry: null };
    this.#orders.set(s.id, o);
    o.expiryEntry = this.#expiries.push(BigInt(Date.parse(s.expiresAt)), s.seq, o);
    shelve(o);
    return o;
  }

  /** Takes an order out of every index; it is final. */
  #retire(o: Live): void {
    if (o.expiryEntry) this.#expiries.remove(o.expiryEntry);
    o.expiryEntry = null;
    unshelve(o);
    this.#orders.delete(o.s.id);
  }

  // ——— trailing stop ———

  #arm(o: Live, bid: Dec, step: Step): void {
    o.book.unarmed.delete(o);
    const stop = trailingStop(o, bid);
    o.s.stop = toWireDecimal(stop, o.book.grid.scale);
    step.events.push({ type: 'tslupdate', orderId: o.s.id, at: step.at, order: snapshot(o.s), stop: o.s.stop, previousStop: null });
    pushStop(o);
    pushRatchet(o);
  }

  /** Moves a TSL's stop up with the bid, never down. */
  #ratchet(o: Live, ctx: QuoteCtx, step: Step): void {
    const previous = o.s.stop!;
    const stop = trailingStop(o, ctx.bid);
    if (stop.gt(previous)) {
      o.s.stop = toWireDecimal(stop, o.book.grid.scale);
      if (o.stopEntry) o.book.sellStops.update(o.stopEntry, -2n * o.book.grid.floorUnits(stop));
      step.events.push({ type: 'tslupdate', orderId: o.s.id, at: step.at, order: snapshot(o.s), stop: o.s.stop, previousStop: previous });
    }
    pushRatchet(o);
  }

  // ——— matching ———

  #ctx(book: Book, quote: EngineQuote): QuoteCtx {
    return new QuoteCtx(quote, book.grid.scale);
  }

  /** Most pieces one order may take from this quote on this side; null = no limit. */
  #cap(book: Book, ctx: QuoteCtx, side: OrderSide): Dec | null {
    const known = ctx.caps[side];
    if (known !== undefined) return known;
    let cap = ctx.sizeText ? floorToStep(new D(ctx.sizeText), book.qtyIncr) : null;
    if (this.#maxValue) {
      const byValue = floorToStep(this.#maxValue.div(side === 'buy' ? ctx.ask : ctx.bid), book.qtyIncr);
      cap = cap === null || byValue.lt(cap) ? byValue : cap;
    }
    ctx.caps[side] = cap;
    return cap;
  }

  #processQuote(book: Book, ctx: QuoteCtx, step: Step): void {
    // Ratchet before triggering: a stop lifted by this bid still lies below it, so it cannot fire.
    for (const entry of book.ratchets.popUpTo(ctx.floorBid)) {
      entry.value.ratchetEntry = null;
      this.#ratchet(entry.value, ctx, step);
    }
    for (const entry of book.buyStops.popUpTo(ctx.floorSum)) {
      entry.value.stopEntry = null;
      this.#trigger(entry.value, ctx, step);
    }
    for (const entry of book.sellStops.popUpTo(-ctx.ceilSum)) {
      entry.value.stopEntry = null;
      this.#trigger(entry.value, ctx, step);
    }
    for (const [heap, threshold] of [
      [book.buyLimits, -ctx.ceilAsk],
      [book.sellLimits, ctx.floorBid],
    ] as const) {
      for (const entry of heap.popUpTo(threshold)) {
        const o = entry.value;
        o.limitEntry = null;
        this.#execute(o, ctx, step);
        if (this.#orders.get(o.s.id) === o && o.limitEntry === null) pushLimit(o);
      }
    }
    for (const o of book.markets) this.#execute(o, ctx, step);
  }

  /** A new order against the last quote, with the same tests the heaps apply. */
  #matchNew(o: Live, ctx: QuoteCtx, step: Step): void {
    const book = o.book;
    const buy = o.s.side === 'buy';
    if (o.stopEntry && o.stopEntry.key <= (buy ? ctx.floorSum : -ctx.ceilSum)) {
      (buy ? book.buyStops : book.sellStops).remove(o.stopEntry);
      o.stopEntry = null;
      this.#trigger(o, ctx, step);
    }
    if (o.limitEntry && o.limitEntry.key <= (buy ? -ctx.ceilAsk : ctx.floorBid)) this.#execute(o, ctx, step);
    if (book.markets.has(o)) this.#execute(o, ctx, step);
  }

  #trigger(o: Live, ctx: QuoteCtx, step: Step): void {
    const s = o.s;
    const book = o.book;
    s.triggered = true;
    step.events.push({ type: 'triggered', orderId: s.id, at: step.at, order: snapshot(s), mid: toWireDecimal(ctx.bid.plus(ctx.ask).div(2)) });
    switch (s.kind) {
      case 'stoplimit':
        pushLimit(o);
        return;
      case 'oco':
        if (o.limitEntry) (s.side === 'buy' ? book.buyLimits : book.sellLimits).remove(o.limitEntry);
        o.limitEntry = null;
        s.ocoLeg = 'stop';
        step.events.push({ type: 'ocoLegCanceled', orderId: s.id, at: step.at, order: snapshot(s), leg: 'limit' });
        break;
      case 'tsl':
        if (o.ratchetEntry) book.ratchets.remove(o.ratchetEntry);
        o.ratchetEntry = null;
        break;
      default:
        break;
    }
    book.markets.add(o);
  }

  /** Buys at the ask, sells at the bid; a limit order comes here only once its limit is reached. */
  #execute(o: Live, ctx: QuoteCtx, step: Step): void {
    const buy = o.s.side === 'buy';
    this.#fill(o, buy ? ctx.ask : ctx.bid, buy ? ctx.askText : ctx.bidText, this.#cap(o.book, ctx, o.s.side), ctx.id, step);
  }

  /**
   * Executes as much of the order as the cap allows at this price. A fraction order takes as
   * many whole quantity steps as its remaining amount buys.
   */
  #fill(o: Live, price: Dec, priceText: string, cap: Dec | null, quoteId: string | null, step: Step): void {
    const s = o.s;
    const filled = new D(s.filledQuantity);
    const want =
      s.amount !== null
        ? floorToStep(new D(s.amount).minus(s.filledValue).div(price), o.book.qtyIncr)
        : new D(s.quantity!).minus(filled);
    if (want.lte(0)) {
      // Only a fraction order gets here: what is left of its amount buys no further step.
      if (filled.isZero()) this.#finish(o, 'Rejected', step, 'Der Betrag reicht zum aktuellen Kurs nicht für die kleinste Stückelung.');
      else this.#finish(o, 'Filled', step);
      return;
    }
    const take = cap !== null && cap.lt(want) ? cap : want;
    if (take.lte(0)) return;
    const value = take.mul(price);
    s.filledQuantity = toWireDecimal(filled.plus(take));
    s.filledValue = toWireDecimal(new D(s.filledValue).plus(value));
    s.executions += 1;
    step.events.push({
      type: 'execution',
      orderId: s.id,
      at: step.at,
      order: snapshot(s),
      executionId: `${s.id}-${s.executions}`,
      isin: s.isin,
      side: s.side,
      quantity: toWireDecimal(take),
      price: priceText,
      value: toWireDecimal(value),
      quoteId,
    });
    if (s.ocoLeg === 'both') {
      // The limit leg executed: the stop leg goes, whether the limit is done or not.
      if (o.stopEntry) (s.side === 'buy' ? o.book.buyStops : o.book.sellStops).remove(o.stopEntry);
      o.stopEntry = null;
      s.ocoLeg = 'limit';
      step.events.push({ type: 'ocoLegCanceled', orderId: s.id, at: step.at, order: snapshot(s), leg: 'stop' });
    }
    if (take.eq(want)) this.#finish(o, 'Filled', step);
    else this.#setStatus(o, 'PartiallyFilled', s.cancelStatus, step);
  }

  /**
   * The end of an order. A partly filled order keeps PartiallyFilled and carries the outcome as
   * its cancel status (PartiallyFilled_Canceled, _Expired); a fill that completes an order while
   * a cancellation is in flight wins (PartiallyFilled_Filled, or Filled). Nothing is ever both
   * filled in full and cancelled.
   */
  #finish(o: Live, outcome: 'Filled' | 'Canceled' | 'Expired' | 'Rejected', step: Step, reason?: string): void {
    const s = o.s;
    this.#retire(o);
    const partly = !new D(s.filledQuantity).isZero();
    let status: OrderStatus = outcome;
    let cancelStatus: CancelStatus | null = null;
    if (outcome === 'Filled') {
      if (IN_FLIGHT.has(s.cancelStatus) && s.status === 'PartiallyFilled') [status, cancelStatus] = ['PartiallyFilled', 'Filled'];
    } else if ((outcome === 'Canceled' || outcome === 'Expired') && partly) {
      [status, cancelStatus] = ['PartiallyFilled', outcome];
    }
    this.#setStatus(o, status, cancelStatus, step, reason);
  }

  // ——— events ———

  #setStatus(o: Live, status: OrderStatus, cancelStatus: CancelStatus | null, step: Step, reason?: string): void {
    const s = o.s;
    if (s.status === status && s.cancelStatus === cancelStatus && reason === undefined) return;
    s.status = status;
    s.cancelStatus = cancelStatus;
    if (reason !== undefined) s.reason = reason;
    this.#emitStatus(s, step);
  }

  #emitStatus(s: OrderState, step: Step, errors?: OrderFieldErrors): void {
    const display = combinedOrderStatus(s.status, s.cancelStatus);
    step.events.push({
      type: 'status',
      orderId: s.id,
      at: step.at,
      order: snapshot(s),
      status: s.status,
      cancelStatus: s.cancelStatus,
      display,
      label: orderStatusLabel(display),
      reason: s.reason,
      ...(errors ? { errors } : {}),
    });
  }

  #rejectNew(s: OrderState, step: Step, reason: string | null, errors?: OrderFieldErrors): EngineEvent[] {
    s.status = 'Rejected';
    s.reason = reason;
    this.#emitStatus(s, step, errors);
    return step.events;
  }

  #refuse(step: Step, orderId: string, request: 'place' | 'cancel' | 'accept', reason: RefusalReason): EngineEvent[] {
    step.events.push({ type: 'refused', orderId, at: step.at, request, reason });
    return step.events;
  }
}
