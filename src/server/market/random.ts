/**
 * Deterministic randomness for the price simulator: the same seed string always gives the same sequence,
 * on every machine and after every restart.
 */

/** A 32-bit hash of a string (FNV-1a), used to derive independent seeds such as `seed|BTC/USDT|1day`. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast generator of uniform numbers in [0, 1). */
export function uniformSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal numbers (Box-Muller) from a uniform source. */
export function normalSource(uniform: () => number): () => number {
  return () => {
    const u = Math.max(uniform(), Number.MIN_VALUE);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
}
