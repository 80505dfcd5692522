import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostInstrument, PRICE_LIST, exAnteCosts, isSmallOrder } from './order-costs';

const share: CostInstrument = { tradingFees: null, lowTradingThreshold: '500.00', lowTradingThresholdQuantity: null };

describe('a 1.000 € share buy above the small-order threshold pays the price-list fee and half the spread', () => {
  it('costs 1,00 € fee + 1,00 € spread = 0,20 %', () => {
    expect(
      exAnteCosts({ side: 'buy', quantity: '10', price: '100.10', quote: { bid: '99.90', ask: '100.10' } }, share),
    ).toEqual({
      orderValue: '1001.00',
      orderFee: '1.00',
      smallOrderSurcharge: '0.00',
      spreadCost: '1.00',
      total: '2.00',
      totalPercent: '0.20',
      smallOrder: false,
    });
  });
});

describe('a 100 € order below the threshold carries the small-order surcharge', () => {
  it('adds 1,00 € and marks the order small', () => {
    const costs = exAnteCosts({ side: 'buy', quantity: '1', price: '100.00' }, share);
    expect(costs).toMatchObject({ smallOrder: true, smallOrderSurcharge: '1.00', spreadCost: '0.00', total: '2.00', totalPercent: '2.00' });
  });
  it('exactly at the threshold is not small', () => {
    expect(isSmallOrder(share, '5', '500.00')).toBe(false);
    expect(isSmallOrder(share, '5', '499.99')).toBe(true);
  });
});

describe('a partner derivative with its own trading fee of 0,00 €', () => {
  const warrant: CostInstrument = { tradingFees: '0.00', lowTradingThreshold: '500.00', lowTradingThresholdQuantity: '1000' };
  it('pays no order fee; small by quantity, not by value', () => {
    const costs = exAnteCosts({ side: 'sell', quantity: '999', price: '0.85', quote: { bid: '0.85', ask: '0.86' } }, warrant);
    expect(costs.orderFee).toBe('0.00');
    expect(costs.smallOrder).toBe(true);
    expect(costs.spreadCost).toBe('5.00'); // 0,005 × 999 = 4,995
    expect(exAnteCosts({ side: 'sell', quantity: '1000', price: '0.85' }, warrant).smallOrder).toBe(false);
  });
});

describe('a US share quoted in dollars is costed in euros', () => {
  it('converts value and spread with the fx rate', () => {
    const costs = exAnteCosts(
      { side: 'buy', quantity: '10', price: '200.00', quote: { bid: '199.80', ask: '200.00' }, fxRate: '0.9' },
      share,
    );
    expect(costs.orderValue).toBe('1800.00');
    expect(costs.spreadCost).toBe('0.90');
    expect(costs.total).toBe('1.90');
    expect(costs.totalPercent).toBe('0.11');
  });
});

describe('a custom price list', () => {
  it('replaces fee and surcharge', () => {
    const costs = exAnteCosts({ side: 'buy', quantity: '1', price: '50.00' }, share, { orderFee: '0.99', smallOrderSurcharge: '0.50', savingsPlanExecution: '0.00' });
    expect(costs.total).toBe('1.49');
    expect(PRICE_LIST.orderFee).toBe('1.00');
  });
});

describe('any order', () => {
  it('shows parts in cents that add up to the total, and the total as a percentage of the value', () => {
    const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => (n / 100).toFixed(2));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), cents(100_000), cents(500), fc.constantFrom('1', '0.92', '1.0815'), (quantity, bid, spread, fxRate) => {
        const ask = new Decimal(bid).plus(spread).toFixed(2);
        const c = exAnteCosts({ side: 'buy', quantity: String(quantity), price: ask, quote: { bid, ask }, fxRate }, share);
        const value = new Decimal(quantity).mul(ask).mul(fxRate);
        expect(c.orderValue).toBe(value.toFixed(2, Decimal.ROUND_HALF_UP));
        expect(c.smallOrder).toBe(value.lt('500.00'));
        expect(c.spreadCost).toBe(new Decimal(spread).div(2).mul(quantity).mul(fxRate).toFixed(2, Decimal.ROUND_HALF_UP));
        for (const part of [c.orderFee, c.smallOrderSurcharge, c.spreadCost, c.total, c.totalPercent]) expect(part).toMatch(/^\d+\.\d{2}$/);
        expect(new Decimal(c.orderFee).plus(c.smallOrderSurcharge).plus(c.spreadCost).toFixed(2)).toBe(c.total);
        const percent = new Decimal(c.orderValue).isZero() ? '0.00' : new Decimal(c.total).div(c.orderValue).mul(100).toFixed(2, Decimal.ROUND_HALF_UP);
        expect(c.totalPercent).toBe(percent);
      }),
      { numRuns: 500 },
    );
  });
});
