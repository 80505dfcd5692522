import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { ManualClock } from '../platform/clock.ts';
import { type MarketInstrument, SimulatedMarket } from './feed.ts';
import type { Bar } from './history.ts';

/**
 * Coarser bars are made of finer ones: a week's open is its first day's open, its high the highest
 * high, its low the lowest low, its close the last day's close; a day's bar is the same aggregate
 * of its minutes, which the 30-minute chart shows.
 */
const hours = { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false };
const instruments: MarketInstrument[] = [
  { isin: 'DE0005557508', instrumentType: 'AKTIE', referencePrice: '27.80', priceIncr: '0.001', ...hours },
  { isin: 'DE0007164600', instrumentType: 'AKTIE', referencePrice: '231.50', priceIncr: '0.01', ...hours },
  { isin: 'IE00B4L5Y983', instrumentType: 'ETF', referencePrice: '118.20', priceIncr: '0.01', ...hours },
  { isin: 'XF000BTC0017', instrumentType: 'KRYPTO', referencePrice: '81250.00', priceIncr: '0.01', ...hours, weekendTrading: true },
];
// Thursday 26.11.2026, 15:00 in Frankfurt.
const market = new SimulatedMarket({ clock: new ManualClock('2026-11-26T14:00:00Z'), instruments });

function aggregate(bars: Bar[]) {
  return {
    o: bars[0]!.o,
    h: Decimal.max(...bars.map((b) => b.h)).toFixed(),
    l: Decimal.min(...bars.map((b) => b.l)).toFixed(),
    c: bars.at(-1)!.c,
  };
}
const mondayOf = (t: string) => {
  const d = new Date(t);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString();
};

describe('weekly bars', () => {
  it.each(instruments.map((i) => i.isin))('each week of FiveYears and Maximum that TwoYears covers is the aggregate of its days (%s)', (isin) => {
    const days = market.history(isin, 'TwoYears')!.bars;
    const byWeek = new Map<string, Bar[]>();
    for (const b of days) byWeek.set(mondayOf(b.t), [...(byWeek.get(mondayOf(b.t)) ?? []), b]);
    const firstWholeWeek = mondayOf(days[0]!.t) === days[0]!.t ? days[0]!.t : [...byWeek.keys()][1]!;
    for (const range of ['FiveYears', 'Maximum'] as const) {
      const weeks = market.history(isin, range)!.bars.filter((w) => w.t >= firstWholeWeek);
      // About a hundred weeks, the current one (up to today) included.
      expect(weeks.length).toBeGreaterThan(100);
      expect(weeks.at(-1)!.t).toBe('2026-11-23T00:00:00.000Z');
      for (const week of weeks) expect({ t: week.t, ...aggregate(byWeek.get(week.t)!) }).toEqual(week);
    }
  });
});

describe('a day gone by', () => {
  it.each(instruments.map((i) => i.isin))("is the aggregate of its 30-minute bars, which lie within the day's low and high (%s)", (isin) => {
    const days = market.history(isin, 'OneMonth')!.bars;
    const halfHours = market.history(isin, 'OneWeek')!.bars;
    // Monday to Wednesday have passed and lie wholly inside the week's chart (Thursday is today).
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      const day = days.find((b) => b.t.startsWith(date))!;
      const bars = halfHours.filter((b) => b.t.startsWith(date));
      expect(bars.length).toBe(31); // 07:30 to 23:00 in Frankfurt: 06:30 to 22:00 UTC
      expect({ t: day.t, ...aggregate(bars) }).toEqual(day);
      // The day's open is the close before.
      expect(day.o).toBe(days[days.indexOf(day) - 1]!.c);
    }
    // Today's bar is made of today's minutes too, and ends at the live mid.
    const today = days.at(-1)!;
    expect({ t: today.t, ...aggregate(halfHours.filter((b) => b.t.startsWith('2026-11-26'))) }).toEqual(today);
    const q = market.current(isin)!;
    expect(new Decimal(today.c).eq(new Decimal(q.bid).plus(q.ask).div(2))).toBe(true);
  });
});
