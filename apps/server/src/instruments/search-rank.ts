import { type DocSet, lowerBound, memberOf, popcount } from './search-postings.ts';

/**
 * Ranking a query's name hits (the order is described in search-index.ts): non-derivatives before
 * derivatives, then whole words and a name that starts with the first word, then static rank.
 */

export type RankedHits = { ranked: number[]; total: number };

/** What the walks read of the index. */
export type RankIndex = {
  readonly size: number;
  /** Per document: its name's first term. */
  readonly firstTerm: Uint32Array;
  /** A zeroed bitset reused between searches; whoever sets bits clears them. */
  scratch(name: string): Uint32Array;
  newBits(): Uint32Array;
  /** Documents whose name starts with a term of [lo, hi), precomputed or marked via `mark`. */
  firstWordBitsOf(lo: number, hi: number, mark: (list: Uint32Array, bits: Uint32Array) => Uint32Array): Uint32Array;
};

export type NameQuery = {
  /** Every word is itself a term, so whole-word hits rank first. */
  exactPossible: boolean;
  exactSets: DocSet[];
  /** The term range of the first word. */
  first: [number, number];
  /** Allowed document ranges [start, end) pairs. */
  ranges: number[];
  derivStart: number;
  need: number;
  /** Documents already found by code. */
  taken: Uint32Array | null;
};

/** A small candidate list, walked document by document against the other sets. */
export function walkList(index: RankIndex, driver: Uint32Array, others: DocSet[], q: NameQuery): RankedHits {
const { exactPossible, exactSets, first: [firstLo, firstHi], ranges, derivStart, need, taken } = q;
  const members = others.map(memberOf);
  const exact = exactSets.map(memberOf);
  // Buckets per tier (0 = non-derivatives, 1 = derivatives) and quality (3 … 0); each keeps its
  // first `need` documents, which are its best, as documents come in static rank order.
  const buckets: number[][] = Array.from({ length: 8 }, () => []);
  const maxQuality = exactPossible ? 3 : 1;
  let total = 0;
  let tier0 = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    const end = ranges[r + 1]!;
    for (let i = lowerBound(driver, ranges[r]!); i < driver.length; i++) {
      const d = driver[i]!;
      if (d >= end) break;
      if (taken && taken[d >>> 5]! & (1 << (d & 31))) continue;
      let all = true;
      for (const m of members) {
        if (!m(d)) {
          all = false;
          break;
        }
      }
      if (!all) continue;
      total++;
      const tier = d < derivStart ? 0 : 1;
      if (tier === 0) tier0++;
      const base = tier * 4;
      const ahead = tier === 0 ? 0 : tier0;
      // Not even the best quality would reach the page: only count.
      if (ahead + buckets[base + maxQuality]!.length >= need) continue;
      let quality = index.firstTerm[d]! >= firstLo && index.firstTerm[d]! < firstHi ? 1 : 0;
      if (exactPossible) {
        let whole = true;
        for (const m of exact) {
          if (!m(d)) {
            whole = false;
            break;
          }
        }
        if (whole) quality += 2;
      }
      let before = ahead;
      for (let q = maxQuality; q >= quality; q--) before += buckets[base + q]!.length;
      if (before < need) buckets[base + quality]!.push(d);
    }
  }
  const ranked: number[] = [];
  for (const tier of [0, 1]) {
    for (let q = 3; q >= 0; q--) for (const d of buckets[tier * 4 + q]!) if (ranked.length < need) ranked.push(d);
  }
  return { ranked, total };
}

/** Every set large: intersected, counted and ranked 32 documents at a time. */
export function walkBits(index: RankIndex, inputs: Uint32Array[], q: NameQuery): RankedHits {
const { exactPossible, exactSets, first: [firstLo, firstHi], ranges, derivStart, need, taken } = q;
  // The hits: intersection of the inputs within the allowed ranges, less what is taken.
  const hit = index.scratch('hit');
  let total = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    const start = ranges[r]!;
    const end = ranges[r + 1]!;
    const last = (end - 1) >>> 5;
    for (let w = start >>> 5; w <= last; w++) {
      let x = -1;
      if (w === start >>> 5) x &= -1 << (start & 31);
      if (w === last && (end & 31) !== 0) x &= (1 << (end & 31)) - 1;
      for (let k = 0; k < inputs.length && x !== 0; k++) x &= inputs[k]![w]!;
      if (taken) x &= ~taken[w]!;
      hit[w] = hit[w]! | x;
    }
  }
  for (let r = 0; r < ranges.length; r += 2) {
    // Adjacent ranges may share a word; count each word once.
    const from = r > 0 && ranges[r - 1]! - 1 >>> 5 === ranges[r]! >>> 5 ? (ranges[r]! >>> 5) + 1 : ranges[r]! >>> 5;
    for (let w = from; w <= (ranges[r + 1]! - 1) >>> 5; w++) if (hit[w] !== 0) total += popcount(hit[w]!);
  }

  // Whole-word bitsets (lists are marked into scratch bitsets) and the first-word bitset.
  const exactBits: Uint32Array[] = [];
  const marked: [Uint32Array, Uint32Array][] = [];
  const mark = (list: Uint32Array, bits: Uint32Array) => {
    for (const d of list) bits[d >>> 5]! |= 1 << (d & 31);
    marked.push([list, bits]);
    return bits;
  };
  exactSets.forEach((s, k) => exactBits.push(s.bits ?? mark(s.list, k === 0 ? index.scratch('exact') : index.newBits())));
  const firstBits = index.firstWordBitsOf(firstLo, firstHi, mark);

  const ranked: number[] = [];
  try {
    for (const [tierStart, tierEnd] of [[0, derivStart], [derivStart, index.size]] as const) {
      if (tierStart >= tierEnd) continue;
      for (let quality = 3; quality >= 0 && ranked.length < need; quality--) {
        if (quality >= 2 && !exactPossible) continue;
        for (let w = tierStart >>> 5; w <= (tierEnd - 1) >>> 5 && ranked.length < need; w++) {
          let x = hit[w]!;
          if (x === 0) continue;
          if (exactPossible) {
            let e = -1;
            for (const bits of exactBits) e &= bits[w]!;
            x &= quality >= 2 ? e : ~e;
          }
          x &= quality & 1 ? firstBits[w]! : ~firstBits[w]!;
          while (x !== 0 && ranked.length < need) {
            const low = x & -x;
            const d = (w << 5) + 31 - Math.clz32(low);
            x ^= low;
            if (d >= tierStart && d < tierEnd) ranked.push(d);
          }
        }
      }
    }
  } finally {
    hit.fill(0);
    for (const [list, bits] of marked) for (const d of list) bits[d >>> 5] = 0;
  }
  return { ranked, total };
}
