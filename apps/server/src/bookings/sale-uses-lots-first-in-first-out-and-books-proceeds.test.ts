import { describe, expect, it } from 'vitest';
import { executionBooking, type ExecutionContext } from './execution-booking.ts';
import { accounts } from './ledger.ts';

// Two purchases of Telekom: 10 for 201.00 € (fee included), later 10 for 251.00 €. Selling 15 at
// 27.00 € uses the older lot whole and half of the newer one.
const sub = '22222222-2222-4222-8222-222222222222';
const lots = [
  { id: 'lot-old', quantity: '10', remaining: '10', cost: '201.00', remainingCost: '201.00' },
  { id: 'lot-new', quantity: '10', remaining: '10', cost: '251.00', remainingCost: '251.00' },
];
const order: ExecutionContext = { sub, reserved: '0', blocked: '15', costs: null, instrument: { name: 'Deutsche Telekom AG', quoteCurrencyCode: 'EUR', tradingFees: null }, fxRate: '1' };
const sale = { id: 'sell-1', isin: 'DE0005557508', side: 'sell' as const, quantity: '15', price: '27.00', value: '405.00', at: '2026-11-24T10:00:00.000Z', first: true };

describe('a sale of 15 out of two lots of 10', () => {
  const booked = executionBooking(sale, order, { openLots: lots })!;

  it('credits 405.00 − 1.00 fee = 404.00 € to the cash account', () => {
    expect(booked.booking.postings).toEqual([
      { account: accounts.market, amount: '-405.00', kind: 'sell' },
      { account: accounts.fees, amount: '1.00', kind: 'fee' },
      { account: accounts.cash(sub), amount: '404.00', kind: 'sell' },
    ]);
  });

  it('uses up the older lot first: all 10 of it (201.00 €), then 5 of the newer (125.50 €)', () => {
    expect(booked.booking.lots).toEqual([
      { type: 'consume', lotId: 'lot-old', quantity: '10', cost: '201.00', vorabpauschale: '0.00' },
      { type: 'consume', lotId: 'lot-new', quantity: '5', cost: '125.50', vorabpauschale: '0.00' },
    ]);
  });

  it('realises 404.00 − 326.50 = 77.50 € and unblocks the pieces it sold', () => {
    expect(booked.record.realisedPnl).toBe('77.50');
    expect(booked.blocked).toBe('0');
  });
});
