import { describe, expect, it } from 'vitest';
import { executionAmounts, executionBooking, type ExecutionContext } from './execution-booking.ts';
import { accounts } from './ledger.ts';

// A stop buy of 10 at 100 € holds 10 × 100 × 1.10 + 1 € = 1,101.00 €; the market gaps and it
// executes at 120 €: 1,200.00 € + 1 € fee, 100.00 € more than it holds.
const sub = '33333333-3333-4333-8333-333333333333';
const order: ExecutionContext = { sub, reserved: '1101.00', blocked: '0', costs: null, instrument: { name: 'SAP SE', quoteCurrencyCode: 'EUR', tradingFees: null }, fxRate: '1' };
const fill = { id: 'stop-1', isin: 'DE0007164600', side: 'buy' as const, quantity: '10', price: '120.00', value: '1200.00', at: '2026-11-23T09:00:00.000Z', first: true };

describe('a stop buy the market gapped beyond', () => {
  it('takes the 100.00 € beyond its hold from free cash when there is enough', () => {
    expect(executionAmounts(fill, order).fromCash.toFixed(2)).toBe('100.00');
    const booked = executionBooking(fill, order, { availableCash: '100.00' })!;
    expect(booked.booking.postings.filter((p) => p.account.startsWith('customer:'))).toEqual([
      { account: accounts.reserved(sub), amount: '-1101.00', kind: 'buy' },
      { account: accounts.cash(sub), amount: '-100.00', kind: 'buy' },
    ]);
    expect(booked.booking.lots).toEqual([expect.objectContaining({ cost: '1201.00' })]);
  });

  it('is not booked at all when the free cash is one cent short', () => {
    expect(executionBooking(fill, order, { availableCash: '99.99' })).toBeNull();
  });
});

describe('a dollar buy', () => {
  it('books euros: 3 × 150.00 $ at 0.9200 € per dollar = 414.00 €', () => {
    const usd: ExecutionContext = { ...order, reserved: '500.00', instrument: { name: 'Apple Inc.', quoteCurrencyCode: 'USD', tradingFees: null }, fxRate: '0.9200' };
    const booked = executionBooking({ ...fill, id: 'usd-1', quantity: '3', price: '150.00', value: '450.00' }, usd, {})!;
    expect(booked.record).toMatchObject({ currency: 'USD', value: '414.00', fee: '1.00' });
    expect(booked.booking.postings.find((p) => p.account === accounts.market)?.amount).toBe('414.00');
    expect(booked.reserved).toBe('85.00');
  });
});
