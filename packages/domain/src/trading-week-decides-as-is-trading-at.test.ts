import { describe, expect, it } from 'vitest';
import { isTradingAt, isTradingIn, tradingWeekOf } from './trading-window';

const hours = [
  { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false },
  { tradingHoursStartTime: '09:00', tradingHoursStopTime: '17:30', weekendTrading: true },
  { tradingHoursStartTime: null, tradingHoursStopTime: null, weekendTrading: null },
  {},
];

describe('a trading week worked out once', () => {
  it('gives the same answer as isTradingAt at every second that matters of every weekday', () => {
    for (const h of hours) {
      const week = tradingWeekOf(h);
      for (let weekday = 0; weekday < 7; weekday++) {
        // Every minute, and the seconds on either side of each full minute.
        for (let minute = 0; minute < 24 * 60; minute++) {
          for (const seconds of [minute * 60 - 1, minute * 60, minute * 60 + 1]) {
            if (seconds < 0) continue;
            const local = { weekday, seconds };
            expect(isTradingIn(week, local)).toBe(isTradingAt(h, local));
          }
        }
      }
    }
  });
});
