import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type Lot, positionOf, sellFifo, valuation } from './lots';

const lot = (id: string, quantity: string, cost: string, remaining = quantity, remainingCost = cost): Lot => ({
  id,
  quantity,
  remaining,
  cost,
  remainingCost,
});

describe('FIFO lots — scenarios', () => {
  it('sap-two-buys-one-sale-uses-the-oldest-lot-first', () => {
    // 10 SAP at 150 € (+1 € fee), later 10 at 180 € (+1 €); sell 12 for 2,399 € net.
    const lots = [lot('a', '10', '1501.00'), lot('b', '10', '1801.00')];
    const sale = sellFifo(lots, '12', '2399.00');
    expect(sale.consumed).toEqual([
      { lotId: 'a', quantity: '10', cost: '1501.00', vorabpauschale: '0.00' },
      { lotId: 'b', quantity: '2', cost: '360.20', vorabpauschale: '0.00' },
    ]);
    expect(sale.costOfSold).toBe('1861.20');
    expect(sale.realisedPnl).toBe('537.80');
  });

  it('etf-fraction-sale-of-a-savings-lot-prorates-the-cost-to-the-cent', () => {
    // 0.4567 pieces for 50 € (savings plan), sell 0.1234.
    const sale = sellFifo([lot('s', '0.4567', '50.00')], '0.1234', '14.00');
    expect(sale.consumed).toEqual([{ lotId: 's', quantity: '0.1234', cost: '13.51', vorabpauschale: '0.00' }]);
    expect(sale.realisedPnl).toBe('0.49');
  });

  it('selling-the-rest-of-a-lot-takes-the-remaining-cost-so-no-cent-is-lost', () => {
    // Three sales of a third each: 33.33 + 33.34 + 33.33 = 100.00, the whole cost.
    let l = lot('x', '3', '100.00');
    const costs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sale = sellFifo([l], '1', '40.00');
      costs.push(sale.costOfSold);
      l = { ...l, remaining: new Decimal(l.remaining).minus(1).toFixed(), remainingCost: new Decimal(l.remainingCost).minus(sale.costOfSold).toFixed(2) };
    }
    expect(costs).toEqual(['33.33', '33.34', '33.33']);
    expect(Decimal.sum(...costs).toFixed(2)).toBe('100.00');
  });

  it('skips used-up lots and refuses to sell more than is held', () => {
    const lots = [lot('a', '5', '500.00', '0', '0.00'), lot('b', '5', '600.00')];
    expect(sellFifo(lots, '5', '650.00').consumed).toEqual([{ lotId: 'b', quantity: '5', cost: '600.00', vorabpauschale: '0.00' }]);
    expect(() => sellFifo(lots, '6', '700.00')).toThrow(/Not enough/);
  });
});

describe('position and valuation', () => {
  it('averages the purchase price over the pieces still held', () => {
    const p = positionOf([lot('a', '10', '1501.00', '0', '0.00'), lot('b', '10', '1801.00', '8', '1440.80'), lot('c', '2', '400.00')]);
    expect(p).toEqual({ quantity: '10', cost: '1840.80', averagePrice: '184.08' });
  });

  it('values at the bid: a gain is positive, a loss negative, in euro and percent', () => {
    expect(valuation({ quantity: '10', cost: '1840.80' }, '190.00')).toEqual({ value: '1900.00', pnl: '59.20', pnlPercent: '3.22' });
    expect(valuation({ quantity: '0.5', cost: '100.00' }, '150.005')).toEqual({ value: '75.00', pnl: '-25.00', pnlPercent: '-25.00' });
  });

  it('an empty position is zero and has no percent, not a division by zero', () => {
    expect(positionOf([])).toEqual({ quantity: '0', cost: '0.00', averagePrice: '0' });
    expect(valuation({ quantity: '0', cost: '0.00' }, '10').pnlPercent).toBeNull();
  });
});
