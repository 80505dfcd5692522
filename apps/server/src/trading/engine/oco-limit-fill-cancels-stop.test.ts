import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './types.ts';
import { MONDAY_NOON, displays, fills, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);
const legEvents = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'ocoLegCanceled' ? [e.leg] : []));
// Take profit at 110, stop loss at 90.
const oco = order('oco', { side: 'sell', kind: 'oco', limit: '110.00', stop: '90.00', quantity: '10' });

describe('OCO: when one leg executes the other is cancelled', () => {
  it('the limit leg fills at 110 and the stop leg is cancelled: a later fall to 85 sells nothing', () => {
    const engine = newEngine();
    engine.onQuote(quote('100.00', '100.04'), t(0));
    engine.place(oco, t(1));
    const events = engine.onQuote(quote('110.00', '110.04'), t(2));
    expect(fills(events)).toEqual([['oco', '10', '110.00']]);
    expect(legEvents(events)).toEqual(['stop']);
    expect(displays(events)).toEqual(['Filled']);
    expect(engine.onQuote(quote('85.00', '85.04'), t(3))).toEqual([]);
  });

  it('a partial fill of the limit leg already cancels the stop leg; the rest stays a limit order', () => {
    const engine = newEngine();
    engine.place(oco, t(0));
    const events = engine.onQuote(quote('110.00', '110.04', { size: '4' }), t(1));
    expect(fills(events)).toEqual([['oco', '4', '110.00']]);
    expect(legEvents(events)).toEqual(['stop']);
    expect(engine.order('oco')).toMatchObject({ ocoLeg: 'limit', status: 'PartiallyFilled', filledQuantity: '4' });
    expect(engine.onQuote(quote('85.00', '85.04'), t(2))).toEqual([]); // no stop any more
    expect(fills(engine.onQuote(quote('110.50', '110.54'), t(3)))).toEqual([['oco', '6', '110.50']]);
  });

  it('the stop leg triggers on the mid and sells at the bid; the limit leg is cancelled', () => {
    const engine = newEngine();
    engine.place(oco, t(0));
    const events = engine.onQuote(quote('89.98', '90.02'), t(1)); // mid 90.00
    expect(events.map((e) => e.type)).toEqual(['triggered', 'ocoLegCanceled', 'execution', 'status']);
    expect(legEvents(events)).toEqual(['limit']);
    expect(fills(events)).toEqual([['oco', '10', '89.98']]);
  });

  it('a triggered stop leg that only partly fills keeps selling at market, never at the old limit', () => {
    const engine = newEngine();
    engine.place(oco, t(0));
    engine.onQuote(quote('89.98', '90.02', { size: '3' }), t(1));
    expect(engine.order('oco')).toMatchObject({ ocoLeg: 'stop', triggered: true, filledQuantity: '3' });
    expect(fills(engine.onQuote(quote('111.00', '111.04'), t(2)))).toEqual([['oco', '7', '111.00']]);
  });

  it('a buy OCO: limit below, stop-buy above', () => {
    const engine = newEngine();
    engine.place(order('b', { side: 'buy', kind: 'oco', limit: '95.00', stop: '105.00' }), t(0));
    const events = engine.onQuote(quote('104.98', '105.04'), t(1)); // mid 105.01
    expect(legEvents(events)).toEqual(['limit']);
    expect(fills(events)).toEqual([['b', '10', '105.04']]);
  });

  it('legs in the wrong order are rejected', () => {
    const events = newEngine().place(order('bad', { side: 'sell', kind: 'oco', limit: '90.00', stop: '110.00' }), t(0));
    expect(events).toMatchObject([{ type: 'status', status: 'Rejected', reason: 'Beim OCO-Verkauf muss das Limit über dem Stop-Kurs liegen.' }]);
  });
});
