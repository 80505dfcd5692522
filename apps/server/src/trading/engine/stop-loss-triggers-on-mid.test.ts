import { describe, expect, it } from 'vitest';
import { MONDAY_NOON, displays, fills, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);

describe('a stop-loss triggers on the mid and then sells at the bid', () => {
  it('a bid below the stop is not enough while the mid stays above it', () => {
    const engine = newEngine();
    engine.place(order('s1', { side: 'sell', kind: 'stop', stop: '95.00' }), t(0));
    expect(engine.onQuote(quote('94.98', '95.04'), t(1))).toEqual([]); // mid 95.01
    const events = engine.onQuote(quote('94.96', '95.04'), t(2)); // mid 95.00
    expect(events.map((e) => e.type)).toEqual(['triggered', 'execution', 'status']);
    expect(events[0]).toMatchObject({ type: 'triggered', mid: '95' });
    expect(fills(events)).toEqual([['s1', '10', '94.96']]);
  });

  it('a stop-buy triggers when the mid rises to the stop and buys at the ask', () => {
    const engine = newEngine();
    engine.place(order('b1', { side: 'buy', kind: 'stop', stop: '105.00' }), t(0));
    expect(engine.onQuote(quote('104.96', '105.02'), t(1))).toEqual([]); // mid 104.99
    expect(fills(engine.onQuote(quote('104.98', '105.02'), t(2)))).toEqual([['b1', '10', '105.02']]);
  });

  it('a stop-limit becomes a limit order when triggered and waits for its limit', () => {
    const engine = newEngine();
    engine.place(order('s1', { side: 'sell', kind: 'stoplimit', stop: '95.00', limit: '94.50' }), t(0));
    const gap = engine.onQuote(quote('94.00', '94.04'), t(1)); // gaps through the limit
    expect(gap.map((e) => e.type)).toEqual(['triggered']);
    expect(engine.order('s1')).toMatchObject({ triggered: true, status: 'Open' });
    expect(engine.onQuote(quote('94.49', '94.53'), t(2))).toEqual([]);
    expect(fills(engine.onQuote(quote('94.60', '94.64'), t(3)))).toEqual([['s1', '10', '94.60']]);
  });

  it('a stop that triggers on the same quote as its stop-limit neighbour: both fire, each in its own way', () => {
    const engine = newEngine();
    engine.place(order('stop', { side: 'sell', kind: 'stop', stop: '95.00' }), t(0));
    engine.place(order('sl', { side: 'sell', kind: 'stoplimit', stop: '95.00', limit: '94.90' }), t(0));
    const events = engine.onQuote(quote('94.92', '95.00'), t(1));
    expect(fills(events).sort()).toEqual([
      ['sl', '10', '94.92'],
      ['stop', '10', '94.92'],
    ]);
    expect(displays(events)).toEqual(['Filled', 'Filled']);
  });
});
