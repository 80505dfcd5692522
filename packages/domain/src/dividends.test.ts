import { describe, expect, it } from 'vitest';
import { dividendHistorySchema, exposedDividends, MAX_DIVIDEND_YEARS, type DividendEntry } from './dividends';

const entry = (year: number, yieldAbsolute = '1.00'): DividendEntry => ({
  yieldPercent: '2.10',
  yieldAbsolute,
  year,
  symbol: '€',
});

const history = (years: number[]) => ({ headline: 'Dividenden SAP SE', entries: years.map((y) => entry(y)) });
const years = (h: { entries: DividendEntry[] }) => h.entries.map((e) => e.year);

describe('exposedDividends — spec §3 dividend history', () => {
  const today = new Date('2024-06-15T10:00:00Z');

  it('keeps the headline', () => {
    expect(exposedDividends(history([2023]), today).headline).toBe('Dividenden SAP SE');
  });

  it.each([
    ['drops future years, keeps the current one', [2022, 2023, 2024, 2025, 2026], [2024, 2023, 2022]],
    ['orders newest first', [2019, 2021, 2020], [2021, 2020, 2019]],
    ['exposes at most 6 years: the newest', [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024], [2024, 2023, 2022, 2021, 2020, 2019]],
    ['future years do not take one of the 6 places', [2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018], [2024, 2023, 2022, 2021, 2020, 2019]],
    ['no entries', [], []],
    ['only future entries', [2025, 2030], []],
  ])('%s', (_case, input, expected) => {
    expect(years(exposedDividends(history(input), today))).toEqual(expected);
  });

  it('limits to MAX_DIVIDEND_YEARS = 6', () => {
    expect(MAX_DIVIDEND_YEARS).toBe(6);
  });

  it('keeps the order of entries of the same year', () => {
    const h = { headline: 'h', entries: [entry(2023, '0.50'), entry(2024, '1.00'), entry(2023, '0.70')] };
    expect(exposedDividends(h, today).entries.map((e) => `${e.year}:${e.yieldAbsolute}`)).toEqual([
      '2024:1.00',
      '2023:0.50',
      '2023:0.70',
    ]);
  });

  it('uses the German calendar year at the turn of the year', () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Berlin.
    const newYearInBerlin = new Date('2024-12-31T23:30:00Z');
    expect(years(exposedDividends(history([2025, 2024]), newYearInBerlin))).toEqual([2025, 2024]);
    const stillOldYear = new Date('2024-12-31T22:30:00Z');
    expect(years(exposedDividends(history([2025, 2024]), stillOldYear))).toEqual([2024]);
  });

  it('does not change its input', () => {
    const h = history([2020, 2026, 2022]);
    exposedDividends(h, today);
    expect(years(h)).toEqual([2020, 2026, 2022]);
  });
});

describe('dividendHistorySchema', () => {
  it('accepts decimal strings and rejects floats', () => {
    expect(dividendHistorySchema.safeParse(history([2023])).success).toBe(true);
    const withFloat = { headline: 'h', entries: [{ ...entry(2023), yieldPercent: 2.1 }] };
    expect(dividendHistorySchema.safeParse(withFloat).success).toBe(false);
  });
});
