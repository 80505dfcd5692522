import { describe, expect, it } from 'vitest';
import { MONDAY_NOON, displays, fills, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);

describe('a limit sell waits until the bid reaches the limit', () => {
  it('rests while the bid is below the limit, then executes at the bid', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.00', '100.04'), t(0));
    const placed = engine.place(order('s1', { side: 'sell', kind: 'limit', limit: '105.00', quantity: '4' }), t(1));
    expect(displays(placed)).toEqual(['Created', 'Sent', 'Open']);
    expect(engine.onQuote(quote('104.99', '105.03'), t(2))).toEqual([]);
    const events = engine.onQuote(quote('105.00', '105.04'), t(3));
    expect(fills(events)).toEqual([['s1', '4', '105.00']]);
    expect(displays(events)).toEqual(['Filled']);
  });

  it('a bid that jumps past the limit gives the better price', () => {
    const engine = newEngine();
    engine.place(order('s1', { side: 'sell', kind: 'limit', limit: '105.00' }), t(0));
    expect(fills(engine.onQuote(quote('105.20', '105.24'), t(1)))).toEqual([['s1', '10', '105.20']]);
  });

  it('a limit buy executes when the ask falls to the limit, at the ask', () => {
    const engine = newEngine();
    engine.place(order('b1', { side: 'buy', kind: 'limit', limit: '99.00' }), t(0));
    expect(engine.onQuote(quote('98.98', '99.01'), t(1))).toEqual([]);
    expect(fills(engine.onQuote(quote('98.90', '98.95'), t(2)))).toEqual([['b1', '10', '98.95']]);
  });

  it('a marketable limit executes at once at the ask, not at the limit', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), t(0));
    expect(fills(engine.place(order('b1', { kind: 'limit', limit: '101.00' }), t(1)))).toEqual([['b1', '10', '100.02']]);
  });

  it('the quote decides off-grid prices exactly: a bid of 104.999 does not reach 105.00', () => {
    const engine = newEngine();
    engine.place(order('s1', { side: 'sell', kind: 'limit', limit: '105.00' }), t(0));
    expect(engine.onQuote(quote('104.999', '105.03'), t(1))).toEqual([]);
    expect(fills(engine.onQuote(quote('105.001', '105.03'), t(2)))).toEqual([['s1', '10', '105.001']]);
  });

  it('several limits reached by one quote all execute, the rest keep waiting', () => {
    const engine = newEngine();
    for (const [id, limit] of [['a', '101.00'], ['b', '102.00'], ['c', '103.00'], ['d', '104.00']] as const) {
      engine.place(order(id, { side: 'sell', kind: 'limit', limit }), t(0));
    }
    const events = engine.onQuote(quote('102.50', '102.54'), t(1));
    expect(fills(events).map(([id]) => id).sort()).toEqual(['a', 'b']);
    expect(engine.openOrders().map((o) => o.id)).toEqual(['c', 'd']);
  });
});
