import { describe, expect, it } from 'vitest';
import { isTradingTime, lastTradingTime, nextTradingStart } from './trading-window';

// An instrument whose record leaves its trading hours out trades in the daily window of spec §9.
const withoutHours = {};
const withNullHours = { tradingHoursStartTime: null, tradingHoursStopTime: null, weekendTrading: null };
const fund = { tradingHoursStartTime: '08:00', tradingHoursStopTime: '22:00' };
const cet = (local: string) => new Date(`${local}+01:00`);

describe('an instrument without trading hours of its own', () => {
  it.each([
    ['2026-11-23T07:29:59', false],
    ['2026-11-23T07:30:00', true],
    ['2026-11-23T22:59:59', true],
    ['2026-11-23T23:00:00', false],
    ['2026-11-28T11:00:00', false],
  ])('%s Frankfurt → open %s', (local, open) => {
    expect(isTradingTime(withoutHours, cet(local))).toBe(open);
    expect(isTradingTime(withNullHours, cet(local))).toBe(open);
  });

  it('opens again at 07:30 on Monday after the weekend, and last traded Friday before 23:00', () => {
    expect(nextTradingStart(withoutHours, cet('2026-11-28T11:00:00'))).toEqual(cet('2026-11-30T07:30:00'));
    expect(lastTradingTime(withNullHours, cet('2026-11-28T11:00:00'))).toEqual(cet('2026-11-27T22:59:59'));
  });

  it('is not held to that window when it has hours of its own', () => {
    expect(isTradingTime(fund, cet('2026-11-23T07:45:00'))).toBe(false);
    expect(isTradingTime(fund, cet('2026-11-23T22:30:00'))).toBe(false);
    expect(nextTradingStart(fund, cet('2026-11-23T07:45:00'))).toEqual(cet('2026-11-23T08:00:00'));
  });
});
