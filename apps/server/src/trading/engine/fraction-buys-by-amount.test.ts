import { describe, expect, it } from 'vitest';
import { ETF, MONDAY_NOON, displays, fills, later, newEngine, order, quote } from './test-fixtures.ts';

const t = (s: number) => later(MONDAY_NOON, s * 1000);
const etfQuote = (bid: string, ask: string, size?: string) => quote(bid, ask, { isin: ETF, size: size ?? null });
const fraction = (id: string, side: 'buy' | 'sell', amount: string) =>
  order(id, { isin: ETF, side, kind: 'fraction', quantity: null, amount });

describe('a fraction order buys for an amount, the quantity follows from the ask at execution', () => {
  it('100 € at an ask of 83.21 buys 1.201 pieces (rounded down to qtyIncr 0.001) for 99.93 €', () => {
    const engine = newEngine();
    engine.onQuote(etfQuote('83.17', '83.21'), t(0));
    const events = engine.place(fraction('f', 'buy', '100.00'), t(1));
    expect(fills(events)).toEqual([['f', '1.201', '83.21']]);
    expect(events.find((e) => e.type === 'execution')).toMatchObject({ value: '99.93521' });
    expect(displays(events).at(-1)).toBe('Filled');
  });

  it('placed outside the window, it uses the price at the open, not the price when placed', () => {
    const engine = newEngine();
    engine.onQuote(etfQuote('83.17', '83.21'), new Date('2026-11-22T20:00:00+01:00'));
    engine.place(fraction('f', 'buy', '100.00'), new Date('2026-11-22T20:00:01+01:00'));
    const events = engine.onQuote(etfQuote('99.96', '100.00'), new Date('2026-11-23T07:30:00+01:00'));
    expect(fills(events)).toEqual([['f', '1', '100.00']]);
  });

  it('sells for an amount at the bid', () => {
    const engine = newEngine();
    engine.onQuote(etfQuote('50.00', '50.04'), t(0));
    expect(fills(engine.place(fraction('f', 'sell', '75.00'), t(1)))).toEqual([['f', '1.5', '50.00']]);
  });

  it('in parts when the quote is small, each part bought with what is left of the amount', () => {
    const engine = newEngine();
    engine.place(fraction('f', 'buy', '100.00'), t(0));
    expect(fills(engine.onQuote(etfQuote('49.96', '50.00', '0.5'), t(1)))).toEqual([['f', '0.5', '50.00']]);
    const rest = engine.onQuote(etfQuote('74.96', '75.00'), t(2)); // 75 € left → 1 piece
    expect(fills(rest)).toEqual([['f', '1', '75.00']]);
    expect(displays(rest)).toEqual(['Filled']);
  });

  it('an amount that buys not even one step is rejected at execution', () => {
    const engine = newEngine();
    engine.place(fraction('f', 'buy', '0.01'), t(0));
    const events = engine.onQuote(etfQuote('49.96', '50.00'), t(1));
    expect(events).toMatchObject([{ type: 'status', status: 'Rejected' }]);
  });
});
