import { INSTRUMENT_TYPES, type InstrumentType } from '@kontor/domain/enums';
import { queryTokens } from './normalize.ts';
import { DERIVAT_RANK, FRACTIONAL, INDEX_RANK, type IndexEntry, KNOCKED_OUT, type Parts, partsOf, SPARPLAN, TYPE_ORDER, WEEKEND } from './search-index-parts.ts';
import { codeOrder, type DocSet, mergeSorted, NONE, prefixRange } from './search-postings.ts';
import { type NameQuery, type RankedHits, type RankIndex, walkBits, walkList } from './search-rank.ts';

/**
 * The in-memory instrument search (design and figures in README.md).
 *
 * Documents are numbered in static rank order: non-derivatives before derivatives, then by type
 * (shares, ETFs, funds, commodities, crypto, currencies, indices, derivatives), knocked-out products
 * at the end of their type, then by popularity. So every posting list, kept sorted by document
 * number, already runs best first; each type and its tradable part are contiguous ranges of
 * numbers; and "the first k" of any set needs no sort.
 *
 * - Terms: one sorted array of normalized words; a typed prefix is a range of it (binary search).
 * - Postings: the sorted document numbers of each term, all in one Uint32Array (CSR layout).
 *   Sets larger than 1/32 of the documents are (also) kept as bitsets, which are then smaller than
 *   the list and intersect and count a word (32 documents) at a time.
 * - Prefixes of 1–3 letters spanning several terms have their union precomputed; longer ones are
 *   merged on demand.
 * - The first word of every name, for "name starts with" ranking; bitsets of the documents whose
 *   first word starts with a common prefix ("t" → Turbo …).
 * - ISIN and WKN: document numbers sorted by code (radix sort), binary search for exact and
 *   prefix lookups.
 * - Flags (savings plan, fractions, weekend) as bitsets; types as ranges.
 *
 * A query's hits are: exact ISIN/WKN, then ISIN/WKN prefixes (in code order), then name hits.
 * Every query word must prefix a word of the name (or short name, or issuer code). Name hits rank
 * non-derivatives before derivatives, then by match quality — every word whole (+2), the name
 * starts with the first word (+1) — then by static rank.
 */

export type SearchRequest = {
  q?: string | undefined;
  /** Only these types; all when absent. */
  types?: readonly InstrumentType[] | undefined;
  /** Leave out what a customer cannot buy: indices and knocked-out products. */
  tradableOnly?: boolean | undefined;
  sparplan?: boolean | undefined;
  fractional?: boolean | undefined;
  weekendTrading?: boolean | undefined;
  from: number;
  size: number;
};

export type SearchHits = { isins: string[]; total: number };

const PRECOMPUTED_PREFIX_LENGTH = 3;
const PRECOMPUTED_FIRST_WORD_PREFIX_LENGTH = 8;
/** Unions up to this many postings are merged by sorting; of a few terms by merging; else through a bitset. */
const SMALL_UNION = 4_096;
const MERGE_TERMS = 8;

export class SearchIndex {
  readonly size: number;
  private readonly words: number;
  private readonly isins: string[];
  private readonly wkns: (string | null)[];
  private readonly types: Uint8Array;
  private readonly flags: Uint8Array;
  /** Per type rank: start, end of its tradable part (knocked-out products follow), end. */
  private readonly typeRanges: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly terms: string[];
  private readonly offsets: Uint32Array;
  private readonly postings: Uint32Array;
  /** Bitsets of the terms with many documents. */
  private readonly termBits = new Map<number, Uint32Array>();
  private readonly prefixSets = new Map<string, DocSet>();
  private readonly firstTerm: Uint32Array;
  /** Documents grouped by the first word of their name (CSR, like the postings). */
  private readonly firstOffsets: Uint32Array;
  private readonly firstDocs: Uint32Array;
  /** Keyed by the term range "lo:hi" of a prefix. */
  private readonly firstPrefixBits = new Map<string, Uint32Array>();
  private readonly flagBits: Record<number, Uint32Array>;
  private readonly byIsin: Uint32Array;
  private readonly byWkn: Uint32Array;
  /** Per code order: how many tradable documents come before each position (counts long code prefixes at once). */
  private readonly tradableUpTo: Map<Uint32Array, Uint32Array>;
  /** A set is kept as a bitset from this many documents on. */
  private readonly bitsFrom: number;

  private constructor(p: Parts) {
    this.size = p.isins.length;
    this.words = Math.ceil(this.size / 32);
    this.bitsFrom = Math.max(64, Math.ceil(this.size / 32));
    this.isins = p.isins;
    this.wkns = p.wkns;
    this.types = p.types;
    this.flags = p.flags;
    this.firstTerm = p.firstTerm;
    this.terms = p.terms;
    this.offsets = p.offsets;
    this.postings = p.postings;

    this.typeRanges = new Uint32Array(TYPE_ORDER.length * 3);
    this.counts = new Uint32Array(TYPE_ORDER.length * 16);
    let d = 0;
    for (let rank = 0; rank < TYPE_ORDER.length; rank++) {
      this.typeRanges[rank * 3] = d;
      let tradableEnd = -1;
      while (d < this.size && this.types[d] === rank) {
        if (tradableEnd < 0 && this.flags[d]! & KNOCKED_OUT) tradableEnd = d;
        this.counts[rank * 16 + this.flags[d]!]! += 1;
        d++;
      }
      this.typeRanges[rank * 3 + 1] = tradableEnd < 0 ? d : tradableEnd;
      this.typeRanges[rank * 3 + 2] = d;
    }

    this.flagBits = { [SPARPLAN]: this.newBits(), [FRACTIONAL]: this.newBits(), [WEEKEND]: this.newBits() };
    for (let doc = 0; doc < this.size; doc++) {
      for (const flag of [SPARPLAN, FRACTIONAL, WEEKEND]) if (this.flags[doc]! & flag) this.flagBits[flag]![doc >>> 5]! |= 1 << (doc & 31);
    }

    for (let t = 0; t < this.terms.length; t++) {
      if (this.offsets[t + 1]! - this.offsets[t]! >= this.bitsFrom) this.termBits.set(t, this.bitsOfPostings(t, t + 1));
    }
    this.precomputePrefixes();

    // First words: documents grouped by first term.
    this.firstOffsets = new Uint32Array(this.terms.length + 1);
    for (let doc = 0; doc < this.size; doc++) if (this.firstTerm[doc] !== NONE) this.firstOffsets[this.firstTerm[doc]! + 1]! += 1;
    for (let t = 0; t < this.terms.length; t++) this.firstOffsets[t + 1]! += this.firstOffsets[t]!;
    const fill = this.firstOffsets.slice(0, this.terms.length);
    this.firstDocs = new Uint32Array(this.firstOffsets[this.terms.length]!);
    for (let doc = 0; doc < this.size; doc++) if (this.firstTerm[doc] !== NONE) this.firstDocs[fill[this.firstTerm[doc]!]!++] = doc;
    this.precomputeFirstWordPrefixes();

    this.byIsin = codeOrder(this.isins, 12);
    this.byWkn = codeOrder(this.wkns, 6);
    this.tradableUpTo = new Map([this.byIsin, this.byWkn].map((order) => [order, this.tradableCounts(order)]));
    this.rankView = {
      size: this.size,
      firstTerm: this.firstTerm,
      scratch: (name) => this.scratch(name),
      newBits: () => this.newBits(),
      firstWordBitsOf: (lo, hi, mark) => this.firstWordBitsOf(lo, hi, mark),
    };
  }
  /** Builds the index from entries in any order; they are read once and not kept. */
  static build(entries: Iterable<IndexEntry>): SearchIndex {
    return new SearchIndex(partsOf(entries));
  }

  private newBits(): Uint32Array {
    return new Uint32Array(this.words);
  }

  private bitsOfPostings(lo: number, hi: number): Uint32Array {
    const bits = this.newBits();
    for (let t = lo; t < hi; t++) {
      const ready = this.termBits.get(t);
      if (ready) {
        for (let w = 0; w < bits.length; w++) bits[w]! |= ready[w]!;
        continue;
      }
      for (let i = this.offsets[t]!; i < this.offsets[t + 1]!; i++) {
        const d = this.postings[i]!;
        bits[d >>> 5]! |= 1 << (d & 31);
      }
    }
    return bits;
  }

  /** Groups of terms sharing a prefix of `len` characters: [prefix, lo, hi). */
  private *prefixGroups(len: number): Generator<[string, number, number]> {
    let lo = 0;
    while (lo < this.terms.length) {
      if (this.terms[lo]!.length < len) {
        lo++;
        continue;
      }
      const prefix = this.terms[lo]!.slice(0, len);
      let hi = lo + 1;
      while (hi < this.terms.length && this.terms[hi]!.startsWith(prefix)) hi++;
      yield [prefix, lo, hi];
      lo = hi;
    }
  }

  private precomputePrefixes(): void {
    for (let len = 1; len <= PRECOMPUTED_PREFIX_LENGTH; len++) {
      for (const [prefix, lo, hi] of this.prefixGroups(len)) {
        if (hi - lo > 1 && this.offsets[hi]! - this.offsets[lo]! > SMALL_UNION) this.prefixSets.set(prefix, this.union(lo, hi));
      }
    }
  }

  private precomputeFirstWordPrefixes(): void {
    for (let len = 1; len <= PRECOMPUTED_FIRST_WORD_PREFIX_LENGTH; len++) {
      for (const [, lo, hi] of this.prefixGroups(len)) {
        const key = `${lo}:${hi}`;
        if (!this.firstPrefixBits.has(key) && this.firstOffsets[hi]! - this.firstOffsets[lo]! >= this.bitsFrom) {
          this.firstPrefixBits.set(key, this.firstWordBits(lo, hi));
        }
      }
    }
  }

  private firstWordBits(lo: number, hi: number): Uint32Array {
    const bits = this.newBits();
    for (let i = this.firstOffsets[lo]!; i < this.firstOffsets[hi]!; i++) {
      const d = this.firstDocs[i]!;
      bits[d >>> 5]! |= 1 << (d & 31);
    }
    return bits;
  }

  /** The documents of the terms [lo, hi): a sorted list when small, a bitset when large. */
  private union(lo: number, hi: number): DocSet {
    if (hi - lo === 1) {
      const bits = this.termBits.get(lo);
      return bits ? { bits } : { list: this.postings.subarray(this.offsets[lo]!, this.offsets[hi]!) };
    }
    const total = this.offsets[hi]! - this.offsets[lo]!;
    if (total <= SMALL_UNION) {
      const all = this.postings.slice(this.offsets[lo]!, this.offsets[hi]!).sort();
      let w = 0;
      for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i]!;
      return { list: all.subarray(0, w) };
    }
    if (total < this.bitsFrom && hi - lo <= MERGE_TERMS) {
      // A few sorted lists: merge them pairwise.
      let merged = this.postings.subarray(this.offsets[lo]!, this.offsets[lo + 1]!);
      for (let t = lo + 1; t < hi; t++) merged = mergeSorted(merged, this.postings.subarray(this.offsets[t]!, this.offsets[t + 1]!));
      return { list: merged };
    }
    return { bits: this.bitsOfPostings(lo, hi) };
  }

  /** Terms that start with `prefix`, as [lo, hi). */
  private termRange(prefix: string): [number, number] {
    return prefixRange(this.terms.length, (i) => this.terms[i]!, prefix);
  }

  /** Positions in `order` of the documents whose code starts with `prefix`. */
  private codeRange(order: Uint32Array, codes: (string | null)[], prefix: string): [number, number] {
    return prefixRange(order.length, (i) => codes[order[i]!]!, prefix);
  }

  search(req: SearchRequest): SearchHits {
    const need = req.from + req.size;
    // Allowed document ranges: the chosen types, without indices and knocked-out products when
    // only tradable ones are wanted.
    const ranges: number[] = [];
    for (let rank = 0; rank < TYPE_ORDER.length; rank++) {
      if (req.types && !req.types.includes(TYPE_ORDER[rank]!)) continue;
      if (req.tradableOnly && rank === INDEX_RANK) continue;
      const start = this.typeRanges[rank * 3]!;
      const end = this.typeRanges[rank * 3 + (req.tradableOnly ? 1 : 2)]!;
      if (start < end) ranges.push(start, end);
    }
    const required = (req.sparplan ? SPARPLAN : 0) | (req.fractional ? FRACTIONAL : 0) | (req.weekendTrading ? WEEKEND : 0);
    const forbidden = req.tradableOnly ? KNOCKED_OUT : 0;
    const allowedType = new Uint8Array(TYPE_ORDER.length);
    for (let i = 0; i < ranges.length; i += 2) allowedType[this.types[ranges[i]!]!] = 1;
    const accepts = (d: number) => allowedType[this.types[d]!] === 1 && (this.flags[d]! & required) === required && (this.flags[d]! & forbidden) === 0;

    const words = queryTokens(req.q ?? '');
    if (words.length === 0) return this.browse(ranges, required, forbidden, req.from, req.size);

    // Exact ISIN/WKN, then ISIN/WKN prefixes while typing (at least 6 characters of an ISIN,
    // 4–5 of a WKN with a digit), in code order.
    const code = (req.q ?? '').trim().toUpperCase();
    const exactDocs: number[] = [];
    let prefix: { order: Uint32Array; codes: (string | null)[]; lo: number; hi: number } | null = null;
    if (/^[A-Z0-9]{4,12}$/.test(code)) {
      for (const [order, codes, width] of [[this.byIsin, this.isins, 12], [this.byWkn, this.wkns, 6]] as const) {
        if (code.length !== width) continue;
        const [lo, hi] = this.codeRange(order, codes, code);
        for (let i = lo; i < hi; i++) if (codes[order[i]!] === code) exactDocs.push(order[i]!);
      }
      if (code.length >= 6 && code.length < 12 && /^[A-Z]{2}/.test(code)) {
        const [lo, hi] = this.codeRange(this.byIsin, this.isins, code);
        prefix = { order: this.byIsin, codes: this.isins, lo, hi };
      } else if (code.length >= 4 && code.length < 6 && /\d/.test(code)) {
        const [lo, hi] = this.codeRange(this.byWkn, this.wkns, code);
        prefix = { order: this.byWkn, codes: this.wkns, lo, hi };
      }
    }
    const hits: number[] = [];
    let total = 0;
    for (const d of exactDocs) {
      if (!accepts(d)) continue;
      total++;
      if (hits.length < need) hits.push(d);
    }
    if (prefix) {
      const { order, codes, lo, hi } = prefix;
      const { types, flags } = this;
      // Without type or flag filters the count is known at once (exact hits inside the range are
      // counted already); only the page needs walking.
      const countKnown = required === 0 && !req.types;
      if (countKnown) {
        const upTo = this.tradableUpTo.get(order)!;
        total += req.tradableOnly ? upTo[hi]! - upTo[lo]! : hi - lo;
        for (const d of exactDocs) if (accepts(d) && codes[d]?.startsWith(code)) total--;
      }
      for (let i = lo; i < hi && (!countKnown || hits.length < need); i++) {
        const d = order[i]!;
        const f = flags[d]!;
        if (allowedType[types[d]!] !== 1 || (f & required) !== required || (f & forbidden) !== 0) continue;
        if (exactDocs.length > 0 && exactDocs.includes(d)) continue;
        if (!countKnown) total++;
        if (hits.length < need) hits.push(d);
      }
    }

    const termRanges = words.map((w) => this.termRange(w));
    if (termRanges.some(([lo, hi]) => lo === hi) || ranges.length === 0) return { isins: hits.slice(req.from).map((d) => this.isins[d]!), total };
    // Name hits leave out what the code already found.
    const taken = exactDocs.length > 0 || (prefix && prefix.hi > prefix.lo) ? this.scratch('taken') : null;
    const markTaken = (on: boolean) => {
      if (!taken) return;
      const set = (d: number) => {
        if (on) taken[d >>> 5]! |= 1 << (d & 31);
        else taken[d >>> 5] = 0;
      };
      exactDocs.forEach(set);
      if (prefix) for (let i = prefix.lo; i < prefix.hi; i++) set(prefix.order[i]!);
    };
    markTaken(true);
    try {
      const name = this.nameHits(words, termRanges, ranges, required, need, taken);
      total += name.total;
      for (const d of name.ranked) if (hits.length < need) hits.push(d);
    } finally {
      markTaken(false);
    }
    return { isins: hits.slice(req.from).map((d) => this.isins[d]!), total };
  }

  private tradableCounts(order: Uint32Array): Uint32Array {
    const upTo = new Uint32Array(order.length + 1);
    for (let i = 0; i < order.length; i++) {
      const d = order[i]!;
      upTo[i + 1] = upTo[i]! + (this.types[d] !== INDEX_RANK && (this.flags[d]! & KNOCKED_OUT) === 0 ? 1 : 0);
    }
    return upTo;
  }

  private readonly scratches = new Map<string, Uint32Array>();
  /** What the ranking walks read. */
  private readonly rankView: RankIndex;
  /** A zeroed bitset over all documents, reused between searches; whoever sets bits clears them. */
  private scratch(name: string): Uint32Array {
    let bits = this.scratches.get(name);
    if (!bits) {
      bits = this.newBits();
      this.scratches.set(name, bits);
    }
    return bits;
  }

  /**
   * Name hits, ranked. A small candidate set is walked document by document; when every word
   * matches many documents, the sets are intersected, counted and ranked 32 documents at a time.
   */
  private nameHits(
    words: string[],
    termRanges: [number, number][],
    ranges: number[],
    required: number,
    need: number,
    taken: Uint32Array | null,
  ): RankedHits {
    const sets = words.map((w, j) => this.prefixSets.get(w) ?? this.union(termRanges[j]![0], termRanges[j]![1]));
    // Whole words: the document has exactly the typed word as a term.
    let exactPossible = true;
    const exactSets: DocSet[] = [];
    for (const [j, w] of words.entries()) {
      const [lo, hi] = termRanges[j]!;
      if (this.terms[lo] !== w) exactPossible = false;
      else if (hi - lo > 1) exactSets.push(this.union(lo, lo + 1));
    }
    if (!exactPossible) exactSets.length = 0;
    const [firstLo, firstHi] = termRanges[0]!;
    const flagSets: DocSet[] = [SPARPLAN, FRACTIONAL, WEEKEND].filter((f) => required & f).map((f) => ({ bits: this.flagBits[f]! }));
    const derivStart = this.typeRanges[DERIVAT_RANK * 3]!;
    let listIndex = -1;
    sets.forEach((set, j) => {
      if (set.list && (listIndex < 0 || set.list.length < sets[listIndex]!.list!.length)) listIndex = j;
    });
    const query: NameQuery = { exactPossible, exactSets, first: [firstLo, firstHi], ranges, derivStart, need, taken };
    return listIndex >= 0
      ? walkList(this.rankView, sets[listIndex]!.list!, sets.filter((_, j) => j !== listIndex).concat(flagSets), query)
      : walkBits(this.rankView, sets.concat(flagSets).map((s) => s.bits!), query);
  }

  /** Documents whose name starts with a term of [lo, hi), as a bitset (precomputed, or marked via `mark`). */
  private firstWordBitsOf(lo: number, hi: number, mark: (list: Uint32Array, bits: Uint32Array) => Uint32Array): Uint32Array {
    const ready = this.firstPrefixBits.get(`${lo}:${hi}`);
    if (ready) return ready;
    return mark(this.firstDocs.subarray(this.firstOffsets[lo]!, this.firstOffsets[hi]!), this.scratch('first'));
  }

  /** No query words: everything that passes the filters, in static rank order. */
  private browse(ranges: number[], required: number, forbidden: number, from: number, size: number): SearchHits {
    const need = from + size;
    const hits: number[] = [];
    let total = 0;
    for (let r = 0; r < ranges.length; r += 2) {
      const rank = this.types[ranges[r]!]!;
      let inType = 0;
      for (let f = 0; f < 16; f++) if ((f & required) === required && (f & forbidden) === 0) inType += this.counts[rank * 16 + f]!;
      total += inType;
      let found = 0;
      for (let d = ranges[r]!; d < ranges[r + 1]! && hits.length < need && found < inType; d++) {
        if ((this.flags[d]! & required) === required) {
          hits.push(d);
          found++;
        }
      }
    }
    return { isins: hits.slice(from).map((d) => this.isins[d]!), total };
  }

  /** Instruments per type: all of them, and those a customer can buy (what a search with tradableBusiness finds). */
  typeCounts(): { all: Record<InstrumentType, number>; tradable: Record<InstrumentType, number> } {
    const all = Object.fromEntries(INSTRUMENT_TYPES.map((t) => [t, 0])) as Record<InstrumentType, number>;
    const tradable = { ...all };
    for (let rank = 0; rank < TYPE_ORDER.length; rank++) {
      const type = TYPE_ORDER[rank]!;
      all[type] = this.typeRanges[rank * 3 + 2]! - this.typeRanges[rank * 3]!;
      tradable[type] = rank === INDEX_RANK ? 0 : this.typeRanges[rank * 3 + 1]! - this.typeRanges[rank * 3]!;
    }
    return { all, tradable };
  }

  /** Bytes held by the index: typed arrays exactly, strings estimated (16 bytes + 1 per character). */
  memoryBytes(): number {
    let bytes = 0;
    const arrays = [this.types, this.flags, this.typeRanges, this.counts, this.firstTerm, this.offsets, this.postings, this.firstOffsets, this.firstDocs, this.byIsin, this.byWkn];
    arrays.push(...this.termBits.values(), ...this.firstPrefixBits.values(), ...Object.values(this.flagBits));
    for (const s of this.prefixSets.values()) arrays.push(s.bits ?? s.list);
    for (const a of arrays) bytes += a.byteLength;
    const strings = (list: (string | null)[]) => list.reduce((sum, s) => sum + 8 + (s ? 16 + s.length : 0), 0);
    return bytes + strings(this.isins) + strings(this.wkns) + strings(this.terms);
  }

  stats() {
    return {
      documents: this.size,
      terms: this.terms.length,
      postings: this.postings.length,
      termBitsets: this.termBits.size,
      prefixSets: this.prefixSets.size,
      firstWordBitsets: this.firstPrefixBits.size,
    };
  }
}
