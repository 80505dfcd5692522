import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineEvent, EngineQuote, PlaceOrder } from './types.ts';
import { MONDAY_NOON, SAP, cet, later, newEngine } from './test-fixtures.ts';

/**
 * The engine against a naive model of the same rules: a list of orders scanned in full on every
 * quote, in plain decimal.js, no indexes. Random orders, quotes and cancellations on one share
 * (price step 0.01, whole pieces) inside the trading window, then the close. Both must execute the
 * same orders at the same prices and quantities, and hold the same open orders after every call.
 */

type Action =
  | { type: 'quote'; move: number; spread: number; size: number | null }
  | { type: 'place'; order: Omit<PlaceOrder, 'id' | 'accountId' | 'isin'> }
  | { type: 'cancel'; pick: number };

// ——— the naive model ———

type NaiveOrder = {
  id: string;
  side: 'buy' | 'sell';
  kind: PlaceOrder['kind'];
  quantity: Decimal;
  filled: Decimal;
  limit: Decimal | null;
  stop: Decimal | null;
  distance: Decimal | null;
  unit: 'EUR' | 'PERCENT' | null;
  day: boolean;
  triggered: boolean;
  ocoLeg: 'both' | 'limit' | 'stop' | null;
};

type Fill = [id: string, quantity: string, price: string];

class NaiveModel {
  orders: NaiveOrder[] = [];
  last: { bid: Decimal; ask: Decimal; size: Decimal | null; at: number } | null = null;

  tslStop(o: NaiveOrder, bid: Decimal): Decimal {
    const raw = o.unit === 'PERCENT' ? bid.mul(new Decimal(100).minus(o.distance!)).div(100) : bid.minus(o.distance!);
    return Decimal.max(0, raw.div('0.01').floor().mul('0.01'));
  }

  stopActive(o: NaiveOrder) {
    return !o.triggered && o.stop !== null && (o.kind === 'stop' || o.kind === 'stoplimit' || o.kind === 'tsl' || (o.kind === 'oco' && o.ocoLeg === 'both'));
  }
  limitActive(o: NaiveOrder) {
    return o.kind === 'limit' || (o.kind === 'stoplimit' && o.triggered) || (o.kind === 'oco' && !o.triggered);
  }
  marketActive(o: NaiveOrder) {
    return o.kind === 'market' || (o.triggered && (o.kind === 'stop' || o.kind === 'tsl' || o.kind === 'oco'));
  }

  /** The same steps as a quote, for the given orders. */
  match(orders: NaiveOrder[], fills: Fill[]) {
    const q = this.last!;
    const mid = q.bid.plus(q.ask).div(2);
    const fill = (o: NaiveOrder, price: Decimal) => {
      const want = o.quantity.minus(o.filled);
      const take = q.size && q.size.lt(want) ? q.size : want;
      if (take.lte(0)) return false;
      o.filled = o.filled.plus(take);
      fills.push([o.id, take.toFixed(), price.toFixed(2)]);
      return true;
    };
    for (const o of orders) {
      if (this.stopActive(o) && (o.side === 'buy' ? mid.gte(o.stop!) : mid.lte(o.stop!))) {
        o.triggered = true;
        if (o.kind === 'oco') o.ocoLeg = 'stop';
      }
    }
    for (const o of orders) {
      if (this.limitActive(o) && (o.side === 'buy' ? q.ask.lte(o.limit!) : q.bid.gte(o.limit!))) {
        if (fill(o, o.side === 'buy' ? q.ask : q.bid) && o.ocoLeg === 'both') o.ocoLeg = 'limit';
      }
    }
    for (const o of orders) if (this.marketActive(o)) fill(o, o.side === 'buy' ? q.ask : q.bid);
    this.orders = this.orders.filter((o) => o.filled.lt(o.quantity));
  }

  quote(bid: Decimal, ask: Decimal, size: Decimal | null, at: number, fills: Fill[], stops: [string, string][]) {
    this.last = { bid, ask, size, at };
    for (const o of this.orders) {
      if (o.kind !== 'tsl' || o.triggered) continue;
      const stop = this.tslStop(o, bid);
      if (o.stop === null || stop.gt(o.stop)) {
        o.stop = stop;
        stops.push([o.id, stop.toFixed(2)]);
      }
    }
    this.match(this.orders, fills);
  }

  place(id: string, p: Action & { type: 'place' }, at: number, fills: Fill[], stops: [string, string][]) {
    const t = p.order;
    const o: NaiveOrder = {
      id,
      side: t.side,
      kind: t.kind,
      quantity: new Decimal(t.quantity!),
      filled: new Decimal(0),
      limit: t.limit ? new Decimal(t.limit) : null,
      stop: t.kind !== 'tsl' && t.stop ? new Decimal(t.stop) : null,
      distance: t.trailingDistance ? new Decimal(t.trailingDistance) : null,
      unit: t.trailingUnit ?? null,
      day: t.validity.type === 'day',
      triggered: false,
      ocoLeg: t.kind === 'oco' ? 'both' : null,
    };
    this.orders.push(o);
    if (o.kind === 'tsl' && this.last) {
      o.stop = this.tslStop(o, this.last.bid);
      stops.push([o.id, o.stop.toFixed(2)]);
    }
    if (this.last && at - this.last.at <= 10_000) this.match([o], fills);
  }

  cancel(id: string) {
    this.orders = this.orders.filter((o) => o.id !== id);
  }

  close() {
    this.orders = this.orders.filter((o) => !o.day);
  }

  view() {
    return this.orders
      .map((o) => ({ id: o.id, filled: o.filled.toFixed(), stop: o.kind === 'tsl' && o.stop ? o.stop.toFixed(2) : null }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}

// ——— random actions ———

const cents = (n: number) => (n / 100).toFixed(2);
// Small moves and offsets make a quote land exactly on a limit or stop often: the boundaries matter.
const offset = fc.integer({ min: -40, max: 40 });

const orderArb = fc.oneof(
  fc.record({ kind: fc.constant('market' as const), side: fc.constantFrom('buy' as const, 'sell' as const), off: offset, off2: offset }),
  fc.record({ kind: fc.constantFrom('limit' as const, 'stop' as const, 'stoplimit' as const, 'oco' as const), side: fc.constantFrom('buy' as const, 'sell' as const), off: offset, off2: offset }),
  fc.record({ kind: fc.constant('tsl' as const), side: fc.constant('sell' as const), off: fc.integer({ min: 1, max: 60 }), off2: fc.integer({ min: 0, max: 1 }) }),
);

type RawOrder = { kind: PlaceOrder['kind']; side: 'buy' | 'sell'; off: number; off2: number; quantity: number; day: boolean };
type RawAction =
  | { type: 'quote'; move: number; spread: number; size: number | null }
  /** A quote whose ask, bid or mid lands exactly on an open order's limit or stop. */
  | { type: 'hit'; pick: number; on: 'ask' | 'bid' | 'mid'; spread: number; size: number | null }
  | { type: 'place'; order: RawOrder }
  | { type: 'cancel'; pick: number };

const actionArb: fc.Arbitrary<RawAction> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('quote' as const), move: fc.integer({ min: -30, max: 30 }), spread: fc.integer({ min: 1, max: 6 }), size: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }) }) },
  {
    weight: 4,
    arbitrary: fc
      .record({ o: orderArb, quantity: fc.integer({ min: 1, max: 30 }), day: fc.boolean() })
      .map(({ o, quantity, day }) => ({ type: 'place' as const, order: { ...o, quantity, day } })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('hit' as const),
      pick: fc.nat(),
      on: fc.constantFrom('ask' as const, 'bid' as const, 'mid' as const),
      spread: fc.integer({ min: 1, max: 3 }).map((n) => 2 * n),
      size: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/** A generated order around the current mid (in cents). */
function orderAt(raw: RawOrder, mid: number, scale: number): Action & { type: 'place' } {
  const base = { side: raw.side, kind: raw.kind, quantity: String(raw.quantity), validity: raw.day ? { type: 'day' as const } : { type: 'gtc' as const } };
  const a = Math.max(1, mid + raw.off * scale);
  let b = Math.max(1, mid + raw.off2 * scale);
  if (b === a) b = a + 1;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  switch (raw.kind) {
    case 'limit':
      return { type: 'place', order: { ...base, limit: cents(a) } };
    case 'stop':
      return { type: 'place', order: { ...base, stop: cents(a) } };
    case 'stoplimit':
      return { type: 'place', order: { ...base, stop: cents(a), limit: cents(b) } };
    case 'oco':
      // Sell: take profit above, stop loss below; buy: limit below, stop above.
      return { type: 'place', order: { ...base, ...(raw.side === 'sell' ? { limit: cents(hi), stop: cents(lo) } : { limit: cents(lo), stop: cents(hi) }) } };
    case 'tsl':
      return raw.off2 === 0
        ? { type: 'place', order: { ...base, trailingDistance: cents(raw.off * scale), trailingUnit: 'EUR' } }
        : { type: 'place', order: { ...base, trailingDistance: ((1 + (raw.off % 100)) / 10).toFixed(1), trailingUnit: 'PERCENT' } };
    default:
      return { type: 'place', order: base };
  }
}

// ——— the property ———

/** What the runs exercised, so a generator that stops reaching the interesting paths fails. */
const seen = { fills: 0, partial: 0, triggered: 0, tslupdate: 0, ocoLegCanceled: 0, canceled: 0, expired: 0 };

/** scale stretches moves and offsets: 1 puts many prices on each other, 10 spreads them out. */
function run(scale: number, actions: RawAction[]) {
  const engine = newEngine();
  const naive = new NaiveModel();
  let mid = 10_000;
  let placed = 0;
  const filledById = new Map<string, Decimal>();
  const quantityById = new Map<string, Decimal>();
  const finalById = new Map<string, string>();
  const stopById = new Map<string, Decimal>();

  const check = (events: EngineEvent[], naiveFills: Fill[], naiveStops: [string, string][]) => {
    const fills: Fill[] = [];
    const stops: [string, string][] = [];
    for (const e of events) {
      if (e.type === 'refused') continue;
      if (e.type === 'execution') seen.fills++;
      if (e.type === 'triggered' || e.type === 'tslupdate' || e.type === 'ocoLegCanceled') seen[e.type]++;
      if (e.type === 'status' && e.status === 'PartiallyFilled' && !e.cancelStatus) seen.partial++;
      if (e.type === 'status' && (e.status === 'Canceled' || e.cancelStatus === 'Canceled')) seen.canceled++;
      if (e.type === 'status' && (e.status === 'Expired' || e.cancelStatus === 'Expired')) seen.expired++;
      expect(finalById.has(e.orderId), `${e.orderId} changed after it ended`).toBe(false);
      if (e.type === 'execution') {
        fills.push([e.orderId, e.quantity, e.price]);
        const total = (filledById.get(e.orderId) ?? new Decimal(0)).plus(e.quantity);
        filledById.set(e.orderId, total);
        expect(total.lte(quantityById.get(e.orderId)!), 'filled more than the order').toBe(true);
      }
      if (e.type === 'tslupdate') {
        stops.push([e.orderId, e.stop]);
        const previous = stopById.get(e.orderId);
        expect(previous === undefined || new Decimal(e.stop).gte(previous), 'a sell TSL stop moved down').toBe(true);
        stopById.set(e.orderId, new Decimal(e.stop));
      }
      if (e.type === 'status') {
        const full = e.status === 'Filled' || e.cancelStatus === 'Filled';
        const cancelled = e.status === 'Canceled' || e.cancelStatus === 'Canceled';
        expect(full && cancelled, 'filled and cancelled').toBe(false);
        if (full) expect(filledById.get(e.orderId)?.eq(quantityById.get(e.orderId)!)).toBe(true);
        if (cancelled) expect((filledById.get(e.orderId) ?? new Decimal(0)).lt(quantityById.get(e.orderId)!)).toBe(true);
        if (['Filled', 'Canceled', 'Expired', 'Rejected'].includes(e.status) || ['Canceled', 'Expired', 'Filled'].includes(e.cancelStatus ?? '')) {
          finalById.set(e.orderId, e.display);
        }
      }
    }
    const sort = <T extends [string, string, ...string[]]>(list: T[]) => [...list].sort((a, b) => a.join('|').localeCompare(b.join('|')));
    expect(sort(fills)).toEqual(sort(naiveFills));
    expect(sort(stops)).toEqual(sort(naiveStops));
    const view = engine
      .openOrders()
      .map((o) => ({ id: o.id, filled: o.filledQuantity, stop: o.kind === 'tsl' ? o.stop : null }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(view).toEqual(naive.view());
  };

  actions.forEach((raw, i) => {
    const now = later(MONDAY_NOON, i * 1000);
    let action: Action;
    if (raw.type === 'hit') {
      const priced = naive.orders.flatMap((o) => [o.limit, o.stop].filter((p): p is Decimal => p !== null));
      const price = priced.length > 0 ? Math.round(priced[raw.pick % priced.length]!.toNumber() * 100) : mid;
      const bid = raw.on === 'bid' ? price : raw.on === 'ask' ? price - raw.spread : price - raw.spread / 2;
      action = { type: 'quote', move: bid + raw.spread / 2 - mid, spread: raw.spread, size: raw.size };
      if (bid < 1) action = { type: 'quote', move: 0, spread: raw.spread, size: raw.size };
    } else action = raw.type === 'place' ? orderAt(raw.order, mid, scale) : raw;
    const naiveFills: Fill[] = [];
    const naiveStops: [string, string][] = [];
    let events: EngineEvent[];
    if (action.type === 'quote') {
      mid = Math.min(20_000, Math.max(1_000, mid + action.move * (raw.type === 'hit' ? 1 : scale)));
      const bid = mid - Math.floor(action.spread / 2);
      const ask = bid + action.spread;
      const q: EngineQuote = { isin: SAP, bid: cents(bid), ask: cents(ask), ts: now.toISOString(), size: action.size === null ? null : String(action.size) };
      events = engine.onQuote(q, now);
      naive.quote(new Decimal(q.bid), new Decimal(q.ask), action.size === null ? null : new Decimal(action.size), now.getTime(), naiveFills, naiveStops);
    } else if (action.type === 'place') {
      const id = `o${++placed}`;
      quantityById.set(id, new Decimal(action.order.quantity!));
      events = engine.place({ ...action.order, id, accountId: 'acc', isin: SAP }, now);
      naive.place(id, action, now.getTime(), naiveFills, naiveStops);
      expect(events.some((e) => e.type === 'status' && e.status === 'Rejected'), 'generated orders are valid').toBe(false);
    } else {
      const id = placed === 0 ? 'none' : `o${(action.pick % placed) + 1}`;
      events = engine.cancel(id, now);
      naive.cancel(id);
    }
    check(events, naiveFills, naiveStops);
  });
  const close = engine.advanceTime(cet('2026-11-23T23:00:00'));
  naive.close();
  check(close, [], []);
}

describe('the indexed engine and a naive full scan agree', () => {
  it('on random orders, quotes and cancellations: same executions, same open orders, invariants hold', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 3, 10), fc.array(actionArb, { minLength: 1, maxLength: 60 }), (scale, actions) => run(scale, actions)),
      { numRuns: 300 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  });
});
