import { describe, expect, it } from 'vitest';
import { MONDAY_NOON, displays, fills, later, newEngine, order, quote, statuses } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);

describe('an order larger than the quoted size fills in parts', () => {
  it('100 pieces against quotes of 30: 30, 30, 30, 10, partially filled until the last', () => {
    const engine = newEngine();
    engine.place(order('b', { quantity: '100' }), t(0));
    const first = engine.onQuote(quote('99.98', '100.02', { size: '30' }), t(1));
    expect(fills(first)).toEqual([['b', '30', '100.02']]);
    expect(statuses(first)).toMatchObject([{ display: 'PartiallyFilled', label: 'teilausgeführt' }]);
    expect(fills(engine.onQuote(quote('99.99', '100.03', { size: '30' }), t(2)))).toEqual([['b', '30', '100.03']]);
    expect(displays(engine.onQuote(quote('99.99', '100.03', { size: '30' }), t(3)))).toEqual([]); // no status change
    const last = engine.onQuote(quote('100.00', '100.04', { size: '30' }), t(4));
    expect(fills(last)).toEqual([['b', '10', '100.04']]);
    expect(displays(last)).toEqual(['Filled']);
    expect(last[0]).toMatchObject({ executionId: 'b-4', order: { filledQuantity: '100', filledValue: '10002.8' } });
  });

  it('each order gets up to the size on its own: two orders of 20 both fill 15 from one quote', () => {
    const engine = newEngine();
    engine.place(order('a', { quantity: '20' }), t(0));
    engine.place(order('b', { quantity: '20' }), t(0));
    expect(fills(engine.onQuote(quote('99.98', '100.02', { size: '15' }), t(1)))).toEqual([
      ['a', '15', '100.02'],
      ['b', '15', '100.02'],
    ]);
  });

  it('a market maker cap by value: at most 5.000 € per order and quote', () => {
    const engine = newEngine({ maxOrderValuePerQuote: '5000' });
    engine.place(order('b', { quantity: '120' }), t(0));
    // 5000 / 100.02 = 49.99 → 49 pieces
    expect(fills(engine.onQuote(quote('99.98', '100.02'), t(1)))).toEqual([['b', '49', '100.02']]);
    expect(fills(engine.onQuote(quote('99.98', '100.02', { size: '10' }), t(2)))).toEqual([['b', '10', '100.02']]);
  });

  it('a size below one quantity step fills nothing', () => {
    const engine = newEngine();
    engine.place(order('b', { quantity: '5' }), t(0));
    expect(engine.onQuote(quote('99.98', '100.02', { size: '0.5' }), t(1))).toEqual([]);
    expect(engine.order('b')?.status).toBe('Open');
  });

  it('a partly filled order cancelled ends teilausgeführt, gestrichen', () => {
    const engine = newEngine();
    engine.place(order('b', { quantity: '50' }), t(0));
    engine.onQuote(quote('99.98', '100.02', { size: '20' }), t(1));
    const events = engine.cancel('b', t(2));
    expect(displays(events)).toEqual(['PartiallyFilled_CreatedCancel', 'PartiallyFilled_SentCancel', 'PartiallyFilled_Canceled']);
    expect(statuses(events).map((e) => e.label)).toEqual([
      'teilausgeführt, zur Streichung vorgemerkt',
      'teilausgeführt, zur Streichung vorgemerkt',
      'teilausgeführt, gestrichen',
    ]);
  });
});
