import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { SimulatedMarket, type MarketInstrument } from './feed.ts';
import { dayOfDate, InstrumentPast } from './past.ts';

const sap: MarketInstrument = {
  isin: 'DE0007164600',
  instrumentType: 'AKTIE',
  referencePrice: '182.40',
  priceIncr: '0.01',
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
};
const btc: MarketInstrument = { ...sap, isin: 'XF000BTC0017', instrumentType: 'KRYPTO', referencePrice: '81250.00', weekendTrading: true };

function market(at: string) {
  const clock = new ManualClock(at);
  return { clock, m: new SimulatedMarket({ clock, instruments: [sap, btc], activity: 1 }) };
}

describe('simulated market', () => {
  it('quotes every instrument from the start, ask above bid, in whole price increments', () => {
    const { m } = market('2026-11-23T10:00:00+01:00');
    const q = m.current('DE0007164600')!;
    expect(new Decimal(q.ask).gt(q.bid)).toBe(true);
    expect(new Decimal(q.bid).mod('0.01').isZero()).toBe(true);
    expect(new Decimal(q.ask).minus(q.bid).div(q.ask).toNumber()).toBeLessThan(0.002);
  });

  it('moves prices inside the trading window and keeps the last quote with its time outside it', () => {
    const { clock, m } = market('2026-11-23T22:59:00+01:00');
    let moved = 0;
    for (let i = 0; i < 20; i++) moved += m.tick().filter((u) => u.quote.isin === sap.isin).length;
    expect(moved).toBeGreaterThan(0);
    const last = m.current(sap.isin)!;
    clock.set('2026-11-23T23:00:00+01:00');
    for (let i = 0; i < 20; i++) expect(m.tick()).toEqual([]);
    expect(m.current(sap.isin)).toEqual(last);
    expect(last.ts).toBe('2026-11-23T21:59:00.000Z');
  });

  it('trades weekend instruments on Saturday morning and shares not', () => {
    const { m } = market('2026-11-28T11:00:00+01:00');
    const isins = new Set<string>();
    for (let i = 0; i < 20; i++) for (const u of m.tick()) isins.add(u.quote.isin);
    expect([...isins]).toEqual([btc.isin]);
  });

  it('delivers updates only to subscribers of the ISIN, serialized once', () => {
    const { m } = market('2026-11-23T12:00:00+01:00');
    const got: string[] = [];
    const unsubscribe = m.subscribe(new Set([sap.isin]), (updates) => got.push(...updates.map((u) => u.json)));
    for (let i = 0; i < 10; i++) m.tick();
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((j) => JSON.parse(j).isin === sap.isin)).toBe(true);
    unsubscribe();
    const before = got.length;
    for (let i = 0; i < 10; i++) m.tick();
    expect(got.length).toBe(before);
  });

  it('is deterministic: the same instruments and steps give the same prices', () => {
    const a = market('2026-11-23T12:00:00+01:00').m;
    const b = market('2026-11-23T12:00:00+01:00').m;
    for (let i = 0; i < 50; i++) {
      a.tick();
      b.tick();
    }
    expect(a.current(sap.isin)).toEqual(b.current(sap.isin));
  });
});

const base = { past: new InstrumentPast({ isin: sap.isin, referencePrice: sap.referencePrice, priceIncr: '0.01', yearlyVol: 0.28, hours: sap }) };

describe('price history', () => {

  it('ends at the live mid, in whole ticks, with high ≥ open/close ≥ low', async () => {
    const { priceHistory } = await import('./history.ts');
    const h = priceHistory({ ...base, range: 'OneYear', now: new Date('2026-11-23T11:00:00Z'), mid: '182.40' });
    expect(h.resolution).toBe('1d');
    expect(h.bars.length).toBeGreaterThan(240);
    expect(h.bars.at(-1)!.c).toBe('182.4');
    for (const b of h.bars) {
      expect(new Decimal(b.h).gte(Decimal.max(b.o, b.c))).toBe(true);
      expect(new Decimal(b.l).lte(Decimal.min(b.o, b.c))).toBe(true);
    }
    // No bars on weekends for a share.
    expect(h.bars.some((b) => [0, 6].includes(new Date(b.t).getUTCDay()))).toBe(false);
  });

  it('is deterministic and shows the same bars in every request', async () => {
    const { priceHistory } = await import('./history.ts');
    const a = priceHistory({ ...base, range: 'OneMonth', now: new Date('2026-11-23T11:00:00Z'), mid: '182.40' });
    const b = priceHistory({ ...base, range: 'OneMonth', now: new Date('2026-11-23T11:00:00Z'), mid: '182.40' });
    expect(a).toEqual(b);
  });

  it('shows the current trading day in 5-minute bars from 07:30, and the last one on a Sunday', async () => {
    const { priceHistory } = await import('./history.ts');
    const monday = priceHistory({ ...base, range: 'Intraday', now: new Date('2026-11-23T09:00:00Z'), mid: '182.40' });
    expect(monday.bars[0]!.t).toBe('2026-11-23T06:30:00.000Z');
    expect(monday.bars.length).toBe(31); // 07:30 … 10:00 Frankfurt, the current bar included
    const sunday = priceHistory({ ...base, range: 'Intraday', now: new Date('2026-11-29T12:00:00Z'), mid: '182.40' });
    expect(sunday.bars[0]!.t).toBe('2026-11-27T06:30:00.000Z');
    expect(sunday.bars.at(-1)!.t).toBe('2026-11-27T21:55:00.000Z');
  });

  it('covers every chart range', async () => {
    const { priceHistory } = await import('./history.ts');
    const { CHART_RANGES } = await import('@kontor/domain/enums');
    for (const range of CHART_RANGES) {
      const h = priceHistory({ ...base, range, now: new Date('2026-11-23T11:00:00Z'), mid: '182.40', since: new Date('2026-06-01T00:00:00Z') });
      expect(h.bars.length, range).toBeGreaterThan(1);
    }
  });
});

describe("the day's change", () => {
  it('the history of today leads from the previous close to the live mid, the bars before end at the previous close', async () => {
    const { priceHistory } = await import('./history.ts');
    const now = new Date('2026-11-23T11:00:00Z');
    // The previous close is the past's close of Friday, 20 November: Monday's open.
    const previousClose = base.past.price(base.past.closeBefore(dayOfDate('2026-11-23')));
    const intraday = priceHistory({ ...base, range: 'Intraday', now, mid: '190.00' });
    expect(intraday.bars[0]!.o).toBe(previousClose);
    expect(intraday.bars.at(-1)!.c).toBe('190');
    const month = priceHistory({ ...base, range: 'OneMonth', now, mid: '190.00' });
    expect(month.bars.at(-1)).toMatchObject({ t: '2026-11-23T00:00:00.000Z', o: previousClose, c: '190' });
    expect(month.bars.at(-2)).toMatchObject({ t: '2026-11-20T00:00:00.000Z', c: previousClose });
  });

  it("a fresh market has already moved from the past's previous close; a new trading day starts from the past's close of the day before", () => {
    const { clock, m } = market('2026-11-23T21:59:00+01:00');
    const friday = m.history(sap.isin, 'OneMonth')!.bars.find((b) => b.t === '2026-11-20T00:00:00.000Z')!;
    expect(m.previousClose(sap.isin)).toBe(friday.c);
    const q = m.current(sap.isin)!;
    expect(new Decimal(q.bid).plus(q.ask).div(2).eq(friday.c)).toBe(false);
    m.tick();
    clock.set('2026-11-24T07:30:00+01:00');
    m.tick();
    // Monday is past now: its bar is the past's, and Tuesday's change refers to its close.
    const monday = m.history(sap.isin, 'OneMonth')!.bars.find((b) => b.t === '2026-11-23T00:00:00.000Z')!;
    expect(m.previousClose(sap.isin)).toBe(monday.c);
    expect(monday).toEqual(market('2026-12-01T12:00:00+01:00').m.history(sap.isin, 'OneMonth')!.bars.find((b) => b.t === monday.t));
    expect(m.previousClose('US0378331005')).toBeUndefined();
  });
});

describe('a market opened on a Sunday', () => {
  it('shows each instrument’s quote from its last trading second', () => {
    const { m } = market('2026-11-29T12:00:00+01:00');
    expect(m.current(sap.isin)!.ts).toBe('2026-11-27T21:59:59.000Z');
    expect(m.current(btc.isin)!.ts).toBe('2026-11-28T11:59:59.000Z');
  });
});
