import { describe, expect, it } from 'vitest';
import type { InstrumentType } from '@kontor/domain/enums';
import { indexTokens, queryTokens } from './normalize.ts';
import { type IndexEntry, TYPE_ORDER } from './search-index-parts.ts';
import { SearchIndex, type SearchHits, type SearchRequest } from './search-index.ts';
import { indexEntryOf } from './service.ts';
import { mulberry32 } from '../platform/random.ts';
import { universeSources } from './universe.ts';

/** 12 000 instruments: the real ones and generated derivatives (the million belongs in the bench). */
const entries: IndexEntry[] = [...universeSources(12_000 - 295)].map(({ source, popularity }) =>
  indexEntryOf({ ...source, instrumentType: source.type, name: source.longName, popularity }),
);
const index = SearchIndex.build(entries);

/** The search semantics written plainly: every document checked against every rule. */
const clamp = (p: number) => Math.min(Math.max(0, Math.floor(p)), 2 ** 20 - 1);
const refDocs = entries
  .map((e, pos) => ({
    e,
    pos,
    rank: TYPE_ORDER.indexOf(e.instrumentType),
    // All tokens in one string, each behind a separator: a word prefixes a token where "\u0001word" occurs.
    tokens: `\u0001${[...indexTokens(e.name), ...indexTokens(e.shortName), ...(e.emittentShortCode ? indexTokens(e.emittentShortCode) : [])].join('\u0001')}\u0001`,
    first: queryTokens(e.name)[0],
  }))
  .sort((a, b) => a.rank - b.rank || Number(a.e.knockedOutFlag) - Number(b.e.knockedOutFlag) || clamp(a.e.popularity) - clamp(b.e.popularity) || a.pos - b.pos)
  .map((d, order) => ({ ...d, order }));
type RefDoc = (typeof refDocs)[number];
const byCode = (key: 'isin' | 'wkn') => [...refDocs].sort((a, b) => ((a.e[key] ?? '') < (b.e[key] ?? '') ? -1 : (a.e[key] ?? '') > (b.e[key] ?? '') ? 1 : 0));
const refByIsin = byCode('isin');
const refByWkn = byCode('wkn');

function reference(req: SearchRequest): SearchHits {
  const accepts = (e: IndexEntry) =>
    (!req.types || req.types.includes(e.instrumentType)) &&
    !(req.tradableOnly && (e.instrumentType === 'INDEX' || e.knockedOutFlag)) &&
    (!req.sparplan || e.sparplan) &&
    (!req.fractional || e.fractionalTrading) &&
    (!req.weekendTrading || e.weekendTrading);
  const page = (list: { e: IndexEntry }[], total: number) => ({ isins: list.slice(req.from, req.from + req.size).map((d) => d.e.isin), total });
  const words = queryTokens(req.q ?? '');
  if (words.length === 0) {
    const all = refDocs.filter((d) => accepts(d.e));
    return page(all, all.length);
  }
  const code = (req.q ?? '').trim().toUpperCase();
  let codeDocs: RefDoc[] = [];
  if (/^[A-Z0-9]{4,12}$/.test(code)) {
    const exact = refDocs.filter((d) => (code.length === 12 && d.e.isin === code) || (code.length === 6 && d.e.wkn === code));
    let prefixed: RefDoc[] = [];
    if (code.length >= 6 && code.length < 12 && /^[A-Z]{2}/.test(code)) prefixed = refByIsin.filter((d) => d.e.isin.startsWith(code));
    else if (code.length >= 4 && code.length < 6 && /\d/.test(code)) prefixed = refByWkn.filter((d) => d.e.wkn?.startsWith(code));
    codeDocs = [...exact, ...prefixed.filter((d) => !exact.includes(d))];
  }
  const taken = new Set(codeDocs);
  const named = refDocs
    .filter((d) => !taken.has(d) && accepts(d.e) && words.every((w) => d.tokens.includes(`\u0001${w}`)))
    .map((d) => {
      const whole = words.every((w) => d.tokens.includes(`\u0001${w}\u0001`));
      return { ...d, tier: d.e.instrumentType === 'DERIVAT' ? 1 : 0, quality: (whole ? 2 : 0) + (d.first?.startsWith(words[0]!) ? 1 : 0) };
    })
    .sort((a, b) => a.tier - b.tier || b.quality - a.quality || a.order - b.order);
  const acceptedCodes = codeDocs.filter((d) => accepts(d.e));
  return page([...acceptedCodes, ...named], acceptedCodes.length + named.length);
}

describe('SearchIndex agrees with the plain reference semantics', () => {
  const rng = mulberry32(20261123);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  const prefixOf = (s: string) => s.slice(0, 1 + Math.floor(rng() * s.length));
  const randomQuery = (): string => {
    const e = pick(entries);
    const kind = rng();
    if (kind < 0.1) return e.isin;
    if (kind < 0.2) return e.isin.slice(0, 6 + Math.floor(rng() * 6));
    if (kind < 0.27) return e.wkn ?? e.isin;
    if (kind < 0.32) return (e.wkn ?? 'A0B1').slice(0, 4 + Math.floor(rng() * 2));
    const tokens = queryTokens(`${e.name} ${e.shortName}`);
    const n = 1 + Math.floor(rng() * Math.min(3, tokens.length));
    return Array.from({ length: n }, () => prefixOf(pick(tokens))).join(rng() < 0.5 ? ' ' : '  ');
  };
  const randomRequest = (): SearchRequest => {
    const types = rng() < 0.3 ? [...TYPE_ORDER].filter(() => rng() < 0.4) : undefined;
    return {
      q: rng() < 0.06 ? pick(['', ' ', 'a', 's', 't', 'c', 'DE000', 'xyzzy', 'münchen', 'MUENCHEN', 'e.on', 'S&P 500']) : randomQuery(),
      types: types && types.length > 0 ? (types as InstrumentType[]) : undefined,
      tradableOnly: rng() < 0.6,
      sparplan: rng() < 0.1,
      fractional: rng() < 0.1,
      weekendTrading: rng() < 0.15,
      from: rng() < 0.7 ? 0 : Math.floor(rng() * 40),
      size: 1 + Math.floor(rng() * 30),
    };
  };

  it('for 250 random queries: ISINs, WKNs, prefixes, words, filters and pages', () => {
    for (let i = 0; i < 250; i++) {
      const req = randomRequest();
      expect(index.search(req), JSON.stringify(req)).toEqual(reference(req));
    }
  });

  it('for the short prefixes a customer types first', () => {
    for (const q of ['a', 'b', 'd', 'e', 'g', 's', 'sa', 'si', 't', 'tu', 'c', 'ca', 'p', 'pu', 'l', 'lo']) {
      for (const tradableOnly of [false, true]) {
        const req = { q, tradableOnly, from: 0, size: 20 };
        expect(index.search(req), q).toEqual(reference(req));
      }
    }
  });
});

describe('SearchIndex ranking', () => {
  const search = (q: string, more: Partial<SearchRequest> = {}) => index.search({ q, from: 0, size: 10, ...more });

  it('puts the exact ISIN and the exact WKN first', () => {
    expect(search('DE0007164600').isins[0]).toBe('DE0007164600');
    expect(search('de0007164600').isins[0]).toBe('DE0007164600');
    expect(search('716460').isins[0]).toBe('DE0007164600');
    expect(search('A0RPWH').isins).toEqual(['IE00B4L5Y983']);
  });

  it('shows shares before the derivatives on them for a name', () => {
    const hits = search('sap', { size: 20 });
    expect(hits.isins[0]).toBe('DE0007164600');
    expect(hits.total).toBeGreaterThan(20);
    expect(hits.isins.slice(1).every((isin) => isin.startsWith('DE000'))).toBe(true);
  });

  it('ranks a name that starts with the word before one that only contains it', () => {
    const hits = search('siemens', { types: ['AKTIE'] });
    expect(hits.isins.slice(0, 3)).toEqual(['DE0007236101', 'DE000SHL1006', 'DE000ENER6Y0']);
  });

  it('finds umlauts in every spelling and words joined by punctuation', () => {
    for (const q of ['münchener rück', 'muenchener rueck', 'munchener ruck', 'MÜNCHENER']) expect(search(q).isins[0]).toBe('DE0008430026');
    expect(search('e.on').isins[0]).toBe('DE000ENAG999');
    expect(search('eon').isins[0]).toBe('DE000ENAG999');
    expect(search('coca cola').isins[0]).toBe('US1912161007');
    expect(search('nestle').isins[0]).toBe('CH0038863350');
  });

  it('finds ISINs and WKNs while they are typed', () => {
    expect(search('US03783').isins[0]).toBe('US0378331005');
    expect(search('A0RP').isins).toContain('IE00B4L5Y983');
  });

  it('counts all hits beyond the page and pages through them without overlap', () => {
    const first = search('dax', { size: 5 });
    const second = search('dax', { size: 5, from: 5 });
    expect(second.total).toBe(first.total);
    expect(new Set([...first.isins, ...second.isins]).size).toBe(10);
    expect(search('dax', { size: 10 }).isins).toEqual([...first.isins, ...second.isins]);
  });

  it('applies type and flag filters', () => {
    const etfs = search('msci', { types: ['ETF'], size: 50 });
    expect(etfs.total).toBeGreaterThan(3);
    expect(etfs.isins.every((isin) => entries.find((e) => e.isin === isin)?.instrumentType === 'ETF')).toBe(true);
    expect(search('bitcoin', { weekendTrading: true }).isins[0]).toBe('XF000BTC0017');
    expect(search('', { sparplan: true, types: ['DERIVAT'] }).total).toBe(0);
  });

  it('leaves out indices and knocked-out products for tradable searches', () => {
    expect(search('dax', { types: ['INDEX'] }).isins).toContain('DE0008469008');
    expect(search('dax', { types: ['INDEX'], tradableOnly: true }).total).toBe(0);
    const knockedOut = entries.find((e) => e.knockedOutFlag)!;
    expect(search(knockedOut.isin).isins).toEqual([knockedOut.isin]);
    expect(search(knockedOut.isin, { tradableOnly: true }).total).toBe(0);
  });

  it('counts instruments per type', () => {
    const { all, tradable } = index.typeCounts();
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBe(entries.length);
    expect(tradable.INDEX).toBe(0);
    expect(tradable.DERIVAT).toBe(entries.filter((e) => e.instrumentType === 'DERIVAT' && !e.knockedOutFlag).length);
  });
});
