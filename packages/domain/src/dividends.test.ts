import { describe, expect, it } from 'vitest';
import { accumulates, dividendExDate, dividendHistorySchema, dividendPayDate, exposedDividends, MAX_DIVIDEND_YEARS, paysDividends, type DividendEntry } from './dividends';

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

describe('who pays dividends, who accumulates, and when a dividend is paid', () => {
  const etf = (name: string) => ({ instrumentType: 'ETF', name, isin: 'IE00B4L5Y983' });
  it.each([
    ['iShares Core MSCI World UCITS ETF USD (Acc)', true],
    ['Vanguard FTSE All-World UCITS ETF USD Accumulating', true],
    ['Xtrackers MSCI World UCITS ETF 1C', true],
    ['DWS Vermögensbildungsfonds thesaurierend', true],
    ['iShares Core DAX UCITS ETF (DE)', false],
    ['Vanguard FTSE All-World UCITS ETF USD Distributing', false],
  ])('%s accumulates: %s', (name, acc) => {
    expect(accumulates(etf(name))).toBe(acc);
    expect(paysDividends(etf(name))).toBe(!acc);
  });

  it('shares pay, an accumulating name of a share does not make it accumulate, certificates pay nothing', () => {
    expect(paysDividends({ instrumentType: 'AKTIE', name: 'Accenture plc', isin: 'IE00B4BNMY34' })).toBe(true);
    expect(accumulates({ instrumentType: 'AKTIE', name: 'Acc Corp', isin: 'US0000000000' })).toBe(false);
    expect(paysDividends({ instrumentType: 'ZERTIFIKAT', name: 'Bonus DAX', isin: 'DE000A0000000' })).toBe(false);
  });

  const weekday = (d: string) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay());
  it('the pay date lies in April to June on a banking day, the same every time; the ex-date two banking days before it', () => {
    const pay = dividendPayDate('US0378331005', 2027, weekday);
    expect(pay).toBe(dividendPayDate('US0378331005', 2027, weekday));
    expect(pay >= '2027-04-01' && pay <= '2027-07-05').toBe(true);
    expect(weekday(pay)).toBe(true);
    // Monday 28 June 2027 → Thursday 24 June (Friday 25 is one banking day back, Thursday the second).
    expect(dividendExDate('2027-06-28', weekday)).toBe('2027-06-24');
    expect(dividendExDate('2027-06-30', weekday)).toBe('2027-06-28');
  });
});
