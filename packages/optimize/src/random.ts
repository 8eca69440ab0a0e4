/**
 * Seeded pseudo-random generator: xoshiro128** 1.1 (Blackman & Vigna, "Scrambled linear
 * pseudorandom number generators", ACM TOMS 2021, 47:36; reference C code at prng.di.unimi.it),
 * its 128-bit state filled from the seed by splitmix32. Every random choice in this package
 * comes from an instance passed in explicitly, so a run is reproducible from its seed.
 */
export class Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** From a seed, or (for checking against the reference code) from the four state words themselves. */
  constructor(seed: number | readonly [number, number, number, number]) {
    if (typeof seed !== "number") {
      [this.s0, this.s1, this.s2, this.s3] = seed.map((word) => word >>> 0) as [number, number, number, number];
      if ((this.s0 | this.s1 | this.s2 | this.s3) === 0)
        throw new RangeError("the xoshiro128** state must not be all zero");
      return;
    }
    let x = seed >>> 0;
    const splitmix32 = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = splitmix32();
    this.s1 = splitmix32();
    this.s2 = splitmix32();
    this.s3 = splitmix32();
  }

  /** Next 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer, got ${n}`);
    return Math.floor(this.next() * n);
  }

  /** A uniformly chosen element; throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick() from an empty array");
    return items[this.int(items.length)]!;
  }

  /** Index drawn with probability proportional to its (non-negative) weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) {
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weights must be finite and non-negative, got ${w}`);
      total += w;
    }
    if (total <= 0) throw new RangeError("weightedIndex() needs a positive total weight");
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    // Rounding can leave r at a hair above zero: the last positive weight takes it.
    return weights.findLastIndex((w) => w > 0);
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** Standard normal deviate (Box–Muller; one of the pair is discarded to keep the state simple). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
