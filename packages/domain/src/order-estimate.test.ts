import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { buyReservation, estimatedQuantity, orderEstimate, referencePrice } from './order-estimate';
import type { OrderTicket } from './order-rules';

const quote = { bid: '99.00', ask: '101.00' };
const day = { type: 'day' } as const;
const share = { tradingFees: null, lowTradingThreshold: '500', lowTradingThresholdQuantity: null };

describe('the price an order is valued at', () => {
  it('a buy OCO is valued at its higher leg, a sell OCO at its lower: never better than it may execute', () => {
    expect(referencePrice({ side: 'buy', kind: 'oco', limit: '95.00', stop: '105.00' }, quote)).toBe('105');
    expect(referencePrice({ side: 'sell', kind: 'oco', limit: '110.00', stop: '90.00' }, quote)).toBe('90');
  });

  it('a limit or stop-limit at its limit, a stop at its stop, a market order at ask or bid', () => {
    expect(referencePrice({ side: 'buy', kind: 'stoplimit', limit: '103.00', stop: '102.00' }, quote)).toBe('103.00');
    expect(referencePrice({ side: 'sell', kind: 'stop', stop: '95.00' }, quote)).toBe('95.00');
    expect(referencePrice({ side: 'buy', kind: 'market' }, quote)).toBe('101.00');
    expect(referencePrice({ side: 'sell', kind: 'market' }, quote)).toBe('99.00');
    expect(referencePrice({ side: 'buy', kind: 'market' }, null)).toBeNull();
  });
});

describe('the pieces an order comes to', () => {
  it('a fraction buy of 50 € at an ask of 101 € is 0.495049 pieces, rounded down', () => {
    // 50 / 101 = 0.4950495…
    expect(estimatedQuantity({ side: 'buy', kind: 'fraction', amount: '50' }, quote)).toBe('0.495049');
  });

  it('without a quote a fraction order has no pieces yet', () => {
    expect(estimatedQuantity({ side: 'buy', kind: 'fraction', amount: '50' }, null)).toBeNull();
  });
});

describe('what a buy holds', () => {
  it('a market buy of 3 at an ask of 101 € with 2 € fees holds 335,30 €: 10 % over its estimate', () => {
    // 3 × 101 × 1.10 = 333.30, plus 2.00 fees
    const ticket: OrderTicket = { side: 'buy', kind: 'market', quantity: '3', validity: day };
    expect(buyReservation(ticket, quote, '1', '2.00')?.toFixed(2)).toBe('335.30');
  });

  it('a limit buy of 3 at 100 € in dollars at 0,9 € holds its limit, fees on top, rounded up to the cent', () => {
    // 3 × 100 × 0.9 = 270, plus 1.005 → 271.005 → 271.01
    const ticket: OrderTicket = { side: 'buy', kind: 'limit', quantity: '3', limit: '100', validity: day };
    expect(buyReservation(ticket, quote, '0.9', '1.005')?.toFixed(2)).toBe('271.01');
  });

  it('a buy OCO holds the larger of its limit and its stop with the buffer', () => {
    // max(95, 105 × 1.10 = 115.5) × 2 = 231, plus 1.00
    const ticket: OrderTicket = { side: 'buy', kind: 'oco', quantity: '2', limit: '95', stop: '105', validity: day };
    expect(buyReservation(ticket, quote, '1', '1.00')?.toFixed(2)).toBe('232.00');
  });

  it('a market buy without a quote cannot be valued', () => {
    expect(buyReservation({ side: 'buy', kind: 'market', quantity: '1', validity: day }, null, '1', '1')).toBeNull();
  });
});

describe('the estimate of an order', () => {
  it('a buy of 4 at a limit of 100 € is worth 400 €, a small order with 1 € surcharge and 4 € of spread', () => {
    const e = orderEstimate({ side: 'buy', kind: 'limit', quantity: '4', limit: '100', validity: day }, share, { quote, fxRate: '1' });
    expect(e).toMatchObject({ quantity: '4', price: '100' });
    // Half the spread (1 €) per piece × 4; fee 1 € + surcharge 1 € (400 € < 500 €)
    expect(e?.costs).toMatchObject({ orderValue: '400.00', orderFee: '1.00', smallOrderSurcharge: '1.00', spreadCost: '4.00', total: '6.00' });
    expect(new Decimal(e!.costs.totalPercent).toFixed(2)).toBe('1.50');
  });

  it('text that is no number gives no estimate', () => {
    expect(orderEstimate({ side: 'buy', kind: 'limit', quantity: '4', limit: '1,00x', validity: day }, share, { quote: null, fxRate: '1' })).toBeNull();
  });
});
