import { describe, expect, it } from 'vitest';
import { ETF, MONDAY_NOON, cet, displays, executions, fills, later, newEngine, order, quote } from './test-fixtures.ts';

describe('a market buy executes at the ask', () => {
  it('executes at once against a fresh quote, in full, at the ask', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    const events = engine.place(order('o1', { side: 'buy', quantity: '10' }), later(MONDAY_NOON, 500));
    expect(displays(events)).toEqual(['Created', 'Sent', 'Open', 'Filled']);
    const [execution] = executions(events);
    expect(execution).toMatchObject({ executionId: 'o1-1', side: 'buy', quantity: '10', price: '100.02', value: '1000.2' });
    expect(engine.order('o1')).toBeUndefined(); // final orders leave the engine
  });

  it('a market sell executes at the bid', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    expect(fills(engine.place(order('o1', { side: 'sell', quantity: '3' }), MONDAY_NOON))).toEqual([['o1', '3', '99.98']]);
  });

  it('without a fresh quote it stays open and executes on the next quote', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    const placed = engine.place(order('o1', {}), later(MONDAY_NOON, 60_000)); // last quote a minute old
    expect(displays(placed)).toEqual(['Created', 'Sent', 'Open']);
    expect(fills(engine.onQuote(quote('100.10', '100.14'), later(MONDAY_NOON, 61_000)))).toEqual([['o1', '10', '100.14']]);
  });

  it('outside the trading window it is Pending (vorläufig) and executes at the first quote after the open', () => {
    const engine = newEngine();
    const sunday = cet('2026-11-22T20:00:00');
    const placed = engine.place(order('o1', {}), sunday);
    expect(displays(placed)).toEqual(['Created', 'Pending']);
    expect(placed.at(-1)).toMatchObject({ label: 'vorläufig' });
    expect(engine.onQuote(quote('99.98', '100.02'), cet('2026-11-23T07:00:00'))).toEqual([]); // still closed
    const opened = engine.advanceTime(cet('2026-11-23T07:30:00'));
    expect(displays(opened)).toEqual(['Sent', 'Open']);
    expect(fills(engine.onQuote(quote('101.00', '101.04'), cet('2026-11-23T07:30:01')))).toEqual([['o1', '10', '101.04']]);
  });

  it('a quote with bid above ask is ignored', () => {
    const engine = newEngine();
    engine.place(order('o1', {}), MONDAY_NOON);
    expect(engine.onQuote(quote('100.05', '100.00'), MONDAY_NOON)).toEqual([]);
    expect(engine.order('o1')?.status).toBe('Open');
  });

  it('one feed tick with the quotes of many instruments executes each instrument’s orders at its own ask', () => {
    const engine = newEngine();
    engine.place(order('sap', { quantity: '2' }), MONDAY_NOON);
    engine.place(order('etf', { isin: ETF, quantity: '0.5' }), MONDAY_NOON);
    const events = engine.onQuotes(
      [quote('99.98', '100.02'), quote('80.00', '80.04', { isin: ETF }), quote('1.00', '1.01', { isin: 'US0378331005' })],
      later(MONDAY_NOON, 1000),
    );
    expect(fills(events)).toEqual([
      ['sap', '2', '100.02'],
      ['etf', '0.5', '80.04'],
    ]);
  });
});
