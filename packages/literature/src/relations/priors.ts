import type { Features } from "./logistic";

/**
 * What a training corpus says about entities before reading a new document: how often a chemical
 * (or gene) that appears in a document is the head of one of its gold relations, how often a
 * disease is a tail, and whether the pair itself was a gold relation elsewhere — the "knowledge
 * base" features of CDR systems, here built from the training split only. On the training split
 * each document's own contribution is left out (`exclude`), so the model never sees its own label.
 */
export interface RelationPriors {
  headDocs: Map<string, number>;
  headRelated: Map<string, number>;
  tailDocs: Map<string, number>;
  tailRelated: Map<string, number>;
  pairs: Map<string, number>;
}

export interface PriorDocument {
  heads: Set<string>;
  tails: Set<string>;
  /** Gold pairs as `head\ttail`. */
  gold: Set<string>;
}

export function buildPriors(documents: PriorDocument[]): RelationPriors {
  const p: RelationPriors = {
    headDocs: new Map(),
    headRelated: new Map(),
    tailDocs: new Map(),
    tailRelated: new Map(),
    pairs: new Map(),
  };
  const inc = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const d of documents) {
    for (const h of d.heads) inc(p.headDocs, h);
    for (const t of d.tails) inc(p.tailDocs, t);
    const relatedHeads = new Set<string>();
    const relatedTails = new Set<string>();
    for (const g of d.gold) {
      const [h, t] = g.split("\t") as [string, string];
      relatedHeads.add(h);
      relatedTails.add(t);
      inc(p.pairs, g);
    }
    for (const h of relatedHeads) if (d.heads.has(h)) inc(p.headRelated, h);
    for (const t of relatedTails) if (d.tails.has(t)) inc(p.tailRelated, t);
  }
  return p;
}

export function priorFeatures(p: RelationPriors, head: string, tail: string, exclude?: PriorDocument): Features {
  const own = (set: Set<string> | undefined, key: string) => (set?.has(key) ? 1 : 0);
  const ownRelatedHead = exclude
    ? [...exclude.gold].some((g) => g.startsWith(`${head}\t`)) && exclude.heads.has(head)
    : false;
  const ownRelatedTail = exclude
    ? [...exclude.gold].some((g) => g.endsWith(`\t${tail}`)) && exclude.tails.has(tail)
    : false;
  const headDocs = (p.headDocs.get(head) ?? 0) - own(exclude?.heads, head);
  const headRel = (p.headRelated.get(head) ?? 0) - (ownRelatedHead ? 1 : 0);
  const tailDocs = (p.tailDocs.get(tail) ?? 0) - own(exclude?.tails, tail);
  const tailRel = (p.tailRelated.get(tail) ?? 0) - (ownRelatedTail ? 1 : 0);
  const pair = (p.pairs.get(`${head}\t${tail}`) ?? 0) - own(exclude?.gold, `${head}\t${tail}`);
  return {
    prior_head_rate: (headRel + 0.2) / (headDocs + 1),
    prior_head_seen: headDocs > 0 ? 1 : 0,
    prior_tail_rate: (tailRel + 0.2) / (tailDocs + 1),
    prior_tail_seen: tailDocs > 0 ? 1 : 0,
    prior_pair_known: pair > 0 ? 1 : 0,
  };
}
