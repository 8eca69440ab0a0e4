import { analyze } from "./analyzer";

/**
 * In-memory Okapi BM25 index over passages (Robertson & Zaragoza, "The Probabilistic Relevance
 * Framework: BM25 and Beyond", Found. Trends IR 3(4), 2009), with Lucene's non-negative idf
 *   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 *   score(q, d) = Σ_{t ∈ q} idf(t) · tf·(k1 + 1) / (tf + k1·(1 − b + b·|d| / avgdl))
 * over the unique analyzed query terms (analyzer.ts), k1 = 1.2 and b = 0.75 (the usual defaults,
 * also Lucene's). Two boosts are added to the BM25 score:
 *  - phrase: for each query phrase (text in double quotes, or the whole query when it has two or
 *    more terms and no quotes) found as consecutive terms in the passage, phraseBoost · Σ idf of its terms;
 *  - entity: for each requested entity id (e.g. "MESH:D003000", "HGNC:3236") the passage mentions,
 *    entityBoost · idf(entity) with the same idf formula over passages mentioning the entity, so a
 *    passage naming the entity by a synonym still ranks.
 */
export interface Bm25Options {
  k1?: number;
  b?: number;
  phraseBoost?: number;
  entityBoost?: number;
}

export interface IndexedPassage {
  passage_id: string;
  text: string;
  /** Normalised ids of the entities mentioned in the passage. */
  entity_ids?: string[];
}

export interface SearchQuery {
  text: string;
  entityIds?: string[];
  topK?: number;
}

export interface SearchHit {
  passage_id: string;
  score: number;
  bm25: number;
  phrase_bonus: number;
  entity_bonus: number;
  /** Character offsets (in the passage text) of the words that matched a query term. */
  highlights: { start: number; end: number }[];
  matched_entities: string[];
}

class Postings {
  docs = new Int32Array(4);
  tfs = new Uint16Array(4);
  length = 0;
  push(doc: number, tf: number): void {
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2);
      docs.set(this.docs);
      this.docs = docs;
      const tfs = new Uint16Array(this.length * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.docs[this.length] = doc;
    this.tfs[this.length] = Math.min(tf, 65535);
    this.length++;
  }
}

export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  readonly phraseBoost: number;
  readonly entityBoost: number;
  private readonly ids: string[] = [];
  private readonly texts: string[] = [];
  private readonly lengths: number[] = [];
  private readonly termSequences: Int32Array[] = [];
  private readonly entityLists: string[][] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly postings: Postings[] = [];
  private readonly entityPostings = new Map<string, Postings>();
  private totalLength = 0;
  private scores = new Float64Array(0);
  private seen = new Uint8Array(0);

  constructor(options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.phraseBoost = options.phraseBoost ?? 0.5;
    this.entityBoost = options.entityBoost ?? 1;
  }

  get size(): number {
    return this.ids.length;
  }

  add(passage: IndexedPassage): void {
    const doc = this.ids.length;
    const terms = analyze(passage.text);
    const sequence = new Int32Array(terms.length);
    const tf = new Map<number, number>();
    terms.forEach((t, i) => {
      let id = this.vocabulary.get(t.term);
      if (id === undefined) {
        id = this.postings.length;
        this.vocabulary.set(t.term, id);
        this.postings.push(new Postings());
      }
      sequence[i] = id;
      tf.set(id, (tf.get(id) ?? 0) + 1);
    });
    for (const [id, n] of tf) this.postings[id]!.push(doc, n);
    const entities = [...new Set(passage.entity_ids ?? [])];
    for (const e of entities) {
      let p = this.entityPostings.get(e);
      if (!p) this.entityPostings.set(e, (p = new Postings()));
      p.push(doc, 1);
    }
    this.ids.push(passage.passage_id);
    this.texts.push(passage.text);
    this.lengths.push(terms.length);
    this.termSequences.push(sequence);
    this.entityLists.push(entities);
    this.totalLength += terms.length;
  }

  idf(df: number): number {
    const n = this.ids.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(query: SearchQuery | string): SearchHit[] {
    const q = typeof query === "string" ? { text: query } : query;
    const topK = q.topK ?? 10;
    const n = this.ids.length;
    if (n === 0 || topK <= 0) return [];
    if (this.scores.length < n) {
      this.scores = new Float64Array(n);
      this.seen = new Uint8Array(n);
    }
    const { scores, seen } = this;
    const touched: number[] = [];
    const touch = (doc: number, add: number) => {
      if (seen[doc] === 0) {
        seen[doc] = 1;
        touched.push(doc);
      }
      scores[doc]! += add;
    };
    const avgdl = this.totalLength / n;
    const queryTerms = [...new Set(analyze(q.text).map((t) => t.term))];
    const termIds = queryTerms.map((t) => this.vocabulary.get(t)).filter((id): id is number => id !== undefined);
    for (const id of termIds) {
      const p = this.postings[id]!;
      const idf = this.idf(p.length);
      for (let i = 0; i < p.length; i++) {
        const doc = p.docs[i]!;
        const tf = p.tfs[i]!;
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / avgdl);
        touch(doc, (idf * tf * (this.k1 + 1)) / (tf + norm));
      }
    }

    const phraseBonus = new Map<number, number>();
    for (const phrase of this.phrasesOf(q.text)) {
      const ids = phrase.map((t) => this.vocabulary.get(t));
      if (ids.some((id) => id === undefined)) continue;
      const seq = ids as number[];
      const bonus = this.phraseBoost * seq.reduce((s, id) => s + this.idf(this.postings[id]!.length), 0);
      const rarest = seq.reduce((a, id) => (this.postings[id]!.length < this.postings[a]!.length ? id : a), seq[0]!);
      const p = this.postings[rarest]!;
      for (let i = 0; i < p.length; i++) {
        const doc = p.docs[i]!;
        if (containsSequence(this.termSequences[doc]!, seq)) {
          touch(doc, bonus);
          phraseBonus.set(doc, (phraseBonus.get(doc) ?? 0) + bonus);
        }
      }
    }

    const entityBonus = new Map<number, number>();
    for (const e of new Set(q.entityIds ?? [])) {
      const p = this.entityPostings.get(e);
      if (!p) continue;
      const bonus = this.entityBoost * this.idf(p.length);
      for (let i = 0; i < p.length; i++) {
        touch(p.docs[i]!, bonus);
        entityBonus.set(p.docs[i]!, (entityBonus.get(p.docs[i]!) ?? 0) + bonus);
      }
    }

    const top = topDocs(touched, scores, topK, this.ids);
    const wanted = new Set(queryTerms);
    const requested = new Set(q.entityIds ?? []);
    const hits = top.map((doc) => ({
      passage_id: this.ids[doc]!,
      score: scores[doc]!,
      bm25: scores[doc]! - (phraseBonus.get(doc) ?? 0) - (entityBonus.get(doc) ?? 0),
      phrase_bonus: phraseBonus.get(doc) ?? 0,
      entity_bonus: entityBonus.get(doc) ?? 0,
      highlights: analyze(this.texts[doc]!)
        .filter((t) => wanted.has(t.term))
        .map(({ start, end }) => ({ start, end })),
      matched_entities: this.entityLists[doc]!.filter((e) => requested.has(e)),
    }));
    for (const doc of touched) {
      scores[doc] = 0;
      seen[doc] = 0;
    }
    return hits;
  }

  /** Quoted phrases; without quotes, the whole query when it has at least two terms. */
  private phrasesOf(text: string): string[][] {
    const quoted = [...text.matchAll(/"([^"]+)"/g)].map((m) => analyze(m[1]!).map((t) => t.term));
    const phrases = quoted.length > 0 ? quoted : [analyze(text).map((t) => t.term)];
    return phrases.filter((p) => p.length >= 2);
  }
}

function containsSequence(sequence: Int32Array, phrase: number[]): boolean {
  outer: for (let i = 0; i + phrase.length <= sequence.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (sequence[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** The k best documents by score (ties by passage id, for a stable order), via a bounded min-heap. */
function topDocs(docs: number[], scores: Float64Array, k: number, ids: string[]): number[] {
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  const heap: number[] = [];
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const d of docs) {
    if (heap.length < k) {
      heap.push(d);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (worse(heap[0]!, d)) {
      heap[0] = d;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
