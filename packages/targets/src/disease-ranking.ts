import {
  TARGET_COMPONENTS,
  type TargetComponent,
  type TargetMode,
  type TargetRef,
  type TargetResult,
} from "@sieve/contracts";
import { targetPrior, type Polarity, type RelationType } from "@sieve/literature";
import { networkProximity } from "./ingest/string";
import { rankTargets } from "./scoring/rank";
import type { EvidenceItem, NetworkEdge } from "./types";

/** A literature triple between a gene (HGNC id) and the disease or one of its descendants. */
export interface GeneTriple {
  gene: string;
  relation: string;
  polarity: string;
  evidence_score: number;
  /** From a corpus's gold annotations rather than Sieve's extraction. */
  curated: boolean;
}

/** A negatome record on one of the gene's proteins. */
export interface TargetFailure {
  gene: string;
  confidence_tier: string;
  score: number | null;
}

export interface DiseaseRankingInput {
  /** Every gene that appears in any of the inputs below. */
  genes: TargetRef[];
  /** Stored features about the disease's subtree, and disease-agnostic ones. */
  features: EvidenceItem[];
  triples: GeneTriple[];
  failures: TargetFailure[];
  edges: NetworkEdge[];
  /** Documents mentioning each gene; null when no literature is loaded. */
  documentCounts: [string, number][] | null;
  /**
   * Approved drugs for the disease or a disease below it acting on each gene (DrugCentral names). Only
   * genes with `clinical_precedence` evidence of their own are labelled; one with no name here is listed
   * with no names.
   */
  approvedForDisease?: [string, string[]][];
}

export interface DiseaseRanking {
  mode: TargetMode;
  results: TargetResult[];
  /** The sources that gave evidence to each component (empty: "no data" for every gene). */
  sources: Record<TargetComponent, string[]>;
}

/** How much a failure on the target counts when its record has no score (NegBioDB-style tiers). */
export const FAILURE_TIER_LIABILITY: Record<string, number> = { gold: 1, silver: 0.6, bronze: 0.3 };
/** Genes whose literature evidence reaches this score seed the network walk (the disease's known genes). */
export const SEED_MIN_SCORE = 0.6;
/**
 * The feature of the disease's own clinical record (an approved drug for the disease or a disease
 * below it acts on the gene): evidence in mode `all`, left out in mode `novel`. Precedence on related
 * diseases is named `related_clinical_precedence` and counts in both.
 */
export const OWN_PRECEDENCE_FEATURE = "clinical_precedence";
/**
 * In mode `all`, precedence on related diseases counts at this share of its score, so a target with an
 * approved drug for the disease itself stays above one with drugs for many relatives (noisy-or over
 * relatives approaches 1). Chosen on the development half of the known-target benchmark: mode-all
 * R-precision 0.860 at 1 (96% of diseases ≥ 0.6), 0.988 at 0.5 (all ≥ 0.6); mode `novel` is unchanged.
 */
export const RELATED_SHARE_IN_MODE_ALL = 0.5;

/**
 * Ranks every gene for one disease. Besides the stored features it derives:
 *  - lit `literature_prior`: the literature module's prior (targetPrior) over the extracted triples
 *    linking the gene with the disease; `literature_curated`: the best gold-corpus triple that does not
 *    refute the link (curated evidence; the component's harmonic sum then weighs it with the rest);
 *  - neg `failure_history`: one liability per negatome record on the gene's proteins (its score, or
 *    its confidence tier's weight);
 *  - omics `string_proximity`: closeness in the protein network to the disease's known genes (genes
 *    with literature evidence ≥ SEED_MIN_SCORE), by random walk with restart.
 * In mode `novel` the disease's own clinical precedence (OWN_PRECEDENCE_FEATURE) is left out; in mode
 * `all` it counts and related diseases' precedence counts at RELATED_SHARE_IN_MODE_ALL. In both modes
 * a gene with an approved drug for the disease is labelled with it and has novelty 0.
 */
export function rankDisease(input: DiseaseRankingInput, mode: TargetMode = "all"): DiseaseRanking {
  // Established means a clinical_precedence row: the reference names an adjunct's drug too, but the
  // corroboration rule (PRECEDENCE_CORROBORATION) left that pair without one.
  const drugNames = new Map(input.approvedForDisease ?? []);
  const approvedForDisease = new Map<string, string[]>();
  for (const f of input.features)
    if (f.feature_name === OWN_PRECEDENCE_FEATURE) approvedForDisease.set(f.gene, drugNames.get(f.gene) ?? []);
  const evidence: EvidenceItem[] = [
    ...(mode === "all"
      ? input.features.map((f) =>
          f.feature_name.startsWith("related_") ? { ...f, score: f.score * RELATED_SHARE_IN_MODE_ALL } : f,
        )
      : input.features.filter((f) => f.feature_name !== OWN_PRECEDENCE_FEATURE)),
    ...literatureEvidence(input.triples),
    ...failureEvidence(input.failures),
  ];
  const seeds = [
    ...new Set(evidence.filter((e) => e.component === "lit" && e.score >= SEED_MIN_SCORE).map((e) => e.gene)),
  ];
  if (input.edges.length && seeds.length) {
    for (const row of networkProximity(input.edges, seeds))
      evidence.push({
        gene: row.gene,
        component: "omics",
        source: "string",
        feature_name: row.feature_name,
        score: row.score,
      });
  }
  const sources = Object.fromEntries(TARGET_COMPONENTS.map((c) => [c, new Set<string>()])) as Record<
    TargetComponent,
    Set<string>
  >;
  for (const e of evidence) sources[e.component].add(e.source);
  return {
    mode,
    results: rankTargets({
      genes: input.genes,
      evidence,
      documentCounts: input.documentCounts ? new Map(input.documentCounts) : undefined,
      approvedForDisease,
    }),
    sources: Object.fromEntries(TARGET_COMPONENTS.map((c) => [c, [...sources[c]].sort()])) as Record<
      TargetComponent,
      string[]
    >,
  };
}

function literatureEvidence(triples: readonly GeneTriple[]): EvidenceItem[] {
  const extracted = new Map<string, GeneTriple[]>();
  const curated = new Map<string, number[]>();
  for (const t of triples) {
    if (t.curated) {
      if (t.polarity !== "negative") curated.set(t.gene, [...(curated.get(t.gene) ?? []), t.evidence_score]);
    } else extracted.set(t.gene, [...(extracted.get(t.gene) ?? []), t]);
  }
  const items: EvidenceItem[] = [];
  for (const [gene, list] of extracted) {
    const prior = targetPrior(
      list.map((t) => ({
        evidence_score: t.evidence_score,
        polarity: t.polarity as Polarity,
        relation: t.relation as RelationType,
      })),
    ).prior;
    items.push({ gene, component: "lit", source: "literature", feature_name: "literature_prior", score: prior });
  }
  for (const [gene, scores] of curated)
    items.push({
      gene,
      component: "lit",
      source: "literature",
      feature_name: "literature_curated",
      score: Math.max(...scores),
    });
  return items;
}

function failureEvidence(failures: readonly TargetFailure[]): EvidenceItem[] {
  return failures.map((f) => ({
    gene: f.gene,
    component: "neg",
    source: "negatome",
    feature_name: "failure_history",
    score: f.score ?? FAILURE_TIER_LIABILITY[f.confidence_tier] ?? FAILURE_TIER_LIABILITY.bronze!,
  }));
}
