import { describe, expect, it } from 'vitest';
import { MONDAY_NOON, cet, displays, fills, later, newEngine, order, quote, statuses } from './test-fixtures.ts';

const limitBuy = (id: string) => order(id, { kind: 'limit', limit: '90.00', validity: { type: 'day' } });

describe('a day order expires when the trading window closes', () => {
  it('placed Monday noon: still open at 22:59:59, abgelaufen at 23:00', () => {
    const engine = newEngine();
    engine.place(limitBuy('d'), MONDAY_NOON);
    expect(engine.order('d')?.expiresAt).toBe(cet('2026-11-23T23:00:00').toISOString());
    expect(engine.advanceTime(cet('2026-11-23T22:59:59'))).toEqual([]);
    const events = engine.advanceTime(cet('2026-11-23T23:00:00'));
    expect(statuses(events)).toMatchObject([{ orderId: 'd', display: 'Expired', label: 'abgelaufen' }]);
    expect(engine.size).toBe(0);
  });

  it('a quote after the close does not execute it, even without an advanceTime call before', () => {
    const engine = newEngine();
    engine.place(limitBuy('d'), MONDAY_NOON);
    const events = engine.onQuote(quote('80.00', '80.04'), cet('2026-11-23T23:00:01'));
    expect(fills(events)).toEqual([]);
    expect(displays(events)).toEqual(['Expired']);
  });

  it('partly filled, it ends teilausgeführt, abgelaufen', () => {
    const engine = newEngine();
    engine.place(limitBuy('d'), MONDAY_NOON);
    engine.onQuote(quote('89.96', '90.00', { size: '4' }), later(MONDAY_NOON, 1000));
    const events = engine.advanceTime(cet('2026-11-23T23:00:00'));
    expect(statuses(events)).toMatchObject([{ display: 'PartiallyFilled_Expired', label: 'teilausgeführt, abgelaufen' }]);
  });

  it('placed on Friday night it is vorläufig over the weekend, opens Monday 07:30 and expires Monday 23:00', () => {
    const engine = newEngine();
    const placed = engine.place(limitBuy('d'), cet('2026-11-27T23:30:00'));
    expect(displays(placed)).toEqual(['Created', 'Pending']);
    expect(engine.order('d')?.expiresAt).toBe(cet('2026-11-30T23:00:00').toISOString());
    expect(engine.advanceTime(cet('2026-11-28T12:00:00'))).toEqual([]);
    expect(engine.advanceTime(cet('2026-11-30T07:29:59'))).toEqual([]);
    expect(displays(engine.advanceTime(cet('2026-11-30T07:30:00')))).toEqual(['Sent', 'Open']);
    expect(displays(engine.advanceTime(cet('2026-11-30T23:00:00')))).toEqual(['Expired']);
  });

  it('placed before the open on a weekday it is valid for that day', () => {
    const engine = newEngine();
    engine.place(limitBuy('d'), cet('2026-11-24T06:00:00'));
    expect(engine.order('d')?.expiresAt).toBe(cet('2026-11-24T23:00:00').toISOString());
  });

  it('an instrument with its own hours (15:30–22:00) expires at its own close', () => {
    const engine = newEngine({
      instrument: (isin) => ({
        isin,
        minQty: '1',
        priceIncr: '0.01',
        priceScale: 2,
        qtyIncr: '1',
        qtyScale: 0,
        tradingHoursStartTime: '15:30',
        tradingHoursStopTime: '22:00',
        weekendTrading: false,
      }),
    });
    const placed = engine.place(limitBuy('d'), MONDAY_NOON);
    expect(displays(placed)).toEqual(['Created', 'Pending']);
    expect(engine.order('d')?.expiresAt).toBe(cet('2026-11-23T22:00:00').toISOString());
    expect(displays(engine.advanceTime(cet('2026-11-23T15:30:00')))).toEqual(['Sent', 'Open']);
  });
});
