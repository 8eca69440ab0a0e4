import {
  COMPOSITE_DEFAULT_WEIGHTS,
  priorityCoverage,
  priorityScore,
  TARGET_COMPONENTS,
  type TargetComponent,
  type TargetComponents,
  type TargetRef,
  type TargetResult,
  type TargetWeights,
} from "@sieve/contracts";
import { harmonicSum } from "@sieve/literature";
import type { EvidenceItem } from "../types";

/** Components whose evidence scores are liabilities: the component is 1 − their harmonic sum. */
export const LIABILITY_COMPONENTS: ReadonlySet<TargetComponent> = new Set(["safe", "neg"]);

/**
 * The five components of one gene from its evidence, after Open Targets' association score
 * (Ochoa et al., Nucleic Acids Res. 2021): each component is the harmonic sum of its evidence scores
 * (lit, omics, drugg), or 1 − the harmonic sum of its liabilities (safe, neg); a component without
 * any evidence item is null ("no data"), which is not the same as a liability-0 item (known, safe).
 */
export function componentScores(evidence: readonly Pick<EvidenceItem, "component" | "score">[]): TargetComponents {
  const buckets = emptyBuckets();
  for (const item of evidence) buckets[COMPONENT_INDEX[item.component]]!.push(clamp01(item.score));
  return fromBuckets(buckets);
}

const COMPONENT_INDEX = Object.fromEntries(TARGET_COMPONENTS.map((c, i) => [c, i])) as Record<TargetComponent, number>;
const SUPPORTING = TARGET_COMPONENTS.map((c) => !LIABILITY_COMPONENTS.has(c));
const HARMONIC_UNIT = harmonicSum([1]);
const emptyBuckets = (): number[][] => TARGET_COMPONENTS.map(() => []);

/** Components from the scores of each component (in TARGET_COMPONENTS order); an empty bucket is null. */
function fromBuckets(buckets: readonly number[][]): TargetComponents {
  const out: TargetComponents = { lit: null, omics: null, drugg: null, safe: null, neg: null };
  TARGET_COMPONENTS.forEach((component, i) => {
    const scores = buckets[i]!;
    if (scores.length === 0) return;
    // One score (the common case) needs no sorting: H([s]) = s · H([1]) by the definition of H.
    const h = scores.length === 1 ? scores[0]! * HARMONIC_UNIT : harmonicSum(scores);
    out[component] = SUPPORTING[i] ? h : 1 - h;
  });
  return out;
}

export interface RankTargetsInput {
  /** The gene universe (HGNC ids with symbol, protein name and UniProt accession). */
  genes: readonly TargetRef[];
  /** Evidence already chosen for the disease (its own and its descendants', and disease-agnostic items). */
  evidence: readonly EvidenceItem[];
  weights?: TargetWeights;
  /** Documents mentioning each gene (HGNC id); absent: novelty is null for every gene. */
  documentCounts?: ReadonlyMap<string, number>;
  /** Approved drugs for this disease acting on each gene (HGNC id): such a gene is established, novelty 0. */
  approvedForDisease?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Ranks the genes of the universe that have at least one evidence item: components by
 * componentScores, priority by the shared priorityScore, sorted by priority (descending), ties by
 * symbol; rank is 1-based. aggregate.avg_evidence_score is the mean score of the supporting evidence
 * (lit, omics, drugg; 0 when there is none) and aggregate.n_evidence counts every item, liabilities
 * included. novelty = 1 − ln(1 + n) / ln(1 + max n) over documentCounts (a gene absent from it has
 * n = 0, so novelty 1), and 0 for a gene with an approved drug for the disease, however little it is
 * written about: it is not a new target for this disease. Evidence is grouped by gene once, so the
 * cost is linear in genes + evidence.
 */
export function rankTargets(input: RankTargetsInput): TargetResult[] {
  const weights = input.weights ?? COMPOSITE_DEFAULT_WEIGHTS;
  const byGene = new Map<string, EvidenceItem[]>();
  for (const item of input.evidence) {
    const list = byGene.get(item.gene);
    if (list) list.push(item);
    else byGene.set(item.gene, [item]);
  }
  const novelty = noveltyOf(input.documentCounts);
  const results: TargetResult[] = [];
  const buckets = emptyBuckets(); // reused for every gene
  for (const target of input.genes) {
    const evidence = byGene.get(target.hgnc_id);
    if (!evidence) continue;
    for (const b of buckets) b.length = 0;
    let supportSum = 0;
    let supportCount = 0;
    for (const item of evidence) {
      const i = COMPONENT_INDEX[item.component];
      const score = clamp01(item.score);
      buckets[i]!.push(score);
      if (SUPPORTING[i]) {
        supportSum += score;
        supportCount++;
      }
    }
    const components = fromBuckets(buckets);
    // Established (an approved drug for the disease), with the drugs' names where they are known.
    const approved = input.approvedForDisease?.get(target.hgnc_id);
    results.push({
      rank: 0,
      target,
      aggregate: {
        avg_evidence_score: supportCount === 0 ? 0 : supportSum / supportCount,
        n_evidence: evidence.length,
      },
      components,
      priority_score: priorityScore(components, weights),
      coverage: priorityCoverage(components, weights),
      novelty: approved ? 0 : novelty ? novelty(target.hgnc_id) : null,
      approved_for_disease: approved ? [...approved] : [],
    });
  }
  results.sort(
    (a, b) =>
      b.priority_score - a.priority_score ||
      compareText(a.target.gene_symbol, b.target.gene_symbol) ||
      compareText(a.target.hgnc_id, b.target.hgnc_id),
  );
  results.forEach((r, i) => (r.rank = i + 1));
  return results;
}

function noveltyOf(counts: ReadonlyMap<string, number> | undefined): ((gene: string) => number) | null {
  if (!counts) return null;
  let max = 0;
  for (const n of counts.values()) if (n > max) max = n;
  const denominator = Math.log1p(max);
  return (gene) => (denominator === 0 ? 1 : 1 - Math.log1p(Math.max(0, counts.get(gene) ?? 0)) / denominator);
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
