import { describe, expect, it } from 'vitest';
import { RFQ_QUOTE_VALIDITY_MS } from '@kontor/domain/order-rules';
import { MONDAY_NOON, SAP, cet, displays, fills, later, newEngine, quote } from './test-fixtures.ts';

const rfq = (id: string, side: 'buy' | 'sell' = 'buy') => ({ id, accountId: 'acc-1', isin: SAP, side, quantity: '25' });

describe('RFQ: a binding quote that can be accepted for a few seconds, or expires', () => {
  it('quotes the ask for a buy, valid 5 s; accepted in time it executes in full at the quoted price', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02', { id: 'q-1' }), MONDAY_NOON);
    const requested = engine.requestQuote(rfq('r'), MONDAY_NOON);
    expect(displays(requested)).toEqual(['Created', 'Pending']);
    expect(requested.at(-1)).toMatchObject({
      type: 'quoted',
      price: '100.02',
      validUntil: later(MONDAY_NOON, RFQ_QUOTE_VALIDITY_MS).toISOString(),
    });
    engine.onQuote(quote('101.00', '101.04', { size: '1' }), later(MONDAY_NOON, 2000)); // the market moves on
    const accepted = engine.acceptQuote('r', later(MONDAY_NOON, 4999));
    expect(fills(accepted)).toEqual([['r', '25', '100.02']]);
    expect(accepted.find((e) => e.type === 'execution')).toMatchObject({ quoteId: 'q-1' });
    expect(displays(accepted)).toEqual(['Sent', 'Filled']);
  });

  it('quotes the bid for a sell', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    expect(engine.requestQuote(rfq('r', 'sell'), MONDAY_NOON).at(-1)).toMatchObject({ price: '99.98' });
  });

  it('expires after 5 s by the clock', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    engine.requestQuote(rfq('r'), MONDAY_NOON);
    expect(engine.advanceTime(later(MONDAY_NOON, 4999))).toEqual([]);
    expect(displays(engine.advanceTime(later(MONDAY_NOON, 5000)))).toEqual(['Expired']);
  });

  it('accepted too late it expires and the acceptance is refused in the same answer', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    engine.requestQuote(rfq('r'), MONDAY_NOON);
    const late = engine.acceptQuote('r', later(MONDAY_NOON, 5000));
    expect(late.map((e) => e.type)).toEqual(['status', 'refused']);
    expect(displays(late)).toEqual(['Expired']);
    expect(fills(late)).toEqual([]);
  });

  it('declined (cancelled) it is gestrichen at once', () => {
    const engine = newEngine();
    engine.onQuote(quote('99.98', '100.02'), MONDAY_NOON);
    engine.requestQuote(rfq('r'), MONDAY_NOON);
    expect(displays(engine.cancel('r', later(MONDAY_NOON, 1000)))).toEqual(['Pending_CreatedCancel', 'Pending_SentCancel', 'Canceled']);
  });

  it('is rejected outside the window and without a fresh quote', () => {
    const engine = newEngine();
    expect(engine.requestQuote(rfq('a'), MONDAY_NOON)).toMatchObject([
      { status: 'Rejected', reason: 'Derzeit ist kein Kurs für ein Angebot verfügbar.' },
    ]);
    engine.onQuote(quote('99.98', '100.02'), cet('2026-11-23T23:10:00'));
    expect(engine.requestQuote(rfq('b'), cet('2026-11-23T23:10:01'))).toMatchObject([
      { status: 'Rejected', reason: 'Außerhalb der Handelszeit ist kein Angebot möglich.' },
    ]);
  });

  it('only an RFQ can be accepted', () => {
    const engine = newEngine();
    engine.place({ id: 'l', accountId: 'a', isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '90.00', validity: { type: 'day' } }, MONDAY_NOON);
    expect(engine.acceptQuote('l', MONDAY_NOON)).toMatchObject([{ type: 'refused', reason: 'notAQuote' }]);
  });
});
