import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './types.ts';
import { MONDAY_NOON, fills, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);
const stops = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'tslupdate' ? [e.stop] : []));
const tsl = (distance: string, unit: 'EUR' | 'PERCENT') =>
  order('tsl', { side: 'sell', kind: 'tsl', trailingDistance: distance, trailingUnit: unit });

describe('a trailing stop loss ratchets up with the bid and never down', () => {
  it('5 € below the bid: 95 → 97, stays at 97 when the bid falls back, then sells when the mid reaches it', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.00', '100.04'), t(0));
    expect(stops(engine.place(tsl('5.00', 'EUR'), t(1)))).toEqual(['95.00']);
    const up = engine.onQuote(quote('102.00', '102.04'), t(2));
    expect(up).toMatchObject([{ type: 'tslupdate', stop: '97.00', previousStop: '95.00' }]);
    expect(engine.onQuote(quote('101.00', '101.04'), t(3))).toEqual([]);
    expect(engine.onQuote(quote('101.99', '102.03'), t(4))).toEqual([]); // below the high: no move
    expect(engine.order('tsl')?.stop).toBe('97.00');
    expect(engine.onQuote(quote('97.00', '97.04'), t(5))).toEqual([]); // mid 97.02 above the stop
    const events = engine.onQuote(quote('96.96', '97.04'), t(6)); // mid 97.00
    expect(events.map((e) => e.type)).toEqual(['triggered', 'execution', 'status']);
    expect(fills(events)).toEqual([['tsl', '10', '96.96']]);
  });

  it('each ratchet emits one tslupdate; a bid that lifts the stop by less than a cent moves nothing', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.00', '100.04'), t(0));
    engine.place(tsl('5.00', 'EUR'), t(1));
    expect(stops(engine.onQuote(quote('100.005', '100.04'), t(2)))).toEqual([]);
    expect(stops(engine.onQuote(quote('100.01', '100.05'), t(3)))).toEqual(['95.01']);
    expect(stops(engine.onQuote(quote('100.50', '100.54'), t(4)))).toEqual(['95.50']);
  });

  it('10 % below the bid, rounded down to the price grid', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.05', '100.09'), t(0));
    expect(stops(engine.place(tsl('10', 'PERCENT'), t(1)))).toEqual(['90.04']); // 90.045 → 90.04
    expect(stops(engine.onQuote(quote('100.06', '100.10'), t(2)))).toEqual(['90.05']); // 90.054
    expect(stops(engine.onQuote(quote('100.065', '100.10'), t(3)))).toEqual([]); // 90.0585 → 90.05
    expect(stops(engine.onQuote(quote('100.07', '100.11'), t(4)))).toEqual(['90.06']); // 90.063
  });

  it('placed before any quote, it takes its first stop from the first bid', () => {
    const engine = newEngine();
    engine.place(tsl('2.50', 'EUR'), t(0));
    expect(engine.order('tsl')?.stop).toBeNull();
    expect(stops(engine.onQuote(quote('50.00', '50.02'), t(1)))).toEqual(['47.50']);
  });

  it('does not ratchet on quotes outside the trading window', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.00', '100.04'), t(0));
    engine.place({ ...tsl('5.00', 'EUR'), validity: { type: 'gtc' } }, t(1));
    expect(engine.onQuote(quote('110.00', '110.04'), new Date('2026-11-23T23:30:00+01:00'))).toEqual([]);
    expect(engine.order('tsl')?.stop).toBe('95.00');
  });
});
