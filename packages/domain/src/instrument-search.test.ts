import { describe, expect, it } from 'vitest';
import {
  INSTRUMENT_SEARCH_DEFAULT_SIZE,
  INSTRUMENT_SEARCH_MAX_FROM,
  INSTRUMENT_SEARCH_MAX_SIZE,
  instrumentCountsSchema,
  instrumentSearchParams,
  instrumentSearchQuerySchema,
  instrumentSearchResponseSchema,
} from './instrument-search';

describe('instrumentSearchQuerySchema — spec §7 query parameters', () => {
  it('coerces the query-string values of a full search', () => {
    const parsed = instrumentSearchQuerySchema.parse({
      q: ' sap ',
      type: 'AKTIE,ETF',
      size: '20',
      from: '40',
      sparplan: 'true',
      fractional: 'false',
      weekendTrading: 'true',
      defaultAllTypes: 'true',
      tradableBusiness: 'true',
    });
    expect(parsed).toEqual({
      q: 'sap',
      type: ['AKTIE', 'ETF'],
      size: 20,
      from: 40,
      sparplan: true,
      fractional: false,
      weekendTrading: true,
      defaultAllTypes: true,
      tradableBusiness: true,
    });
  });

  it('accepts the default search with no size', () => {
    expect(instrumentSearchQuerySchema.parse({ defaultAllTypes: 'true', tradableBusiness: 'true' })).toEqual({
      defaultAllTypes: true,
      tradableBusiness: true,
    });
  });

  it.each([
    ['spaces and a repeated parameter', ['AKTIE, ETF', 'KRYPTO'], ['AKTIE', 'ETF', 'KRYPTO']],
    ['duplicates once', 'ETF,ETF', ['ETF']],
    ['an empty list as no filter', '', undefined],
  ])('reads the type list: %s', (_case, type, expected) => {
    expect(instrumentSearchQuerySchema.parse({ type }).type).toEqual(expected);
  });

  it.each([
    ['an unknown instrument type', { type: 'AKTIE,ANLEIHE' }],
    ['a lower-case wire value', { type: 'aktie' }],
    ['a query over 200 characters', { q: 'x'.repeat(201) }],
    ['size 0', { size: '0' }],
    ['size 101', { size: '101' }],
    ['a fractional size', { size: '2.5' }],
    ['a size that is no number', { size: 'ten' }],
    ['a negative from', { from: '-1' }],
    ['a boolean that is neither true nor false', { sparplan: 'yes' }],
  ])('rejects %s', (_case, query) => {
    expect(instrumentSearchQuerySchema.safeParse(query).success).toBe(false);
  });

  it('accepts the limits themselves', () => {
    expect(instrumentSearchQuerySchema.safeParse({ q: 'x'.repeat(200), size: '100', from: '0' }).success).toBe(true);
    expect(instrumentSearchQuerySchema.safeParse({ size: '1' }).success).toBe(true);
  });
});

describe('instrumentSearchParams — what the web app sends', () => {
  it('always asks for all types and tradable instruments', () => {
    expect(instrumentSearchParams({}).toString()).toBe('defaultAllTypes=true&tradableBusiness=true');
  });

  it('adds the given filters, types comma-separated, flags only when true', () => {
    const params = instrumentSearchParams({
      q: 'msci world',
      type: ['ETF', 'FONDS'],
      size: 10,
      from: 0,
      sparplan: true,
      fractional: false,
      weekendTrading: true,
    });
    expect(params.toString()).toBe(
      'defaultAllTypes=true&tradableBusiness=true&q=msci+world&type=ETF%2CFONDS&size=10&from=0&sparplan=true&weekendTrading=true',
    );
    expect(instrumentSearchQuerySchema.parse(Object.fromEntries(params))).toEqual({
      defaultAllTypes: true,
      tradableBusiness: true,
      q: 'msci world',
      type: ['ETF', 'FONDS'],
      size: 10,
      from: 0,
      sparplan: true,
      weekendTrading: true,
    });
  });
});

describe('instrumentSearchResponseSchema', () => {
  it('has results and the hit count under stats.hits.HITS', () => {
    expect(instrumentSearchResponseSchema.parse({ results: [], stats: { hits: { HITS: 0 } } })).toEqual({
      results: [],
      stats: { hits: { HITS: 0 } },
    });
    expect(instrumentSearchResponseSchema.safeParse({ results: [], stats: { hits: 3 } }).success).toBe(false);
    expect(instrumentSearchResponseSchema.safeParse({ results: [], stats: { hits: { HITS: -1 } } }).success).toBe(false);
  });
});

describe('search limits and the counts file', () => {
  it('refuses a page that starts beyond the deepest hit', () => {
    expect(instrumentSearchQuerySchema.safeParse({ from: String(INSTRUMENT_SEARCH_MAX_FROM) }).success).toBe(true);
    expect(instrumentSearchQuerySchema.safeParse({ from: String(INSTRUMENT_SEARCH_MAX_FROM + 1) }).success).toBe(false);
    expect(INSTRUMENT_SEARCH_DEFAULT_SIZE).toBeLessThanOrEqual(INSTRUMENT_SEARCH_MAX_SIZE);
  });

  it('needs a count for every instrument type', () => {
    const types = { AKTIE: 1, ETF: 2, FONDS: 3, DERIVAT: 4, KRYPTO: 5, INDEX: 6, WAEHRUNG: 7, ROHSTOFF: 8 };
    expect(instrumentCountsSchema.safeParse({ total: 36, types, tradable: { ...types, INDEX: 0 } }).success).toBe(true);
    const { ROHSTOFF: _missing, ...withoutOne } = types;
    expect(instrumentCountsSchema.safeParse({ total: 28, types: withoutOne, tradable: types }).success).toBe(false);
  });
});
