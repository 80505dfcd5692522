import Decimal from 'decimal.js';
import type { ChartRange } from '@kontor/domain/enums';
import type { Quote } from '@kontor/domain/quote';
import { type History, priceHistory } from './history.ts';
import { isTradingIn, lastTradingTime, marketLocalTime, type TradingHours, type TradingWeek, tradingWeekOf } from '@kontor/domain/trading-window';
import type { Clock } from '../platform/clock.ts';
import { dayOfDate, InstrumentPast } from './past.ts';
import { createState, type Priceable, PROFILE, quoteOf, type SimState, step } from './simulator.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

export type MarketInstrument = Priceable & TradingHours;

/** A quote as it leaves the feed: serialized once, however many subscribers receive it. */
export type QuoteUpdate = { quote: Quote; json: string };
export type QuoteListener = (updates: QuoteUpdate[]) => void;
/** A quote as the leading process relays it to the others: with the walk's state, so a process that takes over goes on from it. */
export type RelayedQuote = [isin: string, json: string, mid: number, seq: number];

/** What the API reads quotes from. The simulator implements it; a real market-data adapter would too. */
export interface QuoteSource {
  current(isin: string): Quote | undefined;
  subscribe(isins: ReadonlySet<string>, listener: QuoteListener): () => void;
  /** Price history for a chart range, ending at the current quote; undefined for an unknown ISIN. */
  history(isin: string, range: ChartRange, since?: Date): History | undefined;
  /** The close of the trading day before the current one, which the day's change refers to. */
  previousClose(isin: string): string | undefined;
}

/**
 * The simulated market: every instrument has a last quote from the start; on each tick, instruments
 * inside their trading window may move (a share of them per tick, as in a real market), and the
 * changed quotes go to the subscribers of those ISINs. Outside the window the last quote stays,
 * with the time it was made.
 */
export class SimulatedMarket implements QuoteSource {
  readonly #clock: Clock;
  readonly #instruments = new Map<string, Entry>();
  /** The pasts charts asked for lately, each with the days it has worked out. */
  readonly #pasts = new Map<string, InstrumentPast>();
  readonly #listeners = new Map<string, Set<QuoteListener>>();
  readonly #activity: number;
  #timer: NodeJS.Timeout | undefined;
  /** Every quote this market makes (ticks, moves), for the other processes (cluster/quote-relay.ts). */
  onQuotes: ((changed: readonly RelayedQuote[]) => void) | null = null;

  constructor(opts: { clock: Clock; instruments: Iterable<MarketInstrument>; stepSeconds?: number; activity?: number }) {
    this.#clock = opts.clock;
    this.#activity = opts.activity ?? 0.35;
    const now = this.#clock.now();
    for (const info of opts.instruments) {
      // A closed market's quote is the one from its last trading second.
      const at = lastTradingTime(info, now);
      const day = marketLocalTime(at).date;
      // The walk starts from the past's close before the current day (not from the reference price,
      // so a restart does not jump back), and the day has already made its opening move.
      const past = pastOf(info);
      const previousClose = past.closeBefore(dayOfDate(day));
      const state = createState({ ...info, referencePrice: past.price(previousClose) }, opts.stepSeconds ?? 1);
      openingMove(state, past.openingMove(dayOfDate(day)));
      const last = serialize(quoteOf(state, at.toISOString()));
      this.#instruments.set(info.isin, { info, week: tradingWeekOf(info), state, last, previousClose, day });
    }
  }

  current(isin: string): Quote | undefined {
    return this.#instruments.get(isin)?.last.quote;
  }

  previousClose(isin: string): string | undefined {
    const entry = this.#instruments.get(isin);
    return entry ? toWireDecimal(entry.state.incr.mul(entry.previousClose)) : undefined;
  }

  history(isin: string, range: ChartRange, since?: Date): History | undefined {
    const entry = this.#instruments.get(isin);
    if (!entry) return undefined;
    const q = entry.last.quote;
    return priceHistory({
      past: this.#pastOf(entry.info),
      range,
      since,
      now: this.#clock.now(),
      mid: toWireDecimal(new Decimal(q.bid).plus(q.ask).div(2)),
      today: dayOfDate(entry.day),
    });
  }

  #pastOf(info: MarketInstrument): InstrumentPast {
    let past = this.#pasts.get(info.isin);
    if (past) this.#pasts.delete(info.isin);
    else if (this.#pasts.size >= 512) this.#pasts.delete(this.#pasts.keys().next().value!);
    past ??= pastOf(info);
    this.#pasts.set(info.isin, past);
    return past;
  }

  /**
   * A new trading day: the past's close of the day before is its previous close, and the walk
   * goes on from there (after the day's opening move), so the live quote never strays from the
   * past by more than one day's moves, in every process alike.
   */
  #newDay(entry: Entry, date: string, walk: boolean) {
    const past = this.#pastOf(entry.info);
    entry.previousClose = past.closeBefore(dayOfDate(date));
    entry.day = date;
    if (!walk) return;
    entry.state.mid = entry.previousClose;
    openingMove(entry.state, past.openingMove(dayOfDate(date)));
  }

  subscribe(isins: ReadonlySet<string>, listener: QuoteListener): () => void {
    for (const isin of isins) {
      let set = this.#listeners.get(isin);
      if (!set) this.#listeners.set(isin, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const isin of isins) {
        const set = this.#listeners.get(isin);
        set?.delete(listener);
        if (set?.size === 0) this.#listeners.delete(isin);
      }
    };
  }

  /** Advances the market by one step at the clock's time; returns the quotes that changed. */
  tick(): QuoteUpdate[] {
    const now = this.#clock.now();
    const local = marketLocalTime(now);
    // Every quote of a tick carries the same time.
    const ts = now.toISOString();
    const changed: QuoteUpdate[] = [];
    for (const entry of this.#instruments.values()) {
      if (!isTradingIn(entry.week, local)) continue;
      // The first trade of a new day: the walk starts again from the past (a new quote, moved or not).
      const opened = entry.day !== local.date;
      if (opened) this.#newDay(entry, local.date, true);
      const moved = entry.state.rng() <= this.#activity && step(entry.state);
      if (!moved && !opened) continue;
      entry.last = serialize(quoteOf(entry.state, ts));
      changed.push(entry.last);
    }
    this.#publish(changed);
    return changed;
  }

  /**
   * Quotes the leading process made, in a process that does not lead: they become this market's
   * last quotes and walk state, and go to its subscribers as its own would.
   */
  relayed(quotes: readonly RelayedQuote[]): void {
    const changed: QuoteUpdate[] = [];
    for (const [isin, json, mid, seq] of quotes) {
      const entry = this.#instruments.get(isin);
      if (!entry) continue;
      const quote = JSON.parse(json) as Quote;
      const local = marketLocalTime(new Date(quote.ts));
      if (entry.day !== local.date) this.#newDay(entry, local.date, false);
      entry.state.mid = mid;
      entry.state.seq = seq;
      entry.last = { quote, json };
      changed.push(entry.last);
    }
    this.#publish(changed, false);
  }

  #publish(changed: QuoteUpdate[], own = true) {
    if (own && this.onQuotes && changed.length > 0) {
      this.onQuotes(changed.map((u) => {
        const s = this.#instruments.get(u.quote.isin)!.state;
        return [u.quote.isin, u.json, s.mid, s.seq];
      }));
    }
    if (changed.length === 0 || this.#listeners.size === 0) return;
    const perListener = new Map<QuoteListener, QuoteUpdate[]>();
    for (const u of changed) {
      const set = this.#listeners.get(u.quote.isin);
      if (!set) continue;
      for (const l of set) {
        const list = perListener.get(l);
        if (list) list.push(u);
        else perListener.set(l, [u]);
      }
    }
    for (const [listener, updates] of perListener) listener(updates);
  }

  /**
   * Moves an instrument's mid by `percent` at once, open market or not, and publishes the quote.
   * The development tools use it so a customer can watch an alert or a stop fire without waiting.
   */
  move(isin: string, percent: string): Quote | undefined {
    const entry = this.#instruments.get(isin);
    if (!entry) return undefined;
    const s = entry.state;
    const target = new Decimal(s.mid).mul(new Decimal(percent).div(100).plus(1)).toDecimalPlaces(0).toNumber();
    s.mid = Math.max(2 * s.halfSpread + 1, target);
    s.seq += 1;
    entry.last = serialize(quoteOf(s, this.#clock.now().toISOString()));
    this.#publish([entry.last]);
    return entry.last.quote;
  }

  start(intervalMs: number): void {
    this.stop();
    this.#timer = setInterval(() => this.tick(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

type Entry = { info: MarketInstrument; week: TradingWeek; state: SimState; last: QuoteUpdate; previousClose: number; day: string };

const pastOf = (info: MarketInstrument) =>
  new InstrumentPast({ isin: info.isin, referencePrice: info.referencePrice, priceIncr: info.priceIncr, yearlyVol: PROFILE[info.instrumentType].yearlyVol, hours: info });

/** The day's first move (a log return seeded by the day), so a fresh market is not flat. */
function openingMove(state: SimState, move: number) {
  state.mid = Math.max(2 * state.halfSpread + 1, Math.round(state.mid * Math.exp(move)));
}

const serialize = (quote: Quote): QuoteUpdate => ({ quote, json: JSON.stringify(quote) });
