import type { Instrument } from '@kontor/domain/instrument';
import { fxRateNow } from '../market/price-at.ts';
import type { Quote } from '@kontor/domain/quote';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { QuoteSource } from '../market/feed.ts';
import { OrderEngine } from './engine/engine.ts';
import type { EngineEvent } from './engine/types.ts';
import type { OrderStore } from './order-store.ts';

/**
 * The pure order engine in its surroundings: the instruments it trades, the quotes it is shown,
 * and what tells whether it still matches the database. Only the write queue's jobs move it.
 */
export type EngineHostDeps = { db: Db; clock: Clock; quotes: QuoteSource; instrument: (isin: string) => Promise<Instrument | undefined>; orders: (db: Db) => OrderStore };

export class EngineHost {
  readonly #d: EngineHostDeps;
  readonly #instruments = new Map<string, Instrument>();
  readonly #subscribed = new Map<string, () => void>();
  /** Quotes that arrived since the last quote job, the newest per instrument. */
  readonly pendingQuotes = new Map<string, Quote>();
  /** Called when quotes arrive: the service queues a job that shows them to the engine. */
  onQuotes: () => void = () => {};
  engine: OrderEngine;
  /** Counts engine calls that produced events, so a failed job knows whether the engine moved. */
  version = 0;
  /** Set when a batch ended orders the engine still thinks alive (a buy the money no longer covers). */
  rebuildAfterBatch = false;

  constructor(deps: EngineHostDeps) {
    this.#d = deps;
    this.engine = this.#newEngine([]);
  }

  #newEngine(open: Parameters<typeof OrderEngine.rebuild>[1]): OrderEngine {
    this.#fed.clear();
    // The market maker takes at most 250.000 in the quote currency per order and quote: bigger orders fill in parts.
    return OrderEngine.rebuild({ instrument: (isin) => this.#instruments.get(isin), maxOrderValuePerQuote: '250000' }, open, this.#d.clock.now());
  }

  /** Rebuilds the engine from the open orders in the database, which stays the truth. */
  async rebuild(): Promise<void> {
    this.rebuildAfterBatch = false;
    const open = await this.#d.orders(this.#d.db).openStates();
    const isins = new Set(open.map((o) => o.isin));
    for (const isin of isins) await this.ensureInstrument(isin);
    this.engine = this.#newEngine(open);
    for (const isin of isins) {
      this.subscribe(isin);
      const q = this.#d.quotes.current(isin);
      // Events from this first look at the market are persisted by the next quote job.
      if (q) this.pendingQuotes.set(isin, q);
    }
    if (this.pendingQuotes.size > 0) this.onQuotes();
  }

  /** The quote the engine saw last per instrument (the feed's object), and when. */
  readonly #fed = new Map<string, { quote: Quote; ms: number }>();

  /**
   * Shows the engine a quote: every order placed shows it the current one. The very quote it saw
   * within the last second is not shown again (the engine counts a quote's age from when it saw it,
   * so a quiet market's quote is still shown now and then).
   */
  feed(quote: Quote, now: Date): EngineEvent[] {
    const ms = now.getTime();
    const fed = this.#fed.get(quote.isin);
    if (fed && fed.quote === quote && ms - fed.ms < 1000) return [];
    this.#fed.set(quote.isin, { quote, ms });
    return this.engine.onQuote(quote, now);
  }

  /** The quotes that arrived since the last call, shown to the engine. */
  feedPending(): EngineEvent[] {
    const quotes = [...this.pendingQuotes.values()];
    this.pendingQuotes.clear();
    const now = this.#d.clock.now();
    const events: EngineEvent[] = [];
    for (const q of quotes) events.push(...this.feed(q, now));
    return events;
  }

  /** The current quote shown first, then the engine's answer to `call`; counts as a move of the engine. */
  move(isin: string, call: (now: Date) => EngineEvent[]): EngineEvent[] {
    const quote = this.#d.quotes.current(isin);
    const now = this.#d.clock.now();
    const fed = quote ? this.feed(quote, now) : [];
    const events = call(now);
    this.version++;
    return fed.length === 0 ? events : [...fed, ...events];
  }

  instrument(isin: string): Instrument | undefined {
    return this.#instruments.get(isin);
  }

  async ensureInstrument(isin: string): Promise<Instrument | undefined> {
    const known = this.#instruments.get(isin);
    if (known) return known;
    const found = await this.#d.instrument(isin);
    if (found) this.#instruments.set(isin, found);
    return found;
  }

  /** Euros per unit of the instrument's quote currency; null while the rate is unknown. */
  fxRate(instrument: Instrument): string | null {
    return fxRateNow(this.#d.quotes, instrument.quoteCurrencyCode);
  }

  subscribe(isin: string): void {
    if (this.#subscribed.has(isin)) return;
    const off = this.#d.quotes.subscribe(new Set([isin]), (updates) => {
      for (const u of updates) this.pendingQuotes.set(u.quote.isin, u.quote);
      this.onQuotes();
    });
    this.#subscribed.set(isin, off);
  }

  unsubscribeAll(): void {
    for (const off of this.#subscribed.values()) off();
    this.#subscribed.clear();
  }
}
