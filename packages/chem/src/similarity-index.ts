import { MORGAN_WORDS, popcount } from "./fingerprint";

export interface SimilarityHit<Id> {
  id: Id;
  similarity: number;
}

/**
 * Ties in similarity are ordered by id (numbers numerically, strings by code unit), so results never depend on
 * insertion history.
 */
function compareIds(a: string | number, b: string | number): number {
  if (typeof a !== typeof b) return typeof a === "number" ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareHits<Id extends string | number>(a: SimilarityHit<Id>, b: SimilarityHit<Id>): number {
  return b.similarity - a.similarity || compareIds(a.id, b.id);
}

/** Calls `visit` with the index of every set bit. */
function forEachSetBit(bits: Uint32Array, visit: (bit: number) => void): void {
  for (let word = 0; word < bits.length; word++) {
    for (let rest = bits[word]!; rest !== 0; rest &= rest - 1) visit(word * 32 + 31 - Math.clz32(rest & -rest));
  }
}

/**
 * In-memory Tanimoto search over fixed-length bitsets (Morgan 2048 by default), for the negatome
 * and the optimizer. Fingerprints sit in one contiguous `Uint32Array`, with their popcounts and,
 * per bit, the list of slots that set it (an inverted index). A search counts shared bits by
 * walking the query's bit lists (Morgan fingerprints are sparse: ~35 of 2048 bits on drugs), then
 * scores every slot; the results are exact, the same as comparing with every fingerprint.
 * Removal moves the last fingerprint into the freed slot.
 */
export class SimilarityIndex<Id extends string | number = string> {
  private words: Uint32Array;
  private counts: Uint32Array;
  /** Scratch space for a search: bits each slot shares with the query. */
  private common: Uint16Array;
  private readonly postings: Int32Array[];
  private readonly postingLengths: Int32Array;
  private readonly ids: Id[] = [];
  private readonly slots = new Map<Id, number>();

  constructor(
    private readonly wordsPerFingerprint: number = MORGAN_WORDS,
    initialCapacity = 1024,
  ) {
    const capacity = Math.max(1, initialCapacity);
    this.words = new Uint32Array(capacity * wordsPerFingerprint);
    this.counts = new Uint32Array(capacity);
    this.common = new Uint16Array(capacity);
    this.postings = Array.from({ length: wordsPerFingerprint * 32 }, () => new Int32Array(4));
    this.postingLengths = new Int32Array(wordsPerFingerprint * 32);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: Id): boolean {
    return this.slots.has(id);
  }

  /** Adds a fingerprint; adding an id already present replaces its fingerprint. */
  add(id: Id, fingerprint: Uint32Array): void {
    this.checkLength(fingerprint);
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.ensureCapacity(slot + 1);
      this.ids.push(id);
      this.slots.set(id, slot);
    } else {
      forEachSetBit(this.stored(slot), (bit) => this.unlist(bit, slot!));
    }
    this.words.set(fingerprint, slot * this.wordsPerFingerprint);
    this.counts[slot] = popcount(fingerprint);
    forEachSetBit(fingerprint, (bit) => this.list(bit, slot!));
  }

  /** Removes an id; returns whether it was present. */
  remove(id: Id): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    forEachSetBit(this.stored(slot), (bit) => this.unlist(bit, slot));
    const last = this.ids.length - 1;
    if (slot !== last) {
      forEachSetBit(this.stored(last), (bit) => this.relist(bit, last, slot));
      const w = this.wordsPerFingerprint;
      this.words.copyWithin(slot * w, last * w, (last + 1) * w);
      this.counts[slot] = this.counts[last]!;
      const movedId = this.ids[last]!;
      this.ids[slot] = movedId;
      this.slots.set(movedId, slot);
    }
    this.ids.pop();
    this.slots.delete(id);
    return true;
  }

  /**
   * The `topk` most similar fingerprints with Tanimoto ≥ `minSimilarity`, most similar first,
   * ties by id. Two empty fingerprints score 1, as in RDKit.
   */
  search(query: Uint32Array, topk: number, minSimilarity = 0): SimilarityHit<Id>[] {
    this.checkLength(query);
    const k = Math.floor(topk);
    const { ids, counts, common, postings, postingLengths } = this;
    const size = ids.length;
    if (k <= 0 || size === 0) return [];

    common.fill(0, 0, size);
    forEachSetBit(query, (bit) => {
      const slots = postings[bit]!;
      const length = postingLengths[bit]!;
      for (let i = 0; i < length; i++) common[slots[i]!]!++;
    });

    const queryCount = popcount(query);
    const hits: SimilarityHit<Id>[] = [];
    const keepAll = k >= size;
    // Below this a candidate cannot enter the results: minSimilarity, then the k-th best so far.
    let threshold = minSimilarity;
    for (let slot = 0; slot < size; slot++) {
      const shared = common[slot]!;
      const union = queryCount + counts[slot]! - shared;
      const similarity = union === 0 ? 1 : shared / union;
      if (similarity < threshold) continue;
      const id = ids[slot]!;
      if (keepAll) {
        hits.push({ id, similarity });
        continue;
      }
      if (hits.length === k) {
        const worst = hits[k - 1]!;
        if (similarity === worst.similarity && compareIds(id, worst.id) > 0) continue;
      }
      insertSorted(hits, { id, similarity });
      if (hits.length > k) hits.pop();
      if (hits.length === k) threshold = Math.max(minSimilarity, hits[k - 1]!.similarity);
    }
    return keepAll ? hits.sort(compareHits) : hits;
  }

  private stored(slot: number): Uint32Array {
    const w = this.wordsPerFingerprint;
    return this.words.subarray(slot * w, (slot + 1) * w);
  }

  private list(bit: number, slot: number): void {
    const length = this.postingLengths[bit]!;
    let slots = this.postings[bit]!;
    if (length === slots.length) {
      const grown = new Int32Array(slots.length * 2);
      grown.set(slots);
      this.postings[bit] = slots = grown;
    }
    slots[length] = slot;
    this.postingLengths[bit] = length + 1;
  }

  private unlist(bit: number, slot: number): void {
    const slots = this.postings[bit]!;
    const last = this.postingLengths[bit]! - 1;
    slots[slots.lastIndexOf(slot, last)] = slots[last]!;
    this.postingLengths[bit] = last;
  }

  private relist(bit: number, from: number, to: number): void {
    const slots = this.postings[bit]!;
    slots[slots.lastIndexOf(from, this.postingLengths[bit]! - 1)] = to;
  }

  private checkLength(fingerprint: Uint32Array): void {
    if (fingerprint.length !== this.wordsPerFingerprint) {
      throw new Error(`Expected a fingerprint of ${this.wordsPerFingerprint} words, got ${fingerprint.length}`);
    }
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.counts.length) return;
    const capacity = Math.max(slots, this.counts.length * 2);
    const words = new Uint32Array(capacity * this.wordsPerFingerprint);
    words.set(this.words);
    this.words = words;
    const counts = new Uint32Array(capacity);
    counts.set(this.counts);
    this.counts = counts;
    this.common = new Uint16Array(capacity);
  }
}

/** Binary-search insertion into hits kept in `compareHits` order. */
function insertSorted<Id extends string | number>(hits: SimilarityHit<Id>[], hit: SimilarityHit<Id>): void {
  let lo = 0;
  let hi = hits.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareHits(hits[mid]!, hit) <= 0) lo = mid + 1;
    else hi = mid;
  }
  hits.splice(lo, 0, hit);
}
