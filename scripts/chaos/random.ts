/** A seeded pseudo-random source (mulberry32), so that `--seed` replays the same timings and requests. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A decimal string in [min, max] with `decimals` places. */
  amount(min: number, max: number, decimals: number): string {
    const scale = 10 ** decimals;
    return (this.int(Math.round(min * scale), Math.round(max * scale)) / scale).toFixed(decimals);
  }

  /** A separate stream, so that one consumer's draws do not shift another's. */
  fork(): Random {
    return new Random(this.int(0, 2 ** 32 - 1));
  }
}
