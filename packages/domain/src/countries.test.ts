import { describe, expect, it } from 'vitest';
import { countries, countryName } from './countries';

describe('countries — spec §3 country list', () => {
  const list = countries();

  it('puts Deutschland, Österreich and Schweiz first', () => {
    expect(list.slice(0, 3)).toEqual([
      { code: 'DE', name: 'Deutschland' },
      { code: 'AT', name: 'Österreich' },
      { code: 'CH', name: 'Schweiz' },
    ]);
  });

  it('lists the rest of the world once each, without repeating the first three', () => {
    const codes = list.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(249);
    expect(codes.slice(3)).not.toContain('DE');
    expect(codes).toContain('FR');
    expect(codes).toContain('US');
  });

  it('sorts the rest by German name, umlauts with their base letter', () => {
    const names = list.slice(3).map((c) => c.name);
    const collator = new Intl.Collator('de');
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(names[0]).toBe('Afghanistan');
    // Ägypten comes among the A countries, not after Z.
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Albanien'));
    expect(names.indexOf('Äthiopien')).toBeLessThan(names.indexOf('Australien'));
  });

  it('uses German names', () => {
    const byCode = new Map(list.map((c) => [c.code, c.name]));
    expect(byCode.get('FR')).toBe('Frankreich');
    expect(byCode.get('GB')).toBe('Vereinigtes Königreich');
    expect(byCode.get('NL')).toBe('Niederlande');
  });

  it('returns a fresh array, so a caller cannot reorder the list for everyone', () => {
    const first = countries();
    first.reverse();
    expect(countries()[0]).toEqual({ code: 'DE', name: 'Deutschland' });
  });
});

describe('countryName', () => {
  it.each([
    ['DE', 'Deutschland'],
    ['at', 'Österreich'],
    ['CH', 'Schweiz'],
    ['EG', 'Ägypten'],
    ['XX', undefined],
    ['DEU', undefined],
    ['', undefined],
  ])('%j → %j', (code, name) => {
    expect(countryName(code)).toBe(name);
  });
});

describe('countries in English — the web in English mode', () => {
  it('keeps DE, AT, CH first and sorts the rest by English name', () => {
    const list = countries('en');
    expect(list.slice(0, 3).map((c) => c.name)).toEqual(['Germany', 'Austria', 'Switzerland']);
    const names = list.slice(3).map((c) => c.name);
    expect(names.indexOf('Egypt')).toBeGreaterThan(names.indexOf('Denmark'));
    expect(list).toHaveLength(countries('de').length);
  });

  it('names a code in the language asked for', () => {
    expect(countryName('at', 'en')).toBe('Austria');
    expect(countryName('at')).toBe('Österreich');
  });
});
