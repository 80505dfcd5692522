import { describe, expect, it } from 'vitest';
import { CANCEL_STATUSES } from './enums';
import { canCancel, isFinal, isOpenOrder, usesLimit, usesStop, usesValidity } from './order-kinds';

describe('which fields an order kind uses', () => {
  it('limit, stop-limit and OCO carry a limit; stop, stop-limit and OCO a stop; market and fraction neither', () => {
    const kinds = ['market', 'limit', 'stop', 'stoplimit', 'oco', 'tsl', 'fraction'];
    expect(kinds.filter(usesLimit)).toEqual(['limit', 'stoplimit', 'oco']);
    expect(kinds.filter(usesStop)).toEqual(['stop', 'stoplimit', 'oco']);
    expect(kinds.filter(usesValidity)).toEqual(['limit', 'stop', 'stoplimit', 'oco', 'tsl']);
  });
});

describe('when an order has ended', () => {
  it('filled, cancelled, expired and rejected orders are final, whatever cancellation is pending', () => {
    for (const status of ['Filled', 'Canceled', 'Expired', 'Rejected'] as const) {
      for (const cancelStatus of [null, ...CANCEL_STATUSES]) expect(isFinal({ status, cancelStatus })).toBe(true);
    }
  });

  it('a partly filled order ends once its rest is cancelled, expired or filled, not while a cancellation is pending', () => {
    expect(isFinal({ status: 'PartiallyFilled', cancelStatus: 'Canceled' })).toBe(true);
    expect(isFinal({ status: 'PartiallyFilled', cancelStatus: 'Expired' })).toBe(true);
    expect(isOpenOrder({ status: 'PartiallyFilled', cancelStatus: null })).toBe(true);
    expect(isOpenOrder({ status: 'PartiallyFilled', cancelStatus: 'PendingCancel' })).toBe(true);
  });

  it('an open order can be cancelled once: not while its cancellation is on the way', () => {
    expect(canCancel({ status: 'Open', cancelStatus: null })).toBe(true);
    expect(canCancel({ status: 'Open', cancelStatus: 'PendingCancel' })).toBe(false);
    expect(canCancel({ status: 'Filled', cancelStatus: null })).toBe(false);
  });

});
