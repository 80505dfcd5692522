/** Sorted document-number lists and bitsets: the sets the search index intersects and merges. */

/** No document, no term. */
export const NONE = 0xffffffff;

export type DocSet = { list: Uint32Array; bits?: undefined } | { bits: Uint32Array; list?: undefined };

/** Walks a sorted list forward; `contains` must be asked with ascending document numbers. */
class Cursor {
  private pos = 0;
  constructor(private readonly list: Uint32Array) {}
  contains(doc: number): boolean {
    const l = this.list;
    let p = this.pos;
    if (p >= l.length) return false;
    if (l[p]! >= doc) return l[p] === doc;
    // Gallop, then binary search within the last step.
    let step = 1;
    let hi = p + 1;
    while (hi < l.length && l[hi]! < doc) {
      p = hi;
      step <<= 1;
      hi = p + step;
    }
    let lo = p + 1;
    if (hi > l.length) hi = l.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (l[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    this.pos = lo;
    return lo < l.length && l[lo] === doc;
  }
}

/** Membership test for ascending document numbers, over a list or a bitset. */
export type Member = (doc: number) => boolean;
export function memberOf(set: DocSet): Member {
  if (set.bits) {
    const bits = set.bits;
    return (d) => (bits[d >>> 5]! & (1 << (d & 31))) !== 0;
  }
  const cursor = new Cursor(set.list);
  return (d) => cursor.contains(d);
}

export function lowerBound(list: Uint32Array, doc: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Union of two sorted lists without repeats. */
export function mergeSorted(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) {
      out[w++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[w++] = y;
      j++;
    }
  }
  while (i < a.length) out[w++] = a[i++]!;
  while (j < b.length) out[w++] = b[j++]!;
  return out.subarray(0, w);
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** A code's characters as a number: 0–9 → 1–10, A–Z → 11–36, nothing → 0 (the order of `<` on such codes). */
export function packCode(code: string, from: number, to: number): number {
  let key = 0;
  for (let i = from; i < to; i++) {
    const c = code.charCodeAt(i);
    key = key * 37 + (c >= 48 && c <= 57 ? c - 47 : c >= 65 && c <= 90 ? c - 54 : 0);
  }
  return key;
}

/** Document numbers ordered by their code (ISINs: 12 characters, WKNs: 6); documents without a code are left out. */
export function codeOrder(codes: (string | null)[], width: number): Uint32Array {
  const docs: number[] = [];
  for (let d = 0; d < codes.length; d++) if (codes[d]) docs.push(d);
  // Two numbers of up to six characters each (37^6 < 2^32), compared as a pair.
  const half = Math.min(6, width);
  const hi = new Float64Array(docs.length);
  const lo = new Float64Array(docs.length);
  docs.forEach((d, i) => {
    hi[i] = packCode(codes[d]!, 0, half);
    lo[i] = packCode(codes[d]!, half, width);
  });
  const order = Uint32Array.from(docs, (_, i) => i).sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]!);
  return order.map((i) => docs[i]!);
}

/** The positions [lo, hi) of a sorted sequence of `length` keys whose key starts with `prefix`. */
export function prefixRange(length: number, keyAt: (i: number) => string, prefix: string): [number, number] {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const start = lo;
  hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid).startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return [start, lo];
}

export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
