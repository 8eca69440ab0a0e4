import { describe, expect, it } from "vitest";
import { MORGAN_WORDS, tanimoto } from "./fingerprint";
import { SimilarityIndex, type SimilarityHit } from "./similarity-index";

/** mulberry32: a tiny seeded PRNG, so the random fingerprints are the same on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sparse random bitset with about `density` of its bits set, like real Morgan fingerprints. */
function randomFingerprint(random: () => number, density: number, words = MORGAN_WORDS): Uint32Array {
  const fp = new Uint32Array(words);
  for (let bit = 0; bit < words * 32; bit++) if (random() < density) fp[bit >>> 5]! |= 1 << (bit & 31);
  return fp;
}

function bitset(...bits: number[]): Uint32Array {
  const fp = new Uint32Array(MORGAN_WORDS);
  for (const bit of bits) fp[bit >>> 5]! |= 1 << (bit & 31);
  return fp;
}

function bruteForce<Id extends string | number>(
  entries: Map<Id, Uint32Array>,
  query: Uint32Array,
  topk: number,
  minSimilarity = 0,
): SimilarityHit<Id>[] {
  return [...entries]
    .map(([id, fp]) => ({ id, similarity: tanimoto(query, fp) }))
    .filter((hit) => hit.similarity >= minSimilarity)
    .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, topk);
}

describe("SimilarityIndex", () => {
  it("finds exact ids, most similar first", () => {
    const index = new SimilarityIndex();
    index.add("benzene-like", bitset(1, 2, 3, 4));
    index.add("half", bitset(1, 2, 10, 11));
    index.add("none", bitset(100));
    expect(index.search(bitset(1, 2, 3, 4), 3)).toEqual([
      { id: "benzene-like", similarity: 1 },
      { id: "half", similarity: 2 / 6 },
      { id: "none", similarity: 0 },
    ]);
    expect(index.search(bitset(1, 2, 3, 4), 3, 0.3).map((h) => h.id)).toEqual(["benzene-like", "half"]);
    expect(index.search(bitset(1, 2, 3, 4), 0)).toEqual([]);
  });

  it("orders ties by id whatever the insertion order", () => {
    const forwards = new SimilarityIndex();
    const backwards = new SimilarityIndex();
    const ids = ["d", "b", "a", "c"];
    ids.forEach((id) => forwards.add(id, bitset(7, 8)));
    [...ids].reverse().forEach((id) => backwards.add(id, bitset(7, 8)));
    expect(forwards.search(bitset(7, 8), 3).map((h) => h.id)).toEqual(["a", "b", "c"]);
    expect(backwards.search(bitset(7, 8), 3)).toEqual(forwards.search(bitset(7, 8), 3));
  });

  it("removes and replaces by id", () => {
    const index = new SimilarityIndex<number>(MORGAN_WORDS, 2);
    for (let id = 0; id < 5; id++) index.add(id, bitset(id));
    expect(index.remove(0)).toBe(true);
    expect(index.remove(0)).toBe(false);
    expect(index.size).toBe(4);
    expect(index.has(4)).toBe(true);
    expect(index.search(bitset(4), 1)).toEqual([{ id: 4, similarity: 1 }]);
    index.add(3, bitset(4));
    expect(index.size).toBe(4);
    expect(index.search(bitset(4), 2)).toEqual([
      { id: 3, similarity: 1 },
      { id: 4, similarity: 1 },
    ]);
    expect(index.search(bitset(0), 5).every((h) => h.similarity === 0)).toBe(true);
  });

  it("refuses fingerprints of the wrong length", () => {
    const index = new SimilarityIndex();
    expect(() => index.add("short", new Uint32Array(3))).toThrow(/64 words/);
    expect(() => index.search(new Uint32Array(3), 1)).toThrow(/64 words/);
  });

  it("matches a brute-force search on seeded random fingerprints, through removals and replacements", () => {
    const random = mulberry32(20260922);
    const entries = new Map<string, Uint32Array>();
    const index = new SimilarityIndex(MORGAN_WORDS, 16);
    for (let i = 0; i < 2_000; i++) {
      const id = `cmpd-${String(i).padStart(5, "0")}`;
      // Few distinct densities, so that equal similarities (ties) happen.
      const fp = randomFingerprint(random, [0.01, 0.02, 0.04][i % 3]!);
      entries.set(id, fp);
      index.add(id, fp);
    }
    for (let i = 0; i < 2_000; i += 7) {
      const id = `cmpd-${String(i).padStart(5, "0")}`;
      entries.delete(id);
      index.remove(id);
    }
    for (let i = 3; i < 2_000; i += 11) {
      const id = `cmpd-${String(i).padStart(5, "0")}`;
      if (!entries.has(id)) continue;
      const fp = randomFingerprint(random, 0.02);
      entries.set(id, fp);
      index.add(id, fp);
    }
    expect(index.size).toBe(entries.size);
    const ids = [...entries.keys()];
    for (let q = 0; q < 40; q++) {
      const query =
        q % 2 === 0 ? entries.get(ids[Math.floor(random() * ids.length)]!)! : randomFingerprint(random, 0.02);
      const topk = [1, 5, 10, 50, 5_000][q % 5]!;
      const minSimilarity = q % 4 === 0 ? 0.05 : 0;
      expect(index.search(query, topk, minSimilarity)).toEqual(bruteForce(entries, query, topk, minSimilarity));
    }
  });
});
