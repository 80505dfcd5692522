// The market both quotes benchmarks use: 1,000 shares that trade all day, on a clock that runs at
// real speed but on a Monday noon, so every instrument trades whenever the benchmark runs.
import type { MarketInstrument } from '../apps/server/src/market/feed.ts';
import type { Clock } from '../apps/server/src/platform/clock.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

export const offsetMs = Date.parse('2026-11-23T11:00:00Z') - Date.now();
export const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
export const isin = (i: number) => `XS${String(i).padStart(9, '0')}0`;
export const instruments: MarketInstrument[] = Array.from({ length: 1000 }, (_, i) => ({
  isin: isin(i),
  instrumentType: 'AKTIE',
  referencePrice: floatToDecimal(20 + (i % 300), 2),
  priceIncr: '0.01',
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
}));
