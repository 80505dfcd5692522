import type { InstrumentType } from '@kontor/domain/enums';
import { indexTokens } from './normalize.ts';
import { compare, NONE } from './search-postings.ts';

/** What the search index is built from, and the arrays it is built into (search-index.ts). */

export type IndexEntry = {
  isin: string;
  wkn: string | null;
  name: string;
  shortName: string;
  instrumentType: InstrumentType;
  emittentShortCode: string | null;
  sparplan: boolean;
  fractionalTrading: boolean;
  weekendTrading: boolean;
  knockedOutFlag: boolean;
  popularity: number;
};

/** Static rank order of the types. DERIVAT comes last and alone forms the second tier. */
export const TYPE_ORDER: readonly InstrumentType[] = ['AKTIE', 'ETF', 'FONDS', 'ROHSTOFF', 'KRYPTO', 'WAEHRUNG', 'INDEX', 'DERIVAT'];
export const TYPE_RANK = new Map(TYPE_ORDER.map((t, i) => [t, i]));
export const INDEX_RANK = TYPE_RANK.get('INDEX')!;
export const DERIVAT_RANK = TYPE_RANK.get('DERIVAT')!;

export const SPARPLAN = 1;
export const FRACTIONAL = 2;
export const WEEKEND = 4;
export const KNOCKED_OUT = 8;

/** Key layout of the static rank sort: position of the entry in the low bits. */
export const POSITION_BITS = 2 ** 25;

export type Parts = {
  isins: string[];
  wkns: (string | null)[];
  types: Uint8Array;
  flags: Uint8Array;
  firstTerm: Uint32Array;
  terms: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
};

/**
 * Reads the entries once, in any order, into documents numbered in static rank order, the sorted
 * terms and their postings (CSR layout).
 */
export function partsOf(entries: Iterable<IndexEntry>): Parts {
  // Per input position: static rank key, codes, type, flags, first term, and the terms.
  const keys: number[] = [];
  const isinsIn: string[] = [];
  const wknsIn: (string | null)[] = [];
  const typesIn: number[] = [];
  const flagsIn: number[] = [];
  const firstIn: number[] = [];
  const startIn: number[] = [];
  let forward = new Uint32Array(1 << 16);
  let used = 0;
  const termIds = new Map<string, number>();
  const lastSeen: number[] = [];
  // Names repeat their words endlessly ("Turbo", "Long", "auf", "SAP"): tokenize each word once.
  const segmentTerms = new Map<string, number[]>();
  const termsOfSegment = (segment: string): number[] => {
    let ids = segmentTerms.get(segment);
    if (!ids) {
      ids = [];
      for (const token of indexTokens(segment)) {
        let id = termIds.get(token);
        if (id === undefined) {
          id = termIds.size;
          termIds.set(token, id);
          lastSeen.push(-1);
        }
        ids.push(id);
      }
      segmentTerms.set(segment, ids);
    }
    return ids;
  };
  let position = 0;
  let first = NONE;
  const add = (text: string, isName: boolean) => {
    for (const segment of text.split(' ')) {
      if (segment === '') continue;
      const ids = termsOfSegment(segment);
      if (isName && first === NONE && ids.length > 0) first = ids[0]!;
      for (const id of ids) {
        if (lastSeen[id] === position) continue;
        lastSeen[id] = position;
        if (used === forward.length) {
          const bigger = new Uint32Array(forward.length * 2);
          bigger.set(forward);
          forward = bigger;
        }
        forward[used++] = id;
      }
    }
  };
  for (const e of entries) {
    if (position >= POSITION_BITS) throw new RangeError('The search index holds at most 33 million instruments');
    const rank = TYPE_RANK.get(e.instrumentType) ?? DERIVAT_RANK;
    const popularity = Math.min(Math.max(0, Math.floor(e.popularity)), 2 ** 20 - 1);
    // The input position in the low bits keeps the order stable.
    keys.push(((rank * 2 + (e.knockedOutFlag ? 1 : 0)) * 2 ** 20 + popularity) * POSITION_BITS + position);
    isinsIn.push(e.isin);
    wknsIn.push(e.wkn);
    typesIn.push(rank);
    flagsIn.push((e.sparplan ? SPARPLAN : 0) | (e.fractionalTrading ? FRACTIONAL : 0) | (e.weekendTrading ? WEEKEND : 0) | (e.knockedOutFlag ? KNOCKED_OUT : 0));
    startIn.push(used);
    first = NONE;
    add(e.name, true);
    if (e.shortName !== e.name) add(e.shortName, false);
    if (e.emittentShortCode) add(e.emittentShortCode, false);
    firstIn.push(first);
    position++;
  }
  const n = position;
  startIn.push(used);
  const order = Float64Array.from(keys).sort();

  // Terms in sorted order; renumber.
  const terms = [...termIds.keys()].sort(compare);
  const remap = new Uint32Array(terms.length);
  terms.forEach((t, i) => {
    remap[termIds.get(t)!] = i;
  });

  const isins = new Array<string>(n);
  const wkns = new Array<string | null>(n);
  const types = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const firstTerm = new Uint32Array(n);
  const positions = new Uint32Array(n);
  for (let doc = 0; doc < n; doc++) {
    const pos = order[doc]! % POSITION_BITS;
    positions[doc] = pos;
    isins[doc] = isinsIn[pos]!;
    wkns[doc] = wknsIn[pos]!;
    types[doc] = typesIn[pos]!;
    flags[doc] = flagsIn[pos]!;
    firstTerm[doc] = firstIn[pos] === NONE ? NONE : remap[firstIn[pos]!]!;
  }

  // Postings in CSR layout; filling in document order keeps every list sorted.
  const offsets = new Uint32Array(terms.length + 1);
  for (let i = 0; i < used; i++) offsets[remap[forward[i]!]! + 1]! += 1;
  for (let t = 0; t < terms.length; t++) offsets[t + 1]! += offsets[t]!;
  const fill = offsets.slice(0, terms.length);
  const postings = new Uint32Array(used);
  for (let doc = 0; doc < n; doc++) {
    const pos = positions[doc]!;
    for (let i = startIn[pos]!; i < startIn[pos + 1]!; i++) postings[fill[remap[forward[i]!]!]!++] = doc;
  }
  return { isins, wkns, types, flags, firstTerm, terms, offsets, postings };
}
