import { describe, expect, it } from 'vitest';
import { berlinDate, berlinWallClock, berlinYear, formatDate, formatDateTime, formatLongDate, formatMonth, formatTime, startOfBerlinDay } from './dates';

describe('Berlin time', () => {
  it('the new year begins at 23:00 UTC', () => {
    expect(berlinYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(berlinYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });
  it('wall clock across the change to summer time (29 March 2026, 02:00 → 03:00)', () => {
    expect(berlinWallClock(new Date('2026-03-29T00:59:59Z'))).toEqual({ weekday: 0, date: '2026-03-29', seconds: 1 * 3600 + 59 * 60 + 59 });
    expect(berlinWallClock(new Date('2026-03-29T01:00:00Z'))).toEqual({ weekday: 0, date: '2026-03-29', seconds: 3 * 3600 });
  });
  it('the day begins at Berlin midnight and belongs to that day', () => {
    expect(startOfBerlinDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(berlinDate(startOfBerlinDay('2026-10-26'))).toBe('2026-10-26');
  });
});

describe('date formats', () => {
  it('German', () => {
    expect(formatDate('2024-03-05')).toBe('05.03.2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    expect(formatDateTime('2024-03-05T13:30:00Z')).toBe('05.03.2024, 14:30');
    expect(formatDateTime('2024-03-05T13:30:05Z', { seconds: true })).toBe('05.03.2024, 14:30:05');
    expect(formatTime('2024-07-01T07:30:05Z')).toBe('09:30:05');
    expect(formatTime('2024-07-01T07:30:05Z', { seconds: false })).toBe('09:30');
    expect(formatLongDate(new Date('2024-03-05T12:00:00Z'))).toBe('5. März 2024');
    expect(formatMonth('2027-01')).toBe('Januar 2027');
  });
  it('English', () => {
    expect(formatDate('2024-03-05', 'en')).toBe('05/03/2024');
    expect(formatDateTime('2024-03-05T13:30:00Z', { locale: 'en' })).toBe('05/03/2024, 14:30');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
  });
  it('refuses what is no date', () => {
    expect(() => formatDate('gestern')).toThrow(RangeError);
  });
});
