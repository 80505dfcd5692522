import { describe, expect, it } from 'vitest';
import { OrderEngine } from './engine.ts';
import type { OrderState } from './types.ts';
import { ETF, MONDAY_NOON, cet, engineOptions, displays, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);
const options = engineOptions;

/** An engine with one of everything: partly filled, ratcheted, one OCO leg gone, cancelling, pending. */
function busyEngine(): OrderEngine {
  const engine = new OrderEngine(options);
  const gtc = { validity: { type: 'gtc' as const } };
  engine.onQuote(quote('100.00', '100.04'), t(0));
  engine.place(order('limit', { kind: 'limit', limit: '95.00', quantity: '50', ...gtc }), t(1));
  engine.place(order('tsl', { side: 'sell', kind: 'tsl', trailingDistance: '12', trailingUnit: 'PERCENT', ...gtc }), t(1));
  engine.place(order('oco', { side: 'sell', kind: 'oco', limit: '104.00', stop: '92.00', quantity: '30', ...gtc }), t(1));
  engine.place(order('stoplimit', { side: 'sell', kind: 'stoplimit', stop: '97.00', limit: '96.00', ...gtc }), t(1));
  engine.place(order('fraction', { isin: ETF, kind: 'fraction', quantity: null, amount: '500.00', ...gtc }), t(1));
  engine.onQuote(quote('104.10', '104.14', { size: '10' }), t(2)); // TSL up, OCO limit leg partly
  engine.onQuote(quote('94.90', '95.00', { size: '20' }), t(3)); // limit partly, stop-limit triggers
  engine.onQuote(quote('81.00', '81.04', { isin: ETF, size: '2' }), t(4)); // fraction partly
  engine.cancel('limit', cet('2026-11-23T23:30:00'));
  engine.place(order('night', { kind: 'market', quantity: '5' }), cet('2026-11-23T23:40:00'));
  return engine;
}

const roundTrip = (orders: OrderState[]): OrderState[] => JSON.parse(JSON.stringify(orders)) as OrderState[];

describe('the engine rebuilds from its open orders as persisted', () => {
  it('holds the same orders after a JSON round trip', () => {
    const a = busyEngine();
    const b = OrderEngine.rebuild(options, roundTrip(a.openOrders()), cet('2026-11-24T03:00:00'));
    expect(b.openOrders()).toEqual(a.openOrders());
    expect(a.order('tsl')).toMatchObject({ stop: '91.60' }); // 104.10 × 0.88 = 91.608
    expect(a.order('oco')).toMatchObject({ ocoLeg: 'limit', filledQuantity: '10' });
    expect(a.order('stoplimit')).toMatchObject({ triggered: true, status: 'Open' });
    expect(a.order('limit')).toMatchObject({ status: 'PartiallyFilled', cancelStatus: 'PendingCancel' });
    expect(a.order('night')).toMatchObject({ status: 'Pending' });
  });

  it('and then answers every call exactly like the engine it was rebuilt from', () => {
    const a = busyEngine();
    const b = OrderEngine.rebuild(options, roundTrip(a.openOrders()), cet('2026-11-24T03:00:00'));
    const day = (hhmmss: string) => cet(`2026-11-24T${hhmmss}`);
    const [q1, q2, q3, q4] = [quote('100.00', '100.04'), quote('106.00', '106.04'), quote('100.96', '101.00'), quote('82.00', '82.04', { isin: ETF })];
    const script: ((e: OrderEngine) => unknown)[] = [
      (e) => e.advanceTime(day('07:30:00')),
      (e) => e.onQuote(q1, day('07:30:01')),
      (e) => e.onQuote(q2, day('07:30:02')),
      (e) => e.place(order('new', { kind: 'limit', limit: '101.00' }), day('07:30:03')),
      (e) => e.onQuote(q3, day('07:30:04')),
      (e) => e.onQuote(q4, day('07:30:05')),
      (e) => e.cancel('oco', day('08:00:00')),
      (e) => e.openOrders(),
      (e) => e.advanceTime(day('23:00:00')),
    ];
    for (const call of script) expect(call(b)).toEqual(call(a));
    // The script reached every order: only the until-cancelled trailing stop is still open.
    expect(b.openOrders().map((o) => o.id)).toEqual(['tsl']);
  });

  it('a cancellation that was in flight when the process stopped is completed at the next call in the window', () => {
    const a = newEngine();
    a.place(order('c', { kind: 'limit', limit: '90.00' }), MONDAY_NOON);
    const stored: OrderState = { ...a.order('c')!, cancelStatus: 'SentCancel' };
    const b = OrderEngine.rebuild(options, [stored], t(5));
    expect(displays(b.advanceTime(t(6)))).toEqual(['Canceled']);
  });

  it('skips final orders, continues the time priority and refuses an unknown instrument', () => {
    const a = newEngine();
    a.place(order('x', { kind: 'limit', limit: '90.00' }), MONDAY_NOON);
    const open = a.order('x')!;
    const b = OrderEngine.rebuild(options, [{ ...open, id: 'done', status: 'Filled', seq: 41 }, open], t(1));
    expect(b.openOrders().map((o) => o.id)).toEqual(['x']);
    expect(b.place(order('y', { kind: 'limit', limit: '90.00' }), t(2)).at(-1)).toMatchObject({ order: { seq: 42 } });
    expect(() => OrderEngine.rebuild(options, [{ ...open, isin: 'US0378331005' }], t(1))).toThrow(/unknown instrument/);
  });
});
