/**
 * mulberry32: a small, fast, deterministic PRNG for simulated data (instrument universe, market
 * walk, price history). Never for secrets: those come from node:crypto.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream seeded from a string (FNV-1a hash), e.g. one per ISIN. */
export function seededRandom(seed: string): () => number {
  return mulberry32(hashSeed(seed));
}

/** The FNV-1a hash of a seed string: hashed once, then mixed with a number per stream (streamOf). */
export function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return h;
}

/** One stream per (hashed seed, whole number), e.g. per instrument and day, without building a string per draw. */
export function streamOf(seed: number, key: number): () => number {
  return mulberry32(seed ^ Math.imul(key | 0, 0x9e3779b1));
}
