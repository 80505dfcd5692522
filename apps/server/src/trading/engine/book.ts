import type { CancelStatus } from '@kontor/domain/enums';
import { isDecimalString } from '@kontor/domain/money';
import { usesLimit, usesStop } from '@kontor/domain/order-kinds';
import { D, type Dec, PriceGrid, decimalsOf, exactUnits, rescale } from './grid.ts';
import { type HeapEntry, IndexedHeap } from './heap.ts';
import type { EngineEvent, EngineInstrument, EngineQuote, OrderState, PlaceOrder } from './types.ts';

/**
 * The engine's parts that hold no engine state: an order in its books, a book, a quote as a book
 * sees it, one call's time and events, and the rules that make a new order and move a trailing stop.
 */

/** An open order inside the engine, with its places in the indexes. */
export type Live = {
  s: OrderState;
  book: Book;
  limitEntry: HeapEntry<Live> | null;
  stopEntry: HeapEntry<Live> | null;
  ratchetEntry: HeapEntry<Live> | null;
  expiryEntry: HeapEntry<Live> | null;
};

/**
 * One instrument's resting orders. Every heap is a min-heap whose top is the order the next price
 * move reaches first, and "reached" always reads `key ≤ threshold of the quote`:
 *   buyLimits  key −limit   executes when ask ≤ limit
 *   sellLimits key  limit   executes when bid ≥ limit
 *   buyStops   key  2·stop  triggers when mid ≥ stop   (2·mid = bid + ask, no halves)
 *   sellStops  key −2·stop  triggers when mid ≤ stop   (stop-loss, OCO stop legs, TSL)
 *   ratchets   key  the bid at which a TSL's stop moves up next (rounded down; rechecked exactly)
 * Market orders (and triggered stops) all execute on every quote, so they sit in a plain set.
 */
export type Book = {
  inst: EngineInstrument;
  grid: PriceGrid;
  qtyIncr: Dec;
  buyLimits: IndexedHeap<Live>;
  sellLimits: IndexedHeap<Live>;
  buyStops: IndexedHeap<Live>;
  sellStops: IndexedHeap<Live>;
  ratchets: IndexedHeap<Live>;
  markets: Set<Live>;
  /** Orders placed outside the window (status Pending), opened when it opens. */
  pending: Set<Live>;
  /** Cancellations asked for outside the window (PendingCancel), done when it opens. */
  pendingCancels: Set<Live>;
  /** Trailing stops that have not seen a bid yet. */
  unarmed: Set<Live>;
  wake: HeapEntry<Book> | null;
  /** Whether the window is open, for the minute in openMinute (windows open and close on minutes). */
  openMinute: number;
  openNow: boolean;
};

/** A quote as one book sees it: exact integer thresholds for the heaps, decimals only when needed. */
export class QuoteCtx {
  readonly id: string | null;
  readonly bidText: string;
  readonly askText: string;
  readonly floorBid: bigint;
  readonly ceilAsk: bigint;
  readonly floorSum: bigint;
  readonly ceilSum: bigint;
  readonly sizeText: string | null;
  readonly caps: { buy?: Dec | null; sell?: Dec | null } = {};
  #bid: Dec | null = null;
  #ask: Dec | null = null;

  constructor(quote: EngineQuote, scale: number) {
    this.id = quote.id ?? null;
    this.bidText = quote.bid;
    this.askText = quote.ask;
    // Both prices exactly, at the finer of their own and the grid's scale; then rounded to the grid.
    const exact = Math.max(scale, decimalsOf(quote.bid), decimalsOf(quote.ask));
    const bid = exactUnits(quote.bid, exact);
    const ask = exactUnits(quote.ask, exact);
    this.floorBid = rescale(bid, exact, scale, 'floor');
    this.ceilAsk = rescale(ask, exact, scale, 'ceil');
    this.floorSum = rescale(bid + ask, exact, scale, 'floor');
    this.ceilSum = rescale(bid + ask, exact, scale, 'ceil');
    this.sizeText = quote.size ?? null;
  }

  get bid(): Dec {
    return (this.#bid ??= new D(this.bidText));
  }

  get ask(): Dec {
    return (this.#ask ??= new D(this.askText));
  }
}

/** Whether a quote can be used: decimal prices, bid above 0 and not above the ask. */
export function usableQuote(quote: EngineQuote): boolean {
  if (!isDecimalString(quote.bid) || !isDecimalString(quote.ask)) return false;
  const exact = Math.max(decimalsOf(quote.bid), decimalsOf(quote.ask));
  const bid = exactUnits(quote.bid, exact);
  return bid > 0n && bid <= exactUnits(quote.ask, exact);
}

/** One call: its time, computed once, and the events it emits. */
export class Step {
  readonly events: EngineEvent[] = [];
  #at: string | null = null;
  constructor(
    readonly now: Date,
    readonly ms: number,
    readonly minute: number,
    readonly local: { weekday: number; seconds: number },
  ) {}

  get at(): string {
    return (this.#at ??= this.now.toISOString());
  }
}

export const IN_FLIGHT: ReadonlySet<CancelStatus | null> = new Set<CancelStatus | null>(['CreatedCancel', 'SentCancel', 'PendingCancel']);
export const snapshot = (s: OrderState): OrderState => ({ ...s, validity: { ...s.validity } });

/** A new order as the engine holds it, from its request; `seq` is its place in time priority. */
export function newOrderState(request: PlaceOrder, step: Step, seq: number): OrderState {
  const kind = request.kind;
  const s: OrderState = {
    id: request.id,
    accountId: request.accountId,
    isin: request.isin,
    side: request.side,
    kind,
    quantity: kind === 'fraction' ? null : (request.quantity ?? null),
    amount: kind === 'fraction' ? (request.amount ?? null) : null,
    limit: null,
    stop: null,
    trailingDistance: kind === 'tsl' ? (request.trailingDistance ?? null) : null,
    trailingUnit: kind === 'tsl' ? (request.trailingUnit ?? null) : null,
    validity: { ...request.validity },
    expiresAt: step.at,
    status: 'Created',
    cancelStatus: null,
    triggered: false,
    ocoLeg: kind === 'oco' ? 'both' : null,
    filledQuantity: '0',
    filledValue: '0',
    executions: 0,
    quotedPrice: null,
    quoteId: null,
    createdAt: step.at,
    seq,
    reason: null,
  };
  if (usesLimit(s.kind)) s.limit = request.limit ?? null;
  if (usesStop(s.kind)) s.stop = request.stop ?? null;
  return s;
}

/** An instrument's empty book. */
export function newBook(inst: EngineInstrument): Book {
  return {
    inst,
    grid: new PriceGrid(inst.priceIncr, inst.priceScale),
    qtyIncr: new D(inst.qtyIncr),
    buyLimits: new IndexedHeap(),
    sellLimits: new IndexedHeap(),
    buyStops: new IndexedHeap(),
    sellStops: new IndexedHeap(),
    ratchets: new IndexedHeap(),
    markets: new Set(),
    pending: new Set(),
    pendingCancels: new Set(),
    unarmed: new Set(),
    wake: null,
    openMinute: Number.NaN,
    openNow: false,
  };
}

/** The stop a TSL would have at this bid: the distance below it, rounded down to the price grid. */
export function trailingStop(o: Live, bid: Dec): Dec {
  const { trailingDistance, trailingUnit } = o.s;
  const raw =
    trailingUnit === 'PERCENT'
      ? bid.mul(new D(100).minus(trailingDistance!)).div(100)
      : bid.minus(trailingDistance!);
  return D.max(0, o.book.grid.floorToGrid(raw));
}

/** Lowest bid that lifts the stop by at least one price step, rounded down (a lower bound). */
export function ratchetKey(o: Live): bigint {
  const next = new D(o.s.stop!).plus(o.book.grid.incr);
  const bid =
    o.s.trailingUnit === 'PERCENT'
      ? next.mul(100).div(new D(100).minus(o.s.trailingDistance!))
      : next.plus(o.s.trailingDistance!);
  // One unit lower keeps it a lower bound whatever the division rounded; the engine's ratchet checks exactly.
  return o.book.grid.floorUnits(bid) - 1n;
}
