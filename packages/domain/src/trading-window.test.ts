import { describe, expect, it } from 'vitest';
import { isTradingTime, marketLocalTime, nextTradingStart } from './trading-window';

const share = { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false };
const crypto = { ...share, weekendTrading: true };
// Frankfurt wall-clock time to an instant; November is CET (UTC+1), July is CEST (UTC+2).
const cet = (local: string) => new Date(`${local}+01:00`);
const cest = (local: string) => new Date(`${local}+02:00`);

describe('trading window on weekdays (Mon 23 Nov 2026)', () => {
  it.each([
    ['2026-11-23T07:29:59', false],
    ['2026-11-23T07:30:00', true],
    ['2026-11-23T12:00:00', true],
    ['2026-11-23T22:59:59', true],
    ['2026-11-23T23:00:00', false],
    ['2026-11-23T03:00:00', false],
  ])('%s Frankfurt → open %s', (local, open) => {
    expect(isTradingTime(share, cet(local))).toBe(open);
  });

  it('uses Frankfurt time in summer too', () => {
    expect(isTradingTime(share, cest('2026-07-15T07:30:00'))).toBe(true);
    expect(isTradingTime(share, new Date('2026-07-15T05:29:00Z'))).toBe(false);
    expect(marketLocalTime(new Date('2026-07-15T05:30:00Z')).seconds).toBe(7 * 3600 + 30 * 60);
  });
});

describe('weekend', () => {
  it.each([
    ['2026-11-28T09:59:59', false, false],
    ['2026-11-28T10:00:00', true, false],
    ['2026-11-28T12:59:59', true, false],
    ['2026-11-28T13:00:00', false, false],
    ['2026-11-29T16:59:00', false, false],
    ['2026-11-29T17:00:00', true, false],
    ['2026-11-29T19:00:00', false, false],
  ])('%s → weekend instrument open %s, share open %s', (local, weekendOpen, shareOpen) => {
    expect(isTradingTime(crypto, cet(local))).toBe(weekendOpen);
    expect(isTradingTime(share, cet(local))).toBe(shareOpen);
  });
});

describe('next trading start', () => {
  it('is now while open', () => {
    const at = cet('2026-11-23T12:00:00');
    expect(nextTradingStart(share, at)).toEqual(at);
  });
  it('is 07:30 the same morning before the open', () => {
    expect(nextTradingStart(share, cet('2026-11-23T07:29:00'))).toEqual(cet('2026-11-23T07:30:00'));
  });
  it('is Monday 07:30 after Friday 23:00 for a share', () => {
    expect(nextTradingStart(share, cet('2026-11-27T23:00:00'))).toEqual(cet('2026-11-30T07:30:00'));
  });
  it('is Saturday 10:00 after Friday 23:00 for a weekend instrument', () => {
    expect(nextTradingStart(crypto, cet('2026-11-27T23:00:00'))).toEqual(cet('2026-11-28T10:00:00'));
  });
  it('crosses the change to summer time (29 Mar 2026)', () => {
    expect(nextTradingStart(share, cet('2026-03-27T23:30:00'))).toEqual(cest('2026-03-30T07:30:00'));
  });
});

describe('last trading time', async () => {
  const { lastTradingTime } = await import('./trading-window');
  it('is now while open', () => {
    const at = cet('2026-11-23T12:00:00');
    expect(lastTradingTime(share, at)).toEqual(at);
  });
  it('is the close of the day after 23:00', () => {
    expect(lastTradingTime(share, cet('2026-11-23T23:30:00'))).toEqual(cet('2026-11-23T22:59:59'));
  });
  it('is the previous evening before the open', () => {
    expect(lastTradingTime(share, cet('2026-11-24T06:00:00'))).toEqual(cet('2026-11-23T22:59:59'));
  });
  it('is Friday evening on a Sunday for a share, Saturday noon for a weekend instrument', () => {
    expect(lastTradingTime(share, cet('2026-11-29T12:00:00'))).toEqual(cet('2026-11-27T22:59:59'));
    expect(lastTradingTime(crypto, cet('2026-11-29T12:00:00'))).toEqual(cet('2026-11-28T12:59:59'));
  });
});

describe('Frankfurt wall-clock time', () => {
  it('reads 01:59:59 then 03:00:00 when summer time starts (Sun 29 Mar 2026)', () => {
    expect(marketLocalTime(new Date('2026-03-29T00:59:59Z'))).toEqual({ weekday: 0, date: '2026-03-29', seconds: 1 * 3600 + 59 * 60 + 59 });
    expect(marketLocalTime(new Date('2026-03-29T01:00:00Z'))).toEqual({ weekday: 0, date: '2026-03-29', seconds: 3 * 3600 });
  });

  it('reads 02:59:59 twice when summer time ends (Sun 25 Oct 2026)', () => {
    expect(marketLocalTime(new Date('2026-10-25T00:59:59Z')).seconds).toBe(2 * 3600 + 59 * 60 + 59);
    expect(marketLocalTime(new Date('2026-10-25T01:59:59Z')).seconds).toBe(2 * 3600 + 59 * 60 + 59);
    expect(marketLocalTime(new Date('2026-10-25T02:00:00Z')).seconds).toBe(3 * 3600);
  });

  it('agrees with the time zone database every 67 minutes 13 seconds through 2026 and 2027', () => {
    const zone = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'medium' });
    const wrong: string[] = [];
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2028-01-01T00:00:00Z'); t += 4_033_000) {
      const [date, time] = zone.format(new Date(t)).split(' ');
      const [h, m, s] = time!.split(':').map(Number);
      const expected = `${date} ${h! * 3600 + m! * 60 + s!} ${new Date(`${date}T00:00:00Z`).getUTCDay()}`;
      const local = marketLocalTime(new Date(t));
      if (`${local.date} ${local.seconds} ${local.weekday}` !== expected) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  });
});
