import { popcount } from "@sieve/chem";

/**
 * A k-nearest-neighbour surrogate of the oracle over Morgan fingerprints: the predicted score of a
 * molecule is the mean score of the `k` molecules scored so far that are most similar to it,
 * weighted by Tanimoto similarity squared. It needs no training step, updates as each oracle
 * call comes in, is deterministic, and is the similarity-kernel regressor that screens offspring
 * before they cost a call in surrogate-assisted GAs (e.g. the kernel ranking of GP BO in PMO,
 * Tripp et al. 2021, with a kernel that costs nothing to refit).
 */
export class NearestNeighbourSurrogate {
  private readonly fingerprints: Uint32Array[] = [];
  private readonly bitCounts: number[] = [];
  private readonly scores: number[] = [];

  constructor(readonly neighbours = 10) {}

  get size(): number {
    return this.scores.length;
  }

  add(fingerprint: Uint32Array, score: number): void {
    this.fingerprints.push(fingerprint);
    this.bitCounts.push(popcount(fingerprint));
    this.scores.push(score);
  }

  /** Predicted score of a molecule; 0 before anything was scored. */
  predict(fingerprint: Uint32Array): number {
    const k = Math.min(this.neighbours, this.scores.length);
    if (k === 0) return 0;
    // The k most similar so far, kept sorted by similarity, most similar first.
    const similar: number[] = [];
    const index: number[] = [];
    const bits = popcount(fingerprint);
    for (let i = 0; i < this.fingerprints.length; i++) {
      const other = this.bitCounts[i]!;
      // Tanimoto is at most min/max of the bit counts (rounded division is monotonic, so also in floating point):
      // a molecule that cannot beat the k-th similarity is skipped without comparing its words.
      if (similar.length === k && Math.min(bits, other) / Math.max(bits, other) <= similar[k - 1]!) continue;
      const s = tanimotoWithCounts(fingerprint, bits, this.fingerprints[i]!, other);
      if (similar.length === k && s <= similar[k - 1]!) continue;
      let at = similar.length;
      while (at > 0 && similar[at - 1]! < s) at--;
      similar.splice(at, 0, s);
      index.splice(at, 0, i);
      if (similar.length > k) {
        similar.pop();
        index.pop();
      }
    }
    let weighted = 0;
    let total = 0;
    for (let j = 0; j < similar.length; j++) {
      const w = similar[j]! ** 2;
      weighted += w * this.scores[index[j]!]!;
      total += w;
    }
    return total === 0 ? 0 : weighted / total;
  }
}

/** Tanimoto |a ∧ b| / (|a| + |b| − |a ∧ b|) with the bit counts known: one popcount per word instead of two. */
function tanimotoWithCounts(a: Uint32Array, bitsA: number, b: Uint32Array, bitsB: number): number {
  let common = 0;
  for (let i = 0; i < a.length; i++) {
    let x = a[i]! & b[i]!;
    if (x === 0) continue;
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    x = (x + (x >>> 4)) & 0x0f0f0f0f;
    common += Math.imul(x, 0x01010101) >>> 24;
  }
  const either = bitsA + bitsB - common;
  return either === 0 ? 1 : common / either;
}
