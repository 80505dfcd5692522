import { describe, expect, it } from 'vitest';
import { MONDAY_NOON, cet, displays, fills, newEngine, order, quote, statuses } from './test-fixtures.ts';

const limitBuy = order('c', { kind: 'limit', limit: '90.00', validity: { type: 'gtc' } });
const labels = (events: Parameters<typeof statuses>[0]) => statuses(events).map((e) => e.label);

describe('a cancellation outside trading hours is pending until the window opens', () => {
  it('inside the window: zur Streichung vorgemerkt, then gestrichen, in one call', () => {
    const engine = newEngine();
    engine.place(limitBuy, MONDAY_NOON);
    const events = engine.cancel('c', MONDAY_NOON);
    expect(displays(events)).toEqual(['Open_CreatedCancel', 'Open_SentCancel', 'Canceled']);
    expect(labels(events)).toEqual(['zur Streichung vorgemerkt', 'zur Streichung vorgemerkt', 'gestrichen']);
    expect(engine.size).toBe(0);
  });

  it('at night: vorläufig gestrichen, and gestrichen at 07:30', () => {
    const engine = newEngine();
    engine.place(limitBuy, MONDAY_NOON);
    const night = engine.cancel('c', cet('2026-11-23T23:30:00'));
    expect(displays(night)).toEqual(['Open_CreatedCancel', 'Open_PendingCancel']);
    expect(labels(night)).toEqual(['zur Streichung vorgemerkt', 'vorläufig gestrichen']);
    expect(engine.order('c')?.cancelStatus).toBe('PendingCancel');
    expect(engine.advanceTime(cet('2026-11-24T07:29:59'))).toEqual([]);
    expect(displays(engine.advanceTime(cet('2026-11-24T07:30:00')))).toEqual(['Open_SentCancel', 'Canceled']);
  });

  it('the cancellation is done before the first quote of the day can execute the order', () => {
    const engine = newEngine();
    engine.place(limitBuy, MONDAY_NOON);
    engine.cancel('c', cet('2026-11-23T23:30:00'));
    const events = engine.onQuote(quote('85.00', '85.04'), cet('2026-11-24T07:30:00'));
    expect(fills(events)).toEqual([]);
    expect(displays(events)).toEqual(['Open_SentCancel', 'Canceled']);
  });

  it('an order placed at the weekend and cancelled then: Pending_PendingCancel until Monday', () => {
    const engine = newEngine();
    engine.place(limitBuy, cet('2026-11-28T11:00:00'));
    expect(displays(engine.cancel('c', cet('2026-11-28T11:05:00')))).toEqual(['Pending_CreatedCancel', 'Pending_PendingCancel']);
    expect(displays(engine.advanceTime(cet('2026-11-30T07:30:00')))).toEqual(['Pending_SentCancel', 'Canceled']);
  });

  it('a partly filled order cancelled at night: teilausgeführt, vorläufig gestrichen', () => {
    const engine = newEngine();
    engine.place(limitBuy, MONDAY_NOON);
    engine.onQuote(quote('89.96', '90.00', { size: '4' }), MONDAY_NOON);
    const night = engine.cancel('c', cet('2026-11-23T23:30:00'));
    expect(labels(night)).toEqual(['teilausgeführt, zur Streichung vorgemerkt', 'teilausgeführt, vorläufig gestrichen']);
    expect(labels(engine.advanceTime(cet('2026-11-24T07:30:00')))).toEqual([
      'teilausgeführt, zur Streichung vorgemerkt',
      'teilausgeführt, gestrichen',
    ]);
  });

  it('a second cancellation, or one of an unknown or final order, is refused and changes nothing', () => {
    const engine = newEngine();
    engine.place(limitBuy, MONDAY_NOON);
    engine.cancel('c', cet('2026-11-23T23:30:00'));
    expect(engine.cancel('c', cet('2026-11-23T23:31:00'))).toMatchObject([{ type: 'refused', reason: 'alreadyCancelling' }]);
    expect(engine.cancel('nope', MONDAY_NOON)).toMatchObject([{ type: 'refused', reason: 'unknown' }]);
  });
});
