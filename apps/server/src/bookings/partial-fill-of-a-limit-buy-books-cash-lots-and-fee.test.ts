import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { executionBooking, type ExecutionContext, type ExecutionFill } from './execution-booking.ts';
import { accounts } from './ledger.ts';

// A limit buy of 10 SAP at 200 € holds 10 × 200 + 1 € fee = 2,001.00 €. The market maker fills
// 4 pieces at 199.50 €, then the other 6 at 199.80 €.
const sub = '11111111-1111-4111-8111-111111111111';
const sap = { name: 'SAP SE', quoteCurrencyCode: 'EUR', tradingFees: null };
const order: ExecutionContext = { sub, reserved: '2001.00', blocked: '0', costs: { orderValue: '2000.00', orderFee: '1.00', smallOrderSurcharge: '0.00', spreadCost: '1.00', total: '2.00', totalPercent: '0.10', smallOrder: false }, instrument: sap, fxRate: '1' };
const fill = (n: number, quantity: string, price: string, value: string): ExecutionFill => ({ id: `order-${n}`, isin: 'DE0007164600', side: 'buy', quantity, price, value, at: '2026-11-23T09:00:00.000Z', first: n === 1 });

describe('a limit buy filled in two parts', () => {
  it('the first part pays 4 × 199.50 = 798.00 € and the 1 € fee from the hold, and opens a lot at 799.00 €', () => {
    const booked = executionBooking(fill(1, '4', '199.50', '798.00'), order, {})!;
    const amount = (account: string, kind: string) => booked.booking.postings.find((p) => p.account === account && p.kind === kind)?.amount;
    expect(amount(accounts.reserved(sub), 'buy')).toBe('-799.00');
    expect(amount(accounts.cash(sub), 'buy')).toBe('0.00');
    expect(amount(accounts.market, 'buy')).toBe('798.00');
    expect(amount(accounts.fees, 'fee')).toBe('1.00');
    expect(booked.booking.lots).toEqual([{ type: 'open', isin: 'DE0007164600', quantity: '4', cost: '799.00', openedAt: new Date('2026-11-23T09:00:00.000Z'), executionId: 'order-1' }]);
    // 2,001.00 − 799.00 stays held for the rest.
    expect(booked.reserved).toBe('1202.00');
    expect(booked.record).toMatchObject({ value: '798.00', fee: '1.00', realisedPnl: null });
  });

  it('the second part pays 6 × 199.80 = 1,198.80 € and no second fee; 3.20 € of the hold is left to release', () => {
    const booked = executionBooking(fill(2, '6', '199.80', '1198.80'), { ...order, reserved: '1202.00' }, {})!;
    expect(booked.booking.postings.find((p) => p.account === accounts.fees)?.amount).toBe('0.00');
    expect(booked.booking.lots).toEqual([expect.objectContaining({ quantity: '6', cost: '1198.80' })]);
    expect(booked.reserved).toBe('3.20');
  });

  it('every booking is balanced, keyed by its execution and comes with its contract note', () => {
    const booked = executionBooking(fill(1, '4', '199.50', '798.00'), order, {})!;
    expect(Decimal.sum(...booked.booking.postings.map((p) => p.amount)).isZero()).toBe(true);
    expect(booked.booking.key).toBe('execution:order-1');
    // The contract note, with what its PDF shows; no second notification beside ORDER_EXECUTED.
    expect(booked.booking.documents).toEqual([
      expect.objectContaining({ kind: 'contract_note', dedupeKey: 'contract_note:order-1', pdfTitle: 'Wertpapierabrechnung Kauf SAP SE', pdfIsin: 'DE0007164600', notify: false }),
    ]);
    expect(booked.booking.documents[0]!.data).toMatchObject({ executionId: 'order-1', quantity: '4', price: '199.5', value: '798.00', fee: booked.booking.postings.find((p) => p.kind === 'fee')!.amount });
    expect(booked.booking.notifications[0]).toMatchObject({ kind: 'ORDER_EXECUTED', title: 'Order ausgeführt: Kauf SAP SE', body: '4 Stück zu 199,50\u00a0€ ausgeführt.' });
  });
});
